import type { Database } from '../../ops/database/openDatabase.ts';
import type { BenchDatabase } from './openBenchDatabase.ts';

/** The bench schema's connections, seen as the service's database (closed by the bench, not the service). */
export function asServiceDatabase(bench: BenchDatabase): Database {
  return {
    kind: bench.label === 'postgres' ? 'postgres' : 'embedded',
    url: bench.displayUrl,
    displayUrl: bench.displayUrl,
    knex: bench.knex,
    notifications: bench.notifications,
    async close() {},
  };
}
