import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { DEFAULT_ASSETS, type PaymentConfig } from '../../api/payment/paymentConfig.ts';
import { DEMO_SEEDERS } from '../../app/readSide.ts';
import type { ComposeOptions } from '../../app/server/composeService.ts';
import { seedDemoData } from '../../app/server/seedDemoData.ts';
import { type FacilitatorStub, startFacilitatorStub } from '../api/payment/support/facilitatorStub.ts';
import { testLogger } from './database.ts';
import { type RunningService, startTestService } from './service.ts';

export interface PaidDemoService {
  t: RunningService;
  facilitator: FacilitatorStub;
  stop(): Promise<void>;
}

/**
 * The whole service as `npm start` composes it, on its demo data, with payment on: x402 against a local
 * facilitator stub (eip155:8453), API keys with `freeCallsPerMonth` free calls.
 */
export async function startPaidDemoService(
  opts: { freeCallsPerMonth?: number; compose?: Omit<ComposeOptions, 'payment'> } = {},
): Promise<PaidDemoService> {
  const facilitator = await startFacilitatorStub();
  const payment: PaymentConfig = {
    network: 'eip155:8453',
    payTo: privateKeyToAccount(generatePrivateKey()).address,
    facilitatorUrl: facilitator.url,
    accountUrl: 'https://registres.example/compte',
    assets: DEFAULT_ASSETS,
    maxTimeoutSeconds: 60,
    freeCallsPerMonth: opts.freeCallsPerMonth ?? 150,
  };
  const t = await startTestService({ ...opts.compose, payment });
  await seedDemoData(t.db, t.service.store, testLogger, DEMO_SEEDERS);
  await t.service.runner.caughtUp();
  return {
    t,
    facilitator,
    async stop() {
      await t.stop();
      await facilitator.close();
    },
  };
}
