import { parseArgs } from 'node:util';
import type { Knex } from 'knex';
import { countSql, pageSql, whereOf } from '../api/lister/buildListQuery.ts';
import { parseCriteria } from '../api/lister/parseCriteria.ts';
import { parseSort } from '../api/lister/parseSort.ts';
import { runListQuery } from '../api/lister/runListQuery.ts';
import { PAGE_SIZE, STATEMENT_BUDGET_MS } from '../api/routes/lister.ts';
import { type BudgetedPool, createBudgetedPools } from '../ops/database/budgetedPools.ts';
import { runMigrations } from '../ops/database/migrations.ts';
import { listeMigrations } from '../projections/fr-entreprises-liste/listeSchema.ts';
import type { BenchContext } from './core/benchContext.ts';
import { formatCount, formatRatio, formatSeconds } from './core/format.ts';
import { type EmbeddedPlacement, openBenchDatabase } from './core/openBenchDatabase.ts';
import { parseCount } from './core/parseCount.ts';
import { percentile } from './core/percentile.ts';
import { printTable, type TableRow } from './core/printTable.ts';
import { timed } from './core/timing.ts';
import { CRITERIA_SETS, type CriteriaSet } from './lister/criteriaSets.ts';
import { loadCompanies } from './lister/loadCompanies.ts';

export const description =
  'companies list: count and first page for 10 typical criteria sets vs the same hand-written SQL';

const TARGET_P95_MS = 300;
const TARGET_RATIO = 1.5;

const HELP = `usage: registres bench lister [--rows N] [--runs N] [--batch N] [--explain] [--embedded memory|disk]
                              [--keep] [--reuse SCHEMA]
  --rows N      synthetic companies loaded through the projection's write functions (default 1,000,000)
  --runs N      timed runs per criteria set and variant, after 2 warm-up runs (default 30)
  --batch N     companies per load transaction (default 5000)
  --explain     print the plans of the generated count and page queries
  --keep        leave the bench schema (and its companies) in place at the end
  --reuse S     time again on the companies of a schema kept by --keep (no load)
Targets: p95 under ${TARGET_P95_MS} ms for the count and for the first page, within ${TARGET_RATIO}x of the hand-written SQL.`;

export async function run(argv: string[], ctx: BenchContext): Promise<number> {
  const { values } = parseArgs({
    args: argv,
    options: {
      rows: { type: 'string' },
      runs: { type: 'string' },
      batch: { type: 'string' },
      explain: { type: 'boolean' },
      embedded: { type: 'string' },
      keep: { type: 'boolean' },
      reuse: { type: 'string' },
      help: { type: 'boolean' },
    },
  });
  if (values.help) {
    ctx.out(HELP);
    return 0;
  }
  const rows = parseCount('rows', values.rows, 1_000_000);
  const runs = parseCount('runs', values.runs, 30);
  const batch = parseCount('batch', values.batch, 5000);
  const embedded = (values.embedded ?? 'memory') as EmbeddedPlacement;
  const db = await openBenchDatabase(ctx.config, ctx.logger, {
    embedded,
    poolMax: 2,
    keep: values.keep,
    reuseSchema: values.reuse,
  });
  try {
    ctx.out(
      `database: ${db.label} (${db.displayUrl}), schema ${db.schema} (${values.keep ? 'kept' : 'dropped at the end'})`,
    );
    // On a reused schema this applies only the migrations added since it was loaded (e.g. a new index).
    await runMigrations(db.knex, listeMigrations);
    if (!values.reuse) {
      let lastPrint = Date.now();
      const load = await timed(() =>
        loadCompanies(db.knex, {
          rows,
          batch,
          snapshotDate: '2026-11-01',
          onBatch: (done) => {
            if (Date.now() - lastPrint > 10_000) {
              lastPrint = Date.now();
              ctx.out(`  loaded ${formatCount(done)} companies`);
            }
          },
        }),
      );
      ctx.out(
        `loaded ${formatCount(rows)} companies in ${formatSeconds(load.seconds)} through the projection's write functions`,
      );
    }
    // What autovacuum would have done by then: statistics, and the visibility map index-only scans need.
    await db.knex.raw('vacuum analyze');
    const served = await db.knex.raw<{ rows: { n: string }[] }>(
      'select count(*) as n from entreprises_liste',
    );
    ctx.out(`${formatCount(Number(served.rows[0]!.n))} companies listed`);

    const table: TableRow[] = [];
    // Ours reads on the routes' own kind of pool (sessions opened with the statement budget, serial), of the
    // same size as the pool the hand-written SQL runs on.
    const budgeted = createBudgetedPools(db.knex, { poolMax: 2 });
    try {
      for (const set of CRITERIA_SETS) {
        if (values.explain) await explain(db.knex, set, ctx.out);
        table.push(await measure(db.knex, budgeted.get(STATEMENT_BUDGET_MS), set, runs));
      }
    } finally {
      await budgeted.close();
    }
    printTable(
      `lister: p50 / p95 in ms over ${runs} runs, ${formatCount(rows)} companies, ${db.label}`,
      table,
      ctx.out,
    );
    ctx.out('');
    ctx.out(
      'count = the compter route’s database work (parse, one bound count on the routes’ pool: sessions with the budget, serial);',
    );
    ctx.out(
      'page = the lister route’s (SIREN order: count then page in one REPEATABLE READ transaction; other sorts: one statement);',
    );
    ctx.out('hand = the hand-written SQL of bench/lister/criteriaSets.ts run directly, no transaction.');
    ctx.out(`targets: p95 < ${TARGET_P95_MS} ms; ratio of p95 (ours / hand) <= ${TARGET_RATIO}x.`);
    return 0;
  } finally {
    await db.close();
  }
}

async function measure(knex: Knex, pool: BudgetedPool, set: CriteriaSet, runs: number): Promise<TableRow> {
  const ours = (withPage: boolean) => async () => {
    const criteria = parseCriteria(JSON.stringify(set.criteres));
    const sort = parseSort(set.tri);
    return runListQuery(pool, { criteria, sort, page: 1, pageSize: PAGE_SIZE, withPage });
  };
  const handCountSql = `select count(*) as n from entreprises_liste where ${set.handWhere}`;
  const handPageSql = `select * from entreprises_liste where ${set.handWhere} ${set.handOrder} limit 100`;
  const handCount = async () => knex.raw(handCountSql);
  const handPage = async () => {
    await knex.raw(handCountSql);
    return knex.raw(handPageSql);
  };
  const variants = { count: ours(false), page: ours(true), handCount, handPage };
  const samples: Record<keyof typeof variants, number[]> = {
    count: [],
    page: [],
    handCount: [],
    handPage: [],
  };
  let matched = 0;
  for (let i = 0; i < runs + 2; i++) {
    // Interleaved, so caches and background work weigh on every variant alike.
    for (const [name, fn] of Object.entries(variants) as [keyof typeof variants, () => Promise<unknown>][]) {
      const { seconds, result } = await timed(fn);
      if (name === 'count') matched = (result as { count: number }).count;
      if (i >= 2) samples[name].push(seconds * 1000);
    }
  }
  const pp = (s: number[]) => `${percentile(s, 50).toFixed(1)} / ${percentile(s, 95).toFixed(1)}`;
  const ratio = (a: number[], b: number[]) => formatRatio(percentile(a, 95) / percentile(b, 95));
  return {
    'criteria set': set.name,
    matched: formatCount(matched),
    'count ours': pp(samples.count),
    'count hand': pp(samples.handCount),
    'count ratio': ratio(samples.count, samples.handCount),
    'page ours': pp(samples.page),
    'page hand': pp(samples.handPage),
    'page ratio': ratio(samples.page, samples.handPage),
  };
}

async function explain(knex: Knex, set: CriteriaSet, out: (line: string) => void): Promise<void> {
  const where = whereOf(parseCriteria(JSON.stringify(set.criteres)));
  const counted = countSql(where, { withTableRows: true });
  const { rows: n } = await knex.raw<{ rows: { n: string; table_rows: number }[] }>(
    counted.sql,
    counted.bindings,
  );
  const matched = { matches: Number(n[0]!.n), tableRows: Number(n[0]!.table_rows) };
  for (const q of [counted, pageSql(where, parseSort(set.tri), PAGE_SIZE, 0, matched)]) {
    const { rows } = await knex.raw<{ rows: { 'QUERY PLAN': string }[] }>(`explain ${q.sql}`, q.bindings);
    out(`\n-- ${set.name}\n${rows.map((r) => r['QUERY PLAN']).join('\n')}`);
  }
}
