import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import { ETABLISSEMENT_LAYOUT, UNITE_LEGALE_LAYOUT } from '../ingest/fr-sirene/frSireneColumns.ts';
import { ETABLISSEMENTS_TABLE } from '../projections/fr-sirene-etablissements/etablissementsProjection.ts';
import { UNITES_LEGALES_TABLE } from '../projections/fr-sirene-unites-legales/unitesLegalesProjection.ts';
import type { BenchContext } from './core/benchContext.ts';
import { printSelfTimeTable } from './core/cpuProfile.ts';
import { formatBytes, formatCount, formatSeconds } from './core/format.ts';
import { type BenchDatabase, type EmbeddedPlacement, openBenchDatabase } from './core/openBenchDatabase.ts';
import { parseCount } from './core/parseCount.ts';
import { postgresCpuSeconds, processCpuSeconds } from './core/processCpu.ts';
import { processPeakRss } from './core/rssSampler.ts';
import { now, perSecond, secondsSince, timed } from './core/timing.ts';
import { startSireneService } from './sirene/benchService.ts';
import { copyIntoBareTable } from './sirene/copyBaseline.ts';
import { type EventsFloor, measureEventsFloor } from './sirene/eventsFloor.ts';
import { type GeneratedSireneFiles, generateSireneFiles } from './sirene/generateSireneFiles.ts';
import { printExtrapolation, printIngestTable, printProgressTable } from './sirene/ingestTables.ts';
import { readPlannerStatistics } from './sirene/plannerStatistics.ts';
import { benchProfileRoute } from './sirene/profileRouteBench.ts';
import { measureReadAndHashFloor } from './sirene/readAndHashFloor.ts';
import { countRows, readRelationSizes, sizeGrowth } from './sirene/relationSizes.ts';
import { printRepassTable } from './sirene/repassTable.ts';
import { SIRENE_READ_MODELS } from './sirene/sireneReadModels.ts';
import { printDiskTable, printPlannerStatistics, type WrittenTable } from './sirene/storageTables.ts';
import { runTimedSirenePass, type TimedPass } from './sirene/timedSirenePass.ts';

export const description =
  'Sirene: ingest end to end (file → events → every Sirene read model) vs its floor, an unchanged re-pass, GET /v1/entreprise/{siren} vs the signed floor';

/** An idle session's table counters reach pg_stat_user_tables within 10 s (PostgreSQL 15): wait that long. */
const STATISTICS_FLUSH_MS = 11_000;

const USAGE = `registres bench sirene [options]

${description}.
Generates Sirene-format files (valid Luhn SIRENs, 35 and 54 columns) in a temporary directory, then:
  1. COPY of the two files into bare text tables (psql \\copy, a diagnostic baseline);
  2. the Sirene ingester and every Sirene read model (units, establishments, search index, companies list),
     from the files to the read tables, sampling the log and each read model every 200 ms (rates of the first
     and last tenth; how far each was when units and establishments were done), with each table's growth
     on disk; then, as the floor, COPY of one event per row in its
     leanest form and of the files into keyed tables; the full stock (74 million rows) extrapolated;
  3. the same files again as the next month's version (every row unchanged), against reading and hashing
     them the way the ingester does, without a database; the planner statistics of the loaded tables;
  4. autocannon on GET /v1/entreprise/{siren} of the composed service (API key, signed, served log)
     against the signed floor (a bare Koa route running the same SELECT, plus only the Content-Digest and
     Ed25519 signature); the bare route and the unpaid route as diagnostics.
Writes to DATABASE_URL's server, else a fresh embedded database, in a schema dropped at the end.

Options:
  --rows N           rows of the two files together (default 1,000,000; about 43% units, 57% establishments)
  --seconds N        duration of each load test (default 10)
  --rounds N         load tests of the bare route, the floor and the paid route, interleaved (default 3);
                     the ratio to the floor is the median of the rounds' ratios
  --connections N    autocannon connections (default 10)
  --batch-size N     ingester batch (default 2000, the ingester's own default)
  --embedded WHERE   without DATABASE_URL: memory (default) or disk
  --one-event-per-row
                     the first pass in the per-row mode of before block events (to compare)
  --skip-repass      no unchanged re-pass
  --skip-http        no load test of the route
  --read-models-after
                     hold every read model while the first pass's ingest runs, then start them: the
                     ingest alone against the floor (the least the window could take if projecting
                     cost nothing), then the read models' catch-up on their own
  --load-in-loop     run autocannon on the service's own event loop (before 2026-11-24) instead of in
                     a worker thread
  --cpu-profile DIR  write CPU profiles into DIR and print their functions' self time: the ingest
                     process and the projecting thread over each pass (µs per file row), the services'
                     thread over each timed load test (µs per answer)
`;

/** What the command line asks (`--help` aside). */
interface SireneBenchOptions {
  rows: number;
  seconds: number;
  rounds: number;
  connections: number;
  batchSize: number;
  oneEventPerRow: boolean;
  embedded: EmbeddedPlacement;
  skipRepass: boolean;
  skipHttp: boolean;
  loadInLoop: boolean;
  cpuProfile: string | null;
  readModelsAfter: boolean;
}

function parseSireneArgs(argv: string[]): SireneBenchOptions | 'help' {
  const { values } = parseArgs({
    args: argv,
    options: {
      rows: { type: 'string' },
      seconds: { type: 'string' },
      rounds: { type: 'string' },
      connections: { type: 'string' },
      'batch-size': { type: 'string' },
      'one-event-per-row': { type: 'boolean' },
      embedded: { type: 'string' },
      'skip-repass': { type: 'boolean' },
      'skip-http': { type: 'boolean' },
      'load-in-loop': { type: 'boolean' },
      'cpu-profile': { type: 'string' },
      'read-models-after': { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
    strict: true,
  });
  if (values.help) return 'help';
  return {
    rows: parseCount('rows', values.rows, 1_000_000),
    seconds: parseCount('seconds', values.seconds, 10),
    rounds: parseCount('rounds', values.rounds, 3),
    connections: parseCount('connections', values.connections, 10),
    batchSize: parseCount('batch-size', values['batch-size'], 2000),
    oneEventPerRow: values['one-event-per-row'] ?? false,
    embedded: (values.embedded ?? 'memory') as EmbeddedPlacement,
    skipRepass: values['skip-repass'] ?? false,
    skipHttp: values['skip-http'] ?? false,
    loadInLoop: values['load-in-loop'] ?? false,
    cpuProfile: values['cpu-profile'] ?? null,
    readModelsAfter: values['read-models-after'] ?? false,
  };
}

/** One run of the benchmark: its options, database, files and service, and the tables the passes write. */
interface SireneBench {
  options: SireneBenchOptions;
  ctx: BenchContext;
  db: BenchDatabase;
  dir: string;
  files: GeneratedSireneFiles;
  running: Awaited<ReturnType<typeof startSireneService>>;
  written: WrittenTable[];
  tables: string[];
  /** Rows of each table written, kept up to date by the passes (the planner statistics are read against it). */
  counted: Map<string, number>;
}

export async function run(argv: string[], ctx: BenchContext): Promise<number> {
  const options = parseSireneArgs(argv);
  if (options === 'help') {
    for (const line of USAGE.trimEnd().split('\n')) ctx.out(line);
    return 0;
  }
  const { rows } = options;
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'registres-bench-sirene-files-'));
  const db = await openBenchDatabase(ctx.config, ctx.logger, { embedded: options.embedded, poolMax: 10 });
  try {
    ctx.out(`database: ${db.label} (${db.displayUrl}), schema ${db.schema}`);
    const gen = await timed(() => generateSireneFiles({ dir, rows }));
    const files = gen.result;
    const bytes = (await fs.stat(files.unitesLegales)).size + (await fs.stat(files.etablissements)).size;
    ctx.out(
      `generated ${formatCount(files.units)} units + ${formatCount(files.establishments)} establishments (${formatBytes(bytes)}) in ${formatSeconds(gen.seconds)}`,
    );

    // 1. Diagnostic baseline: COPY of the same files into bare tables (psql cannot reach the embedded socket).
    const copy = db.label === 'postgres' ? await copyBaseline(db, files, rows, ctx) : null;
    if (!copy)
      ctx.out(
        'COPY baseline and floors: PostgreSQL server only (DATABASE_URL); skipped on the embedded database',
      );

    // 2. Ours: files → events → every Sirene read model, the projections running as they do under `serve`.
    const running = await startSireneService(db, ctx.config, ctx.logger);
    try {
      const written: WrittenTable[] = [
        { table: 'events', writer: 'the log' },
        { table: 'ingest_digests', writer: 'the ingest' },
        ...SIRENE_READ_MODELS.flatMap((p) => p.tables.map((table) => ({ table, writer: p.name }))),
      ];
      const tables = written.map((t) => t.table);
      const bench: SireneBench = {
        options,
        ctx,
        db,
        dir,
        files,
        running,
        written,
        tables,
        counted: new Map(),
      };
      // A month apart, as INSEE publishes the stock; both within the route's freshness threshold.
      const today = new Date().toISOString().slice(0, 10);
      let lastWrite = await firstPass(bench, monthBefore(today), copy);
      // 3. The same files as next month's stock: every row unchanged.
      if (!options.skipRepass) lastWrite = await unchangedRepass(bench, today);
      await printStatistics(bench, lastWrite);
      // 4. The profile route, paid by key and signed, against the signed floor.
      if (!options.skipHttp) {
        await benchProfileRoute({
          db,
          config: ctx.config,
          logger: ctx.logger,
          running,
          sirens: files.sampleSirens,
          connections: options.connections,
          seconds: options.seconds,
          rounds: options.rounds,
          loadInLoop: options.loadInLoop,
          cpuProfileDir: options.cpuProfile,
          out: ctx.out,
        });
      }
    } finally {
      await running.close();
    }
  } finally {
    await db.close();
    await fs.rm(dir, { recursive: true, force: true });
  }
  ctx.out('');
  ctx.out(`peak RSS of the process: ${formatBytes(processPeakRss())}`);
  return 0;
}

/** A timed pass of the files as `version`, its CPU profile (if asked) named `name`. */
function timedPass(
  bench: SireneBench,
  version: string,
  name: string,
  sample: boolean,
  readModelsAfter?: boolean,
) {
  const { options } = bench;
  return runTimedSirenePass({
    db: bench.db,
    service: bench.running.service,
    logger: bench.ctx.logger,
    files: bench.files,
    version,
    batchSize: options.batchSize,
    oneEventPerRow: options.oneEventPerRow,
    sample,
    cpuProfile: options.cpuProfile ? { dir: options.cpuProfile, name } : null,
    ...(readModelsAfter === undefined ? {} : { readModelsAfter }),
  });
}

/**
 * The first pass, files to every read model, against the floor (on a server): its tables of speed, progress,
 * disk and the full stock extrapolated. Returns when it last wrote (the statistics wait for their flush).
 */
async function firstPass(bench: SireneBench, version: string, copy: { seconds: number } | null) {
  const { options, ctx, db, files, tables, counted } = bench;
  const { rows, batchSize } = options;
  ctx.out(
    `ingest end to end (events, then each of ${SIRENE_READ_MODELS.map((p) => p.name).join(', ')} caught up) ...`,
  );
  const sizesBefore = await readRelationSizes(db.knex, tables);
  const pass = await timedPass(bench, version, 'pass', true, options.readModelsAfter);
  const lastWrite = now();
  if (pass.output.trim()) ctx.out(pass.output.trim().replace(/^/gm, '  | '));
  for (const [table, n] of await countRows(
    db.knex,
    tables.filter((t) => t !== 'events'),
  ))
    counted.set(table, n);
  counted.set('events', Number(pass.completedAt - pass.startedAt + 1n));
  const units = counted.get(UNITES_LEGALES_TABLE);
  const establishments = counted.get(ETABLISSEMENTS_TABLE);
  if (units !== files.units || establishments !== files.establishments)
    throw new Error(`read tables hold ${units} units and ${establishments} establishments`);
  const growth = sizeGrowth(sizesBefore, await readRelationSizes(db.knex, tables));
  ctx.out(
    `  events written in ${formatSeconds(pass.eventsSeconds)}, every read model caught up at ${formatSeconds(pass.seconds)}`,
  );
  const floor = copy ? await eventsFloor(bench) : null;
  printIngestTable({
    label: db.label,
    rows,
    copySeconds: copy?.seconds ?? null,
    floor,
    pass,
    out: ctx.out,
  });
  printPassProfiles('first pass', pass, rows, ctx.out);
  printProgressTable({
    rows,
    batchSize,
    pass,
    files: [
      { label: 'units', rows: files.units, bytes: (await fs.stat(files.unitesLegales)).size },
      {
        label: 'establishments',
        rows: files.establishments,
        bytes: (await fs.stat(files.etablissements)).size,
      },
    ],
    out: ctx.out,
  });
  const diskBytes = printDiskTable({ rows, tables: bench.written, growth, tableRows: counted, out: ctx.out });
  printExtrapolation({ rows, pass, diskBytes, out: ctx.out });
  return lastWrite;
}

/** The least this design's ingest can cost on the same server (see eventsFloor.ts), and the CPU it took. */
async function eventsFloor(bench: SireneBench): Promise<EventsFloor> {
  const { ctx, db, dir, files } = bench;
  const blocks = !bench.options.oneEventPerRow;
  ctx.out(
    blocks
      ? 'floor: COPY of block events of 2,000 published lines (issue 50) and of keyed read tables ...'
      : 'floor: COPY of one event per row (the published line) and of keyed read tables ...',
  );
  const cpuBefore = await machineCpuOfDatabaseWork();
  const floor = await measureEventsFloor({
    knex: db.knex,
    url: db.url,
    schema: db.schema,
    dir,
    files,
    unitColumns: UNITE_LEGALE_LAYOUT.known,
    establishmentColumns: ETABLISSEMENT_LAYOUT.known,
    blocks,
  });
  const cpuAfter = await machineCpuOfDatabaseWork();
  if (cpuBefore !== null && cpuAfter !== null) floor.cpuSeconds = cpuAfter - cpuBefore;
  return floor;
}

/** The same files as the next month's version, every row unchanged, against reading and hashing them. */
async function unchangedRepass(bench: SireneBench, version: string) {
  const { options, ctx, db, files, tables, counted } = bench;
  const { rows } = options;
  ctx.out('');
  ctx.out('floor: reading and hashing the two files as the ingester does (no database) ...');
  const hashFloor = await measureReadAndHashFloor(files);
  if (hashFloor.rows !== rows) throw new Error(`read ${hashFloor.rows} rows, expected ${rows}`);
  ctx.out(`unchanged re-pass of the same files as version ${version} ...`);
  const sizes = await readRelationSizes(db.knex, tables);
  const repass = await timedPass(bench, version, 'repass', false);
  const lastWrite = now();
  // Counted from the passes' bounds: the floor's COPY took positions from the log's sequence too.
  const repassEvents = Number(repass.completedAt - repass.startedAt + 1n);
  counted.set('events', (counted.get('events') ?? 0) + repassEvents);
  if (repass.output.trim()) ctx.out(repass.output.trim().replace(/^/gm, '  | '));
  if (repass.counts.unchanged !== rows)
    throw new Error(`the re-pass found changes: ${JSON.stringify(repass.counts)}`);
  const added = sizeGrowth(sizes, await readRelationSizes(db.knex, tables));
  const repassBytes = [...added.values()].reduce((n, s) => n + s.total, 0);
  printPassProfiles('unchanged re-pass', repass, rows, ctx.out);
  printRepassTable({
    version,
    floor: hashFloor,
    pass: repass,
    diskBytes: repassBytes,
    out: ctx.out,
  });
  return lastWrite;
}

/** The planner statistics of the tables written, once the last write's counters have been flushed. */
async function printStatistics(bench: SireneBench, lastWrite: bigint) {
  const wait = STATISTICS_FLUSH_MS - secondsSince(lastWrite) * 1000;
  if (wait > 0) await delay(wait);
  const statistics = await readPlannerStatistics(bench.db.knex, bench.tables);
  printPlannerStatistics({
    autovacuum: statistics.autovacuum,
    statistics: statistics.tables,
    tableRows: bench.counted,
    out: bench.ctx.out,
  });
}

/** The same day a month earlier (`2026-03-31` → `2026-03-03` when February is shorter: any day will do). */
function monthBefore(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCMonth(date.getUTCMonth() - 1);
  return date.toISOString().slice(0, 10);
}

async function copyBaseline(
  db: BenchDatabase,
  files: GeneratedSireneFiles,
  rows: number,
  ctx: BenchContext,
): Promise<{ seconds: number }> {
  ctx.out('COPY into bare tables ...');
  const copy = await timed(async () => {
    const u = await copyIntoBareTable({
      knex: db.knex,
      url: db.url,
      schema: db.schema,
      table: 'bare_unites_legales',
      columns: UNITE_LEGALE_LAYOUT.known,
      file: files.unitesLegales,
    });
    const e = await copyIntoBareTable({
      knex: db.knex,
      url: db.url,
      schema: db.schema,
      table: 'bare_etablissements',
      columns: ETABLISSEMENT_LAYOUT.known,
      file: files.etablissements,
    });
    return u + e;
  });
  if (copy.result !== rows) throw new Error(`COPY stored ${copy.result} rows, expected ${rows}`);
  await db.knex.raw('drop table bare_unites_legales, bare_etablissements');
  ctx.out(`  ${formatSeconds(copy.seconds)}, ${formatCount(perSecond(rows, copy.seconds))} rows/s`);
  return { seconds: copy.seconds };
}

/** PostgreSQL's CPU seconds and those of this process's exited children (psql): what a COPY floor uses. */
async function machineCpuOfDatabaseWork(): Promise<number | null> {
  const postgres = await postgresCpuSeconds();
  const own = await processCpuSeconds(process.pid);
  return postgres === null || own === null ? null : postgres + own.children;
}

/** With --cpu-profile: where the pass's CPU went, in the ingest process and in the projecting thread. */
function printPassProfiles(label: string, pass: TimedPass, rows: number, out: (line: string) => void): void {
  for (const [name, profile] of pass.profiles) {
    printSelfTimeTable({
      title: `CPU profile of the ${label}, ${name === 'ingest' ? 'ingest process' : 'projecting thread'}: self time per file row`,
      profiles: new Map([[name, { profile, per: rows }]]),
      unit: 'µs',
      lead: name,
      top: 25,
      out,
    });
  }
}
