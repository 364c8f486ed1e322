import type { Knex } from 'knex';
import type { ProvenanceEntry } from '../catalogue/route.ts';

/**
 * A count over a register's whole copy (`sql` selects `n` as text), read once per copy served: kept for the
 * version and SHA-256 the answer's provenance names, read again when a new pass is published. An answer
 * without that register's provenance reads it every time.
 */
export function countOncePerCopy(
  register: string,
  sql: string,
): (knex: Knex, provenance: readonly ProvenanceEntry[]) => Promise<number> {
  const counted = new Map<string, number>();
  return async (knex, provenance) => {
    const copy = provenance.find((p) => p.registre === register);
    const key = `${copy?.version ?? ''}|${copy?.empreinte_sha256 ?? ''}`;
    const known = counted.get(key);
    if (known !== undefined) return known;
    const { rows } = await knex.raw<{ rows: { n: string }[] }>(sql);
    const n = Number(rows[0]?.n ?? 0);
    if (copy) {
      counted.clear();
      counted.set(key, n);
    }
    return n;
  };
}
