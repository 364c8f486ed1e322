import { DEFAULT_ASSETS, type PaymentConfig } from '../../api/payment/paymentConfig.ts';

/**
 * Payment as the benchmarks of paid routes compose it: keys and x402 on, a facilitator that is never reached
 * (the benchmarks pay by key).
 */
export const BENCH_PAYMENT: PaymentConfig = {
  network: 'eip155:8453',
  payTo: '0x209693Bc6afc0C5328bA36FaF03C514EF312287C',
  facilitatorUrl: 'http://127.0.0.1:9/unused',
  accountUrl: 'https://registres.example/compte',
  assets: DEFAULT_ASSETS,
  maxTimeoutSeconds: 60,
  freeCallsPerMonth: 150,
};
