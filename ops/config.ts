import path from 'node:path';

/** Runtime configuration, read once from the environment. Secrets never leave this object in logs. */
export interface Config {
  port: number;
  host: string;
  databaseUrl: string | null;
  /**
   * `DATABASE_READ_URL`: a PostgreSQL streaming replica of `databaseUrl` that the routes read from; every write
   * stays on `databaseUrl`. Ignored (with a warning) on the embedded database.
   */
  databaseReadUrl: string | null;
  dataDir: string;
  signingKeyFile: string | null;
  logLevel: string;
  baseUrl: string;
  /** Where clients open an account and get keys: the service's own pages, default `{baseUrl}/compte`. */
  accountUrl: string;
  /** Requests a second per API key and per client address (averaged over 10 s); 0: no limit. */
  rateLimits: { perKey: number; perAddress: number };
  /** INSEE's API Sirene, the search's real-time fallback: off without an integration key. */
  sireneApi: { key: string | null; url: string; timeoutMs: number };
  /**
   * The live registers' addresses set in the environment, by variable: `LIVE_URL_CZ_ARES` sets `cz.ares`'s
   * (see liveUrlVariable). Unset: the register's real public address.
   */
  liveUrls: Record<string, string>;
  /**
   * The live registers' credentials set in the environment, by variable: `LIVE_CREDENTIALS_CH_ZEFIX` holds
   * `user:password` for `ch.zefix` (see liveCredentialsVariable). A register that needs some and has none is
   * not configured. Never logged, never recorded (they travel in headers, not in the observed URL).
   */
  liveCredentials: Record<string, string>;
  /** `LIVE_REPLAY=1`: the live registers answer from their recorded real answers (a local server), offline. */
  liveReplay: boolean;
  /**
   * `VIES_REQUESTER_VAT`: this server's own EU VAT number (`FR40303265045`). Set, VIES is asked with it as the
   * requester and returns its consultation number (`identifiant_consultation`); unset, the simple check.
   */
  viesRequesterVat: string | null;
  /**
   * `LIVE_DOCUMENT_MAX_BYTES`: the largest document a live register's download may be (a filed PDF); a larger
   * one is answered 503 (`trop_volumineux`), never truncated. Null: each register's own default (20 MB).
   */
  liveDocumentMaxBytes: number | null;
  /** The webhook notifier (`serve --role notifier`, docs/operations.md). */
  webhooks: {
    /**
     * `WEBHOOK_ADDRESSES=any`: webhooks may reach any address, loopback and private ones included (tests
     * only). Default `public`: only global unicast addresses, over https.
     */
    addresses: 'public' | 'any';
    /** `WEBHOOK_TIMEOUT_MS`: the longest one POST may take (default 10 s). */
    timeoutMs: number;
    /** `WEBHOOK_RETRY_INITIAL_MS`: the first wait after a failed attempt (default 30 s), growing exponentially. */
    retryInitialMs: number;
    /** `NOTIFIER_POLL_MS`: how often the notifier looks for new changes and due attempts (default 1 s). */
    pollMs: number;
  };
}

/** The environment variable that sets a live register's address: `cz.ares` → `LIVE_URL_CZ_ARES`. */
export const liveUrlVariable = (registerCode: string) =>
  `LIVE_URL_${registerCode.toUpperCase().replace(/[^A-Z0-9]/g, '_')}`;

/** The environment variable that holds a live register's credentials: `ch.zefix` → `LIVE_CREDENTIALS_CH_ZEFIX`. */
export const liveCredentialsVariable = (registerCode: string) =>
  `LIVE_CREDENTIALS_${registerCode.toUpperCase().replace(/[^A-Z0-9]/g, '_')}`;

/**
 * Where a client on this machine reaches a server listening on `host:port`: `localhost` when it listens on every
 * address (0.0.0.0, ::), else the address it is bound to (a bound address is the only one that answers).
 */
function localBaseUrl(host: string, port: number): string {
  const everywhere = ['', '0.0.0.0', '::', '[::]'].includes(host.trim());
  const name = everywhere ? 'localhost' : host.includes(':') && !host.startsWith('[') ? `[${host}]` : host;
  return `http://${name}:${port}`;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = Number.parseInt(env.PORT ?? '3000', 10);
  const host = env.HOST ?? '0.0.0.0';
  const baseUrl = (env.BASE_URL?.trim() || localBaseUrl(host, Number.isFinite(port) ? port : 3000)).replace(
    /\/+$/,
    '',
  );
  return {
    port: Number.isFinite(port) ? port : 3000,
    host,
    databaseUrl: env.DATABASE_URL?.trim() || null,
    databaseReadUrl: env.DATABASE_READ_URL?.trim() || null,
    dataDir: path.resolve(env.DATA_DIR ?? './data'),
    signingKeyFile: env.SIGNING_KEY_FILE?.trim() || null,
    logLevel: env.LOG_LEVEL ?? (env.NODE_ENV === 'test' ? 'silent' : 'info'),
    baseUrl,
    accountUrl: env.ACCOUNT_URL?.trim() || `${baseUrl}/compte`,
    rateLimits: {
      perKey: nonNegative(env.RATE_LIMIT_PER_KEY, 200),
      perAddress: nonNegative(env.RATE_LIMIT_PER_ADDRESS, 100),
    },
    liveUrls: Object.fromEntries(
      Object.entries(env)
        .filter(([name, value]) => name.startsWith('LIVE_URL_') && value?.trim())
        .map(([name, value]) => [name, value!.trim().replace(/\/+$/, '')]),
    ),
    liveCredentials: Object.fromEntries(
      Object.entries(env)
        .filter(([name, value]) => name.startsWith('LIVE_CREDENTIALS_') && value?.trim())
        .map(([name, value]) => [name, value!.trim()]),
    ),
    liveReplay: env.LIVE_REPLAY === '1',
    viesRequesterVat: env.VIES_REQUESTER_VAT?.trim() || null,
    liveDocumentMaxBytes: nonNegative(env.LIVE_DOCUMENT_MAX_BYTES, 0) || null,
    webhooks: {
      addresses: env.WEBHOOK_ADDRESSES?.trim() === 'any' ? 'any' : 'public',
      timeoutMs: nonNegative(env.WEBHOOK_TIMEOUT_MS, 10_000) || 10_000,
      retryInitialMs: nonNegative(env.WEBHOOK_RETRY_INITIAL_MS, 30_000) || 30_000,
      pollMs: nonNegative(env.NOTIFIER_POLL_MS, 1000) || 1000,
    },
    sireneApi: {
      key: env.INSEE_SIRENE_API_KEY?.trim() || null,
      url: env.INSEE_SIRENE_API_URL?.trim() || 'https://api.insee.fr/api-sirene/3.11',
      timeoutMs: nonNegative(env.INSEE_SIRENE_API_TIMEOUT_MS, 2000) || 2000,
    },
  };
}

function nonNegative(value: string | undefined, fallback: number): number {
  const n = Number(value ?? '');
  return value !== undefined && value.trim() !== '' && Number.isFinite(n) && n >= 0 ? n : fallback;
}
