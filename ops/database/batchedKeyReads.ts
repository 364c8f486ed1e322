import DataLoader from 'dataloader';
import type { Knex } from 'knex';
import { namedStatement } from './namedStatements.ts';

/** The largest number of keys one statement of a batched read holds. */
export const KEYS_PER_STATEMENT = 64;

/**
 * A read by key whose concurrent calls share one statement. The statement for `n` keys is `sql(places)`,
 * `places` being `?, ?, …` (put it in an `in (…)` list, as many times as the statement needs it: the keys
 * are bound once per occurrence); `n` is rounded up to the next power of two and the last key repeated, so
 * a connection prepares at most seven texts (1, 2, 4 … 64 keys), each planned once (namedStatements.ts).
 * `group` hands each asked key its value from the rows (undefined: nothing for that key).
 */
export interface BatchedKeyReadSpec<Row, Value> {
  /** The named statements' prefix: `<name>_<arity>`. */
  name: string;
  sql: (places: string) => string;
  group: (rows: readonly Row[]) => Map<string, Value>;
}

export interface BatchedKeyRead<Value> {
  /** One key's value, read with the other keys asked for during the same round of the event loop. */
  load(knex: Knex, key: string): Promise<Value | undefined>;
  /** The values of `keys` (at most KEYS_PER_STATEMENT) in one statement, now. */
  readMany(knex: Knex, keys: readonly string[]): Promise<Map<string, Value>>;
}

/**
 * Builds a batched read. Keys asked for while the event loop handles one round of sockets are read together
 * once that round is over (`setImmediate`): at ten connections several requests reach their handler in the
 * same round, and one statement for all of them saves each its own round trip, its query building and its
 * wake-up of a server process (bench sirene, bench/HISTORY.md). Nothing is cached: every call reads the
 * tables after it was made. A failed statement rejects every call it held.
 */
export function batchedKeyRead<Row, Value>(spec: BatchedKeyReadSpec<Row, Value>): BatchedKeyRead<Value> {
  const statements = new Map<number, { name: string; sql: string; occurrences: number }>();
  for (let arity = 1; arity <= KEYS_PER_STATEMENT; arity *= 2) {
    const sql = spec.sql(new Array(arity).fill('?').join(', '));
    const occurrences = (sql.match(/\?/g)?.length ?? 0) / arity;
    if (!Number.isInteger(occurrences) || occurrences < 1)
      throw new Error(`${spec.name}: the statement must bind the keys' places, and nothing else`);
    statements.set(arity, { name: `${spec.name}_${arity}`, sql, occurrences });
  }

  const readMany = async (knex: Knex, keys: readonly string[]): Promise<Map<string, Value>> => {
    if (keys.length === 0) return new Map();
    if (keys.length > KEYS_PER_STATEMENT)
      throw new RangeError(
        `${spec.name}: at most ${KEYS_PER_STATEMENT} keys per statement, not ${keys.length}`,
      );
    let arity = 1;
    while (arity < keys.length) arity *= 2;
    const { name, sql, occurrences } = statements.get(arity)!;
    const places = Array.from({ length: arity }, (_, i) => keys[Math.min(i, keys.length - 1)]!);
    const bindings: string[] = [];
    for (let i = 0; i < occurrences; i++) bindings.push(...places);
    const { rows } = await namedStatement<{ rows: Row[] }>(knex, name, sql, bindings);
    return spec.group(rows);
  };

  const loaders = new WeakMap<Knex, DataLoader<string, Value | undefined>>();
  const loaderOf = (knex: Knex) => {
    let loader = loaders.get(knex);
    if (!loader) {
      loader = new DataLoader(
        async (keys: readonly string[]) => {
          const found = await readMany(knex, keys);
          return keys.map((key) => found.get(key));
        },
        {
          cache: false,
          batchScheduleFn: (dispatch) => setImmediate(dispatch),
          maxBatchSize: KEYS_PER_STATEMENT,
        },
      );
      loaders.set(knex, loader);
    }
    return loader;
  };

  return { load: (knex, key) => loaderOf(knex).load(key), readMany };
}

/** A `group` for reads that give each key a list: the rows in their order, by `keyOf`. */
export function rowsByKey<Row>(keyOf: (row: Row) => string): (rows: readonly Row[]) => Map<string, Row[]> {
  return (rows) => {
    const byKey = new Map<string, Row[]>();
    for (const row of rows) {
      const key = keyOf(row);
      const list = byKey.get(key);
      if (list) list.push(row);
      else byKey.set(key, [row]);
    }
    return byKey;
  };
}
