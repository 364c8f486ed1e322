import { parseArgs } from 'node:util';
import type { Knex } from 'knex';
import { runSnapshotPass } from '../ingest/core/snapshotPass.ts';
import { extensionSchema } from '../ops/database/extensions.ts';
import { createPostgresEventStore } from '../ops/eventstore/postgres/index.ts';
import { createProjectionRunner } from '../projections/core/projectionRunner.ts';
import { essentialName } from '../projections/fr-sirene-recherche/nameForms.ts';
import { rechercheProjection } from '../projections/fr-sirene-recherche/rechercheProjection.ts';
import { RECHERCHE_TABLE } from '../projections/fr-sirene-recherche/rechercheSchema.ts';
import { FR_SIRENE_REGISTER, frSireneStreamOf } from '../schemas/events/frSireneEvents.ts';
import type { BenchContext } from './core/benchContext.ts';
import { formatBytes, formatCount, formatSeconds } from './core/format.ts';
import { type BenchDatabase, type EmbeddedPlacement, openBenchDatabase } from './core/openBenchDatabase.ts';
import { parseCount } from './core/parseCount.ts';
import { printTable, type TableRow } from './core/printTable.ts';
import { processPeakRss } from './core/rssSampler.ts';
import { perSecond, timed } from './core/timing.ts';
import { migrateRechercheBench } from './recherche/rechercheMigrations.ts';
import { fillSearchIndexFromLog } from './sirene/fillSearchIndexFromLog.ts';
import { generateSearchCompanies } from './sirene/generateSearchCompanies.ts';
import { bareIlikeSearch, rawTrigramSearch } from './sirene/searchBaselines.ts';
import { type LatencyFigures, measureSearchLatency, searchWithKnex } from './sirene/searchLatency.ts';
import { searchQueries } from './sirene/searchQueries.ts';

export const description =
  'French company search p50/p95 over generated companies, vs bare ILIKE and raw trigram SQL';

const DEFAULT_ROWS = 1_000_000;
const DEFAULT_QUERIES = 200;
/** Target of the issue: p95 under 50 ms at 1 million companies. */
const TARGET_P95_MS = 50;

const USAGE = `registres bench recherche [options]

${description}.
Generates N companies (unit + head office) as Sirene events through a snapshot pass, projects them into the
search index, then times the queries one after another. DATABASE_URL's server, else an embedded database
(never ./data), in a schema of its own dropped at the end.

Options:
  --rows N          companies to generate (default ${formatCount(DEFAULT_ROWS)})
  --queries N       queries timed (default ${DEFAULT_QUERIES})
  --batch N         events per projection batch (default 2000)
  --embedded WHERE  without DATABASE_URL: memory (default) or disk
  --keep            keep the schema (PostgreSQL server) to time again later with --reuse
  --reuse SCHEMA    time again on a schema kept by an earlier run (skips generation and projection)
  --fill-from-log   with --reuse: fill the search tables from the log's records in bulk (diagnostic, see
                    bench/sirene/fillSearchIndexFromLog.ts) when the projection was not run to its end
`;

const ms = (v: number) => `${v.toFixed(1)} ms`;

export async function run(argv: string[], ctx: BenchContext): Promise<number> {
  const { values } = parseArgs({
    args: argv,
    options: {
      rows: { type: 'string' },
      queries: { type: 'string' },
      batch: { type: 'string' },
      embedded: { type: 'string' },
      keep: { type: 'boolean' },
      reuse: { type: 'string' },
      'fill-from-log': { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
    strict: true,
  });
  if (values.help) {
    for (const line of USAGE.trimEnd().split('\n')) ctx.out(line);
    return 0;
  }
  const rows = parseCount('rows', values.rows, DEFAULT_ROWS);
  const queryCount = parseCount('queries', values.queries, DEFAULT_QUERIES);
  const batchSize = parseCount('batch', values.batch, 2000);
  const embedded = (values.embedded ?? 'memory') as EmbeddedPlacement;
  if (embedded !== 'memory' && embedded !== 'disk') throw new Error('--embedded must be memory or disk');

  const db = await openBenchDatabase(ctx.config, ctx.logger, {
    embedded,
    alsoSearch: ['public'],
    keep: values.keep,
    reuseSchema: values.reuse,
  });
  ctx.out(
    `recherche bench: ${formatCount(rows)} companies, ${queryCount} queries, on ${db.label} ${db.displayUrl}`,
  );
  ctx.out(`  schema ${db.schema} (${values.keep ? 'kept' : 'dropped at the end'}); node ${process.version}`);
  try {
    const { knex } = db;
    await migrateRechercheBench(knex);
    if (!values.reuse) await generateAndProject(db, rows, batchSize, ctx);
    else if (values['fill-from-log']) {
      ctx.out('  fill: search tables from the log in bulk (diagnostic shortcut, not the projection) ...');
      const fill = await timed(() => fillSearchIndexFromLog(knex));
      ctx.out(`  fill: ${formatSeconds(fill.seconds)}`);
    }
    await knex.raw('analyze');
    const held = Number(
      (await knex.raw<{ rows: { n: string }[] }>(`select count(*) as n from ${RECHERCHE_TABLE}`)).rows[0]!.n,
    );
    if (held !== rows)
      throw new Error(`index holds ${held} companies, expected ${rows} (--rows must match --reuse)`);

    const queries = searchQueries(rows, queryCount);
    const texts = queries.map((q) => q.q);
    ctx.out('');
    await printWordIndexPlan(knex, queries, ctx);
    // The textbook trigram baseline needs its index, which the search itself no longer has.
    ctx.out('  baseline index: GIN trigram on nom_essentiel ...');
    const trgm = await extensionSchema(knex, 'pg_trgm');
    const trgmIndex = await timed(() =>
      knex.raw(
        `create index if not exists bench_recherche_nom_trgm on ${RECHERCHE_TABLE} using gin (nom_essentiel ${trgm}.gin_trgm_ops)`,
      ),
    );
    ctx.out(`  baseline index: ${formatSeconds(trgmIndex.seconds)}`);

    const measured: [string, LatencyFigures][] = [];
    for (const [name, fn] of [
      ['baseline: bare ILIKE', bareIlikeSearch(knex)],
      ['baseline: raw trigram SQL', rawTrigramSearch(knex)],
      ['ours: search stages (as the route)', searchWithKnex(knex)],
    ] as const) {
      ctx.out(`  timing ${name} ...`);
      measured.push([name, await measureSearchLatency(fn, texts)]);
    }
    const rowsOut: TableRow[] = measured.map(([name, f]) => ({
      variant: name,
      queries: f.queries,
      p50: ms(f.p50),
      p95: ms(f.p95),
      p99: ms(f.p99),
      max: ms(f.max),
      mean: ms(f.mean),
    }));
    printTable(`Search latency (${db.label}, ${formatCount(rows)} companies, one client)`, rowsOut, ctx.out);

    const ours = measured[measured.length - 1]![1];
    await printLatencyByKind(knex, queries, ctx);
    printTable(
      'Target',
      [
        {
          measure: 'p95',
          ours: ms(ours.p95),
          target: `< ${TARGET_P95_MS} ms`,
          verdict: ours.p95 < TARGET_P95_MS ? 'ok' : 'ABOVE TARGET',
          'at rows': formatCount(rows),
        },
      ],
      ctx.out,
    );
    ctx.out('');
    ctx.out(`peak RSS of the process: ${formatBytes(processPeakRss())}`);
    return 0;
  } finally {
    await db.close();
  }
}

/** The plan of the approximate stage's word match for a partial-name query: it must use the GIN index on mots. */
async function printWordIndexPlan(knex: Knex, queries: ReturnType<typeof searchQueries>, ctx: BenchContext) {
  ctx.out(
    'Plan of the word match of the approximate stage for a partial-name query (must use the GIN index on mots):',
  );
  const probe = queries.find((q) => q.kind === 'nom partiel') ?? queries[0]!;
  const { rows: planLines } = await knex.raw<{ rows: Record<string, string>[] }>(
    `explain select siren from ${RECHERCHE_TABLE}
      where mots && string_to_array(?, ' ')`,
    [essentialName(probe.q) ?? ''],
  );
  const plan = planLines.map((l) => Object.values(l)[0]!);
  for (const line of plan) ctx.out(`  ${line}`);
  const usesIndex = plan.some((l) => l.includes('fr_sirene_recherche_mots'));
  ctx.out(`  word index used: ${usesIndex ? 'yes' : 'NO'}  (query "${probe.q}")`);
}

/** Our search's latency by kind of query, in a second pass over the same queries. */
async function printLatencyByKind(knex: Knex, queries: ReturnType<typeof searchQueries>, ctx: BenchContext) {
  const byKind = new Map<string, number[]>();
  const search = searchWithKnex(knex);
  for (const q of queries) {
    const t = await timed(() => search(q.q));
    byKind.set(q.kind, [...(byKind.get(q.kind) ?? []), t.seconds * 1000]);
  }
  printTable(
    'Ours by kind of query (second pass, same queries)',
    [...byKind].map(([kind, times]) => {
      const sorted = [...times].sort((a, b) => a - b);
      return {
        kind,
        queries: times.length,
        p50: ms(sorted[Math.ceil(sorted.length / 2) - 1]!),
        p95: ms(sorted[Math.ceil(sorted.length * 0.95) - 1]!),
      };
    }),
    ctx.out,
  );
}

async function generateAndProject(db: BenchDatabase, rows: number, batchSize: number, ctx: BenchContext) {
  const { knex } = db;
  const store = createPostgresEventStore({ knex, notifications: db.notifications, logger: ctx.logger });

  ctx.out('  ingest: one Sirene snapshot pass of the generated units and head offices ...');
  const ingest = await timed(() =>
    runSnapshotPass({
      knex,
      store,
      logger: ctx.logger,
      register: FR_SIRENE_REGISTER,
      version: '2026-11-01',
      snapshotDate: '2026-11-01',
      fileSha256: '0'.repeat(64),
      rows: generateSearchCompanies(rows),
      streamOf: frSireneStreamOf,
      onProgress: (n) => {
        if (n % 200_000 === 0) ctx.out(`    ${formatCount(n)} rows`);
      },
    }),
  );
  ctx.out(
    `  ingest: ${formatSeconds(ingest.seconds)}, ${formatCount(perSecond(rows * 2, ingest.seconds))} events/s`,
  );

  ctx.out('  project: search index ...');
  const runner = createProjectionRunner({
    knex,
    eventStore: store,
    logger: ctx.logger,
    projections: [rechercheProjection],
    batchSize,
  });
  const projected = await timed(() => runner.catchUp());
  await runner.stop();
  const held = Number(
    (await knex.raw<{ rows: { n: string }[] }>(`select count(*) as n from ${RECHERCHE_TABLE}`)).rows[0]!.n,
  );
  ctx.out(
    `  project: ${formatSeconds(projected.seconds)}, ${formatCount(perSecond(rows * 2, projected.seconds))} events/s; index holds ${formatCount(held)} companies`,
  );
  if (held !== rows) throw new Error(`index holds ${held} companies, expected ${rows}`);
}
