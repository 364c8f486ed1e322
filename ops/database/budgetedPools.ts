import knexFactory, { type Knex } from 'knex';

/**
 * A pool on the same database as the application's, whose every session carries a statement budget
 * (`statement_timeout`) and runs without parallel workers. Set once when a connection opens, so a request
 * that must end within the budget pays no round trip for it, and nothing else (projections, ingest, other
 * routes) shares those sessions.
 */
export interface BudgetedPool {
  readonly knex: Knex;
  readonly timeoutMs: number;
}

export interface BudgetedPools {
  /** The pool for this budget, opened on first use. */
  get(timeoutMs: number): BudgetedPool;
  close(): Promise<void>;
}

/** Connections per budgeted pool by default: list queries are few and long beside the rest of the traffic. */
const POOL_MAX = 4;

type Conn = { query(sql: string, cb: (err: Error | null) => void): void };
type AfterCreate = (conn: Conn, done: (err: Error | null, conn: Conn) => void) => void;

/**
 * Serial sessions: on the list bench (bench lister, bench/HISTORY.md), a serial count of every active
 * company was faster than with parallel workers (their start-up dominates), and a page walking the key in
 * parallel waited for its workers; requests run side by side, one request does not take several cores.
 */
export function sessionSettingsSql(timeoutMs: number): string {
  const budget = Math.max(1, Math.trunc(timeoutMs));
  return `set statement_timeout = ${budget}; set max_parallel_workers_per_gather = 0`;
}

export function createBudgetedPools(base: Knex, opts: { poolMax?: number } = {}): BudgetedPools {
  const pools = new Map<number, BudgetedPool>();
  const config = base.client.config as Knex.Config & { pool?: { afterCreate?: AfterCreate } };
  const inherited = config.pool?.afterCreate;
  return {
    get(timeoutMs) {
      const existing = pools.get(timeoutMs);
      if (existing) return existing;
      const settings = sessionSettingsSql(timeoutMs);
      const afterCreate: AfterCreate = (conn, done) => {
        const apply = () => conn.query(settings, (err) => done(err, conn));
        if (!inherited) return apply();
        inherited(conn, (err) => (err ? done(err, conn) : apply()));
      };
      const pool: BudgetedPool = {
        knex: knexFactory({
          ...config,
          pool: { ...config.pool, min: 0, max: opts.poolMax ?? POOL_MAX, afterCreate },
        }),
        timeoutMs,
      };
      pools.set(timeoutMs, pool);
      return pool;
    },
    async close() {
      const all = [...pools.values()];
      pools.clear();
      await Promise.all(all.map((p) => p.knex.destroy()));
    },
  };
}
