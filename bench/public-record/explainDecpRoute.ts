import type { Knex } from 'knex';
import { MARCHES_BLOCK_LIMIT } from '../../api/routes/dossier/marchesPublicsBlock.ts';
import { MARCHES_LIMIT, MARCHES_SQL, marchesParams } from '../../api/routes/marchesPublics.ts';

/**
 * `explain (analyze, buffers)` of the `marches-publics` statement (the route's limit and the dossier block's)
 * for the heaviest holder and the heaviest buyer: as the route's first calls plan it (custom plan, the values
 * known) and as a prepared statement may after five calls (generic plan, forced). Prints each plan and a line
 * of its execution time and the shared buffers it touched: the figure a loaded machine does not stretch.
 */
export async function explainDecpRoute(opts: {
  knex: Knex;
  holder: string;
  buyer: string;
  out: (line: string) => void;
}): Promise<void> {
  let n = 0;
  const numbered = MARCHES_SQL.replace(/\?/g, () => `$${++n}`);
  for (const [who, siren] of [
    ['heaviest holder', opts.holder],
    ['heaviest buyer', opts.buyer],
  ] as const) {
    for (const limit of [MARCHES_LIMIT, MARCHES_BLOCK_LIMIT]) {
      for (const mode of ['custom', 'generic'] as const) {
        const lines = await opts.knex.transaction(async (trx) => {
          await trx.raw(`set local plan_cache_mode = force_${mode}_plan`);
          await trx.raw(`prepare bench_decp_route as ${numbered}`);
          try {
            const values = marchesParams(siren, limit)
              .map((v) => (typeof v === 'number' ? String(v) : `'${v.replace(/'/g, "''")}'`))
              .join(', ');
            const { rows } = await trx.raw<{ rows: Record<string, string>[] }>(
              `explain (analyze, buffers) execute bench_decp_route(${values})`,
            );
            return rows.map((r) => Object.values(r)[0]!);
          } finally {
            await trx.raw('deallocate bench_decp_route');
          }
        });
        const time = lines.find((l) => l.startsWith('Execution Time'))?.trim() ?? '';
        const top = lines.find((l) => /Buffers:/.test(l))?.trim() ?? '';
        opts.out(`explain ${who} ${siren}, limit ${limit}, ${mode} plan: ${time}; ${top}`);
        for (const l of lines) opts.out(`  ${l}`);
      }
    }
  }
}
