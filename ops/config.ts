import path from 'node:path';

/** Runtime configuration, read once from the environment. Secrets never leave this object in logs. */
export interface Config {
  port: number;
  host: string;
  databaseUrl: string | null;
  dataDir: string;
  signingKeyFile: string | null;
  logLevel: string;
  baseUrl: string;
  accountUrl: string;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = Number.parseInt(env.PORT ?? '3000', 10);
  const host = env.HOST ?? '0.0.0.0';
  return {
    port: Number.isFinite(port) ? port : 3000,
    host,
    databaseUrl: env.DATABASE_URL?.trim() || null,
    dataDir: path.resolve(env.DATA_DIR ?? './data'),
    signingKeyFile: env.SIGNING_KEY_FILE?.trim() || null,
    logLevel: env.LOG_LEVEL ?? (env.NODE_ENV === 'test' ? 'silent' : 'info'),
    baseUrl: env.BASE_URL ?? `http://localhost:${Number.isFinite(port) ? port : 3000}`,
    accountUrl: env.ACCOUNT_URL ?? 'https://registres.example/compte',
  };
}
