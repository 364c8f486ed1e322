import { type Logger, pino } from 'pino';

/** Structured logger. Keys, payment signatures and database passwords are redacted wherever they appear. */
export function createLogger(level: string): Logger {
  return pino({
    level,
    base: { service: 'registres-api' },
    timestamp: pino.stdTimeFunctions.isoTime,
    redact: {
      paths: [
        'req.headers["x-api-key"]',
        'req.headers.authorization',
        'req.headers["payment-signature"]',
        'req.headers["x-payment"]',
        'databaseUrl',
        'apiKey',
        'privateKey',
      ],
      censor: '[masqué]',
    },
  });
}

export type { Logger };
