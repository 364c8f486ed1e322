import { type DestinationStream, type Logger, pino } from 'pino';
import pretty from 'pino-pretty';
import { terminalStdout } from './terminalOutput.ts';

/**
 * Structured logger. Keys, payment signatures and database passwords are redacted wherever they appear.
 * JSON lines, one per event; on a terminal (stdout a TTY) the same events made readable by pino-pretty, in
 * process, written through terminalStdout (a progress bar drawn meanwhile prints them above itself). `LOG_FORMAT=json` or `pretty` forces one or the other.
 */
export function createLogger(level: string, env: NodeJS.ProcessEnv = process.env): Logger {
  const tty = process.stdout.isTTY === true;
  const format = env.LOG_FORMAT ?? (tty ? 'pretty' : 'json');
  // On a terminal, lines go through terminalStdout, so that a progress bar drawn meanwhile never cuts them.
  const destination: DestinationStream | undefined =
    format === 'pretty'
      ? pretty({
          colorize: tty,
          sync: true,
          translateTime: 'SYS:HH:MM:ss',
          ...(tty ? { destination: terminalStdout } : {}),
        })
      : tty
        ? terminalStdout
        : undefined;
  const options = {
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
  };
  return destination ? pino(options, destination) : pino(options);
}

export type { Logger };
