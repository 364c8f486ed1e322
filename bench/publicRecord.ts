import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { dossierRoute } from '../api/routes/dossier.ts';
import { financementsUeRoute } from '../api/routes/financementsUe.ts';
import { marchesPublicsRoute, readMarchesPublics } from '../api/routes/marchesPublics.ts';
import { marchesPublicsUeRoute } from '../api/routes/marchesPublicsUe.ts';
import { composeService, type Service } from '../app/server/composeService.ts';
import { ingestFrSirene } from '../ingest/fr-sirene/ingestFrSirene.ts';
import { openAccount } from '../ops/accounts/openAccount.ts';
import {
  CORDIS_PARTICIPATIONS_TABLE,
  euCordisProjection,
} from '../projections/eu-cordis/euCordisProjection.ts';
import { euTedProjection } from '../projections/eu-ted/euTedProjection.ts';
import { DECP_MARCHES_TABLE, decpProjection } from '../projections/fr-decp/decpProjection.ts';
import { ICPE_INSTALLATIONS_TABLE, icpeProjection } from '../projections/fr-icpe/icpeProjection.ts';
import { INPI_TITRES_TABLE, inpiPiProjection } from '../projections/fr-inpi-pi/inpiPiProjection.ts';
import { RGE_QUALIFICATIONS_TABLE, rgeProjection } from '../projections/fr-rge/rgeProjection.ts';
import { EU_CORDIS_REGISTER } from '../schemas/events/euCordisEvents.ts';
import { FR_DECP_REGISTER } from '../schemas/events/frDecpEvents.ts';
import { FR_ICPE_REGISTER } from '../schemas/events/frIcpeEvents.ts';
import { FR_INPI_PI_REGISTER } from '../schemas/events/frInpiPiEvents.ts';
import { FR_RGE_REGISTER } from '../schemas/events/frRgeEvents.ts';
import { asServiceDatabase } from './core/asServiceDatabase.ts';
import type { BenchContext } from './core/benchContext.ts';
import { BENCH_PAYMENT } from './core/benchPayment.ts';
import { printSelfTimeTable, readCpuProfile, startCpuProfile, writeCpuProfile } from './core/cpuProfile.ts';
import { formatBytes, formatCount, formatSeconds } from './core/format.ts';
import { ingestInChildProcess } from './core/ingestChildProcess.ts';
import { mulberry32 } from './core/mulberry32.ts';
import { type BenchDatabase, openBenchDatabase } from './core/openBenchDatabase.ts';
import { parseCount } from './core/parseCount.ts';
import { printTable, type TableRow } from './core/printTable.ts';
import { startRssSampler } from './core/rssSampler.ts';
import { quantile } from './core/sequentialLatency.ts';
import { timed } from './core/timing.ts';
import {
  type BackendCpu,
  INGEST_APPLICATION,
  startBackendCpuSampler,
  withApplicationName,
} from './public-record/backendCpu.ts';
import { copyCsvFiles, copyJsonRecords } from './public-record/copyBaselines.ts';
import { explainDecpRoute } from './public-record/explainDecpRoute.ts';
import { fillDecpReadTables } from './public-record/fillDecpReadTables.ts';
import { generateCordis } from './public-record/generateCordis.ts';
import { DECP_TEMPLATE_FILE, generateDecp } from './public-record/generateDecp.ts';
import { generateIcpe } from './public-record/generateIcpe.ts';
import { generateInpiMarks } from './public-record/generateInpiMarks.ts';
import { generateRge } from './public-record/generateRge.ts';
import { timeSequentially, WARM_UP } from './public-record/routeLatency.ts';
import { sirenOf, ZipfPool } from './public-record/sirenPool.ts';
import { loadNow } from './public-record/uptime.ts';
import { generateSireneFiles } from './sirene/generateSireneFiles.ts';
import { SIRENE_READ_MODELS } from './sirene/sireneReadModels.ts';

export const description =
  'French public record (DECP, RGE, CORDIS, INPI trademarks, ICPE): ingest end to end vs COPY of the same records, peak RSS; the routes and the dossier p95 over many SIRENs';

const SOURCES = ['decp', 'rge', 'cordis', 'inpi', 'icpe'] as const;
type Source = (typeof SOURCES)[number];

/** Zipf exponent of the companies' weights: at 3.1 M contracts the heaviest holder holds some 50,000, the heaviest buyer some 37,000. */
const ZIPF_EXPONENT = 0.7;
const RSS_TARGET = 512 * 1024 * 1024;
const DOSSIER_BLOCKS = 'etablissements,marches_publics,marches_publics_ue,agrements,pi,risques_industriels';

const USAGE = `registres bench public-record [options]

${description}.
PostgreSQL only (DATABASE_URL): the COPY baseline runs through psql, and the route targets are a server's.
Generates, in a temporary directory, each source's file in its real format by repeating the real rows of
the project's fixtures (never a field added), with varied identifiers:
  DECP    decp-global.json, 2024 layout ({"marches":{"marche":[…]}}, a contract a line): the 5 contracts of
          ingest/fr-decp/demo in turn, each with its own id, a buyer and holders drawn from Zipf pools
          (about contracts/6 holders and contracts/60 buyers, exponent ${ZIPF_EXPONENT});
  RGE     the data-fair lines answers (pages of 10,000 one after the other): the 4 current real lines of
          test/fixtures/fr-rge for each company, its head office's SIRET;
  CORDIS  project.csv and organization.csv of H2020 (2/3) and Horizon Europe: the demo's real rows in turn,
          a project every 5 participations, one participation in 8 (of those with a VAT number) French,
          its company drawn from a Zipf pool (VAT FR + key + SIREN);
  INPI    a weekly ST.66 file (FR_FRNEWST66_<YYYY-WW>.xml): the real notice of test/fixtures/fr-inpi-pi in
          turn, each with its own application number, its holder's SIREN drawn from a Zipf pool
          (about marks/10 holders).
  ICPE    Géorisques' export as the country's download pages it: a folder of page ZIPs of 6,000 installations
          (InstallationClassee.csv, inspection.csv, rubriqueIC.csv; \`;\`, ISO-8859-1), the last holding fewer,
          ingested as one pass: the seven real installations of ingest/fr-icpe/demo in turn with their inspection
          and rubrique lines, each with its own codeAiot, two installations a company (its establishments 1 and 2).
The companies the routes are timed on (active legal persons of a small generated Sirene stock, ingested
first) are the pools' heaviest: rank 1 is the heaviest holder (and CORDIS participant), rank 501 the
heaviest buyer.
For each source:
  baseline  COPY of the same records through psql into a bare table, no key, no index: JSON sources each
            record's JSON (as the file holds it) as one jsonb row; INPI each TradeMark element as one
            text row; CSV sources each file into one text
            column per header column (format csv, header; ICPE's three files unzipped, encoding LATIN1);
  ours      \`registres ingest <register>\` in its own process (as in production) while this process
            projects as \`serve\` does, until the read model has caught up; its ratio to the baseline
            (target: within 3x) and the ingest process's peak RSS (target < 512 MiB); the CPU seconds of
            the ingest process, of this one, and of the PostgreSQL backends of each (read from /proc: a local
            server only).
Then, the read tables vacuumed and analysed (as autovacuum does after a load), sequential timed requests
paid by key (one at a time, after a warm-up) of GET /v1/entreprise/{siren}/marches-publics, /financements-ue
and /dossier?blocs=${DOSSIER_BLOCKS} (the blocks this issue serves, and the
establishments; TED is not generated: its block answers absent) over the companies: p50, p95, max, and the heaviest holder's and buyer's times (targets: p95 < 20 ms, the
dossier's < 150 ms). The load averages (uptime) are printed beside each figure: the machine may be shared.

Options:
  --contracts N       DECP contracts (default 200,000; published: about 3.1 million)
  --qualifications N  RGE lines (default 100,000; published: about 160,000)
  --participations N  CORDIS participations (default 100,000; published: about 280,000)
  --marks N           INPI trademarks (default 300,000; published: about 3 million since 1976)
  --installations N   ICPE installations (default 140,000; published: some 137,000)
  --only LIST         sources to run, of decp,rge,cordis,inpi,icpe (default all)
  --requests N        companies each route is timed on (default 400, at most the stock's ~1,000)
  --skip-routes       no route timing
  --one-event-per-row the first passes in one event per row, as before block events (to compare)
  --fill-read-tables  DECP only, for the route measurement at sizes the event ingest takes too long to reach:
                      the read tables are filled straight from the generated file, WITHOUT events (the
                      ingest's reader and the projection's row function, COPY, the projection's holder rows
                      and totals, indexes built after); only the 5 real demo contracts go through the real
                      ingest (so the copy, its provenance and freshness are real). No ingest ratio then.
  --explain           print explain (analyze, buffers) of the route's statement for the heaviest holder and
                      buyer (limit 100 and the dossier's 10; custom and generic plans)
  --cpu-profile DIR   profile each ingest process (node --cpu-prof) into DIR/<source>, print its self time
  --keep-files DIR    generate the files into DIR and keep them
  --keep              leave the bench schema in place at the end (its name is printed), to time again
  --reuse SCHEMA      time the routes again on a schema an earlier run kept (--keep): nothing generated,
                      ingested or filled (the same --only and sizes as that run)
  --serve-profile DIR profile this process (the service, and the client asking it) while marches-publics is
                      timed (V8's sampler), into DIR/marches-publics.cpuprofile, and print its self time per
                      request
Each route's line gives the CPU of this process (the service and its client) and of the PostgreSQL backends
per request, read from /proc: figures a loaded machine stretches less than wall times.
`;

interface Options {
  sizes: Record<Source, number>;
  only: Source[];
  requests: number;
  skipRoutes: boolean;
  fillReadTables: boolean;
  explain: boolean;
  oneEventPerRow: boolean;
  cpuProfile: string | null;
  keepFiles: string | null;
  keep: boolean;
  reuse: string | null;
  serveProfile: string | null;
}

function parseOptions(argv: string[]): Options | 'help' {
  const { values } = parseArgs({
    args: argv,
    options: {
      contracts: { type: 'string' },
      qualifications: { type: 'string' },
      participations: { type: 'string' },
      marks: { type: 'string' },
      installations: { type: 'string' },
      only: { type: 'string' },
      requests: { type: 'string' },
      'skip-routes': { type: 'boolean' },
      'fill-read-tables': { type: 'boolean' },
      explain: { type: 'boolean' },
      'one-event-per-row': { type: 'boolean' },
      'cpu-profile': { type: 'string' },
      'keep-files': { type: 'string' },
      keep: { type: 'boolean' },
      reuse: { type: 'string' },
      'serve-profile': { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
    strict: true,
  });
  if (values.help) return 'help';
  const only = (values.only ?? SOURCES.join(',')).split(',').map((s) => s.trim());
  for (const s of only)
    if (!(SOURCES as readonly string[]).includes(s)) throw new Error(`--only: unknown source "${s}"`);
  return {
    sizes: {
      decp: parseCount('contracts', values.contracts, 200_000),
      rge: parseCount('qualifications', values.qualifications, 100_000),
      cordis: parseCount('participations', values.participations, 100_000),
      inpi: parseCount('marks', values.marks, 300_000),
      icpe: parseCount('installations', values.installations, 140_000),
    },
    only: only as Source[],
    requests: parseCount('requests', values.requests, 400),
    skipRoutes: values['skip-routes'] ?? false,
    fillReadTables: values['fill-read-tables'] ?? false,
    explain: values.explain ?? false,
    oneEventPerRow: values['one-event-per-row'] ?? false,
    cpuProfile: values['cpu-profile'] ?? null,
    keepFiles: values['keep-files'] ?? null,
    keep: values.keep ?? false,
    reuse: values.reuse ?? null,
    serveProfile: values['serve-profile'] ?? null,
  };
}

/** A source's generated files, how the ingest command takes them, and its COPY baseline. */
interface SourceRun {
  source: Source;
  register: string;
  command: string;
  args: string[];
  records: number;
  bytes: number;
  table: string;
  baseline(db: BenchDatabase): Promise<number>;
}

/** One source measured. */
interface SourceResult {
  run: SourceRun;
  copySeconds: number;
  copyRows: number;
  copyLoad: string;
  seconds: number;
  eventsSeconds: number;
  ingestPeak: number | null;
  servingPeak: number;
  /** CPU seconds of the ingest process, and of this one (projecting) meanwhile: figures a shared machine's load stretches less than wall time. */
  ingestCpu: number | null;
  servingCpu: number;
  /** CPU seconds of the PostgreSQL backends meanwhile, the ingest process's and this one's (null: not readable here). */
  postgresCpu: BackendCpu | null;
  rowsRead: number;
  blocks: { events: number; rows: number } | null;
  served: number;
  load: string;
}

export async function run(argv: string[], ctx: BenchContext): Promise<number> {
  const options = parseOptions(argv);
  if (options === 'help') {
    for (const line of USAGE.trimEnd().split('\n')) ctx.out(line);
    return 0;
  }
  if (!ctx.config.databaseUrl) {
    ctx.out('bench public-record: PostgreSQL only (set DATABASE_URL); see --help');
    return 2;
  }
  const dir =
    options.keepFiles ?? (await fs.mkdtemp(path.join(os.tmpdir(), 'registres-bench-public-record-')));
  await fs.mkdir(dir, { recursive: true });
  const db = await openBenchDatabase(ctx.config, ctx.logger, {
    poolMax: 10,
    keep: options.keep,
    ...(options.reuse ? { reuseSchema: options.reuse } : {}),
  });
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'registres-bench-public-record-key-'));
  try {
    ctx.out(
      `database: ${db.label} (${db.displayUrl}), schema ${db.schema}${options.keep ? ' (kept)' : ''}; files in ${dir}; load ${loadNow()}`,
    );
    const sirene = await generateSireneFiles({ dir, rows: 12_000 });
    const companies = sirene.sampleSirens;
    const runs = options.reuse ? [] : await generateSources(dir, options, companies, ctx);
    const service = await composeService(
      asServiceDatabase(db),
      { ...ctx.config, dataDir, signingKeyFile: null },
      ctx.logger,
      {
        projections: [
          ...SIRENE_READ_MODELS,
          decpProjection,
          rgeProjection,
          euCordisProjection,
          euTedProjection,
          inpiPiProjection,
          icpeProjection,
        ],
        routes: [marchesPublicsRoute, financementsUeRoute, marchesPublicsUeRoute, dossierRoute],
        payment: BENCH_PAYMENT,
        rateLimits: false,
        frenchLiveSources: [],
        liveRegisters: [],
      },
    );
    try {
      const port = await service.listen(0, '127.0.0.1');
      if (!options.reuse)
        await ingestFrSirene({
          knex: db.knex,
          store: service.store,
          logger: ctx.logger,
          unitesLegales: sirene.unitesLegales,
          etablissements: sirene.etablissements,
          // Dated today: the routes serve a fresh copy (a stock dated by its rows would be weeks old).
          version: new Date().toISOString().slice(0, 10),
          progress: false,
        });
      await service.runner.caughtUp();
      ctx.out(`Sirene: ${formatCount(sirene.units)} units, ${companies.length} companies timed on`);
      const results: SourceResult[] = [];
      for (const r of runs) {
        if (r.source === 'decp' && options.fillReadTables) await fillDecp(r, { db, service, ctx });
        else results.push(await measureSource(r, { db, service, options, ctx }));
      }
      if (results.length > 0) printIngestTable(results, ctx);
      if (!options.skipRoutes)
        await timeRoutes({ db, service, port, companies, options, sources: options.only, ctx });
    } finally {
      await service.close();
    }
  } finally {
    await db.close();
    await fs.rm(dataDir, { recursive: true, force: true });
    if (!options.keepFiles) await fs.rm(dir, { recursive: true, force: true });
  }
  return 0;
}

/** The files of each source asked, generated from the fixtures' real rows. */
async function generateSources(
  dir: string,
  options: Options,
  companies: readonly string[],
  ctx: BenchContext,
): Promise<SourceRun[]> {
  const random = mulberry32(20261203);
  const runs: SourceRun[] = [];
  const half = Math.floor(companies.length / 2);
  const date = new Date().toISOString().slice(0, 10);
  for (const source of options.only) {
    const n = options.sizes[source];
    const gen = await timed(async (): Promise<SourceRun> => {
      if (source === 'decp') {
        const decp = await generateDecp({
          dir,
          contracts: n,
          holders: new ZipfPool({
            lead: companies,
            size: Math.max(2000, Math.ceil(n / 6)),
            exponent: ZIPF_EXPONENT,
            firstBase: 60_000_000,
            random,
          }),
          buyers: new ZipfPool({
            lead: [...companies.slice(half), ...companies.slice(0, half)],
            size: Math.max(1000, Math.ceil(n / 60)),
            exponent: ZIPF_EXPONENT,
            firstBase: 70_000_000,
            random,
          }),
        });
        return {
          source,
          register: FR_DECP_REGISTER,
          command: 'fr-decp',
          args: [decp.file, '--date', date],
          records: decp.contracts,
          bytes: decp.bytes,
          table: DECP_MARCHES_TABLE,
          baseline: (db) =>
            copyJsonRecords({ knex: db.knex, url: db.url, schema: db.schema, file: decp.records }),
        };
      }
      if (source === 'rge') {
        const rge = await generateRge({
          dir,
          lines: n,
          sirenAt: (rank) => (rank < companies.length ? companies[rank]! : sirenOf(50_000_000 + rank)),
        });
        return {
          source,
          register: FR_RGE_REGISTER,
          command: 'fr-rge',
          args: [rge.file, '--date', date],
          records: rge.lines,
          bytes: rge.bytes,
          table: RGE_QUALIFICATIONS_TABLE,
          baseline: (db) =>
            copyJsonRecords({ knex: db.knex, url: db.url, schema: db.schema, file: rge.records }),
        };
      }
      if (source === 'inpi') {
        const inpi = await generateInpiMarks({
          dir,
          marks: n,
          holders: new ZipfPool({
            lead: companies,
            size: Math.max(2000, Math.ceil(n / 10)),
            exponent: ZIPF_EXPONENT,
            firstBase: 90_000_000,
            random,
          }),
        });
        return {
          source,
          register: FR_INPI_PI_REGISTER,
          command: 'fr-inpi-pi',
          args: [inpi.file, '--date', date],
          records: inpi.marks,
          bytes: inpi.bytes,
          table: INPI_TITRES_TABLE,
          baseline: (db) =>
            copyJsonRecords({
              knex: db.knex,
              url: db.url,
              schema: db.schema,
              file: inpi.records,
              columnType: 'text',
            }),
        };
      }
      if (source === 'icpe') {
        const icpe = await generateIcpe({
          dir,
          installations: n,
          sirenAt: (rank) => (rank < companies.length ? companies[rank]! : sirenOf(40_000_000 + rank)),
        });
        return {
          source,
          register: FR_ICPE_REGISTER,
          command: 'fr-icpe',
          args: [icpe.folder, '--date', date],
          records: icpe.installations,
          bytes: icpe.bytes,
          table: ICPE_INSTALLATIONS_TABLE,
          baseline: (db) =>
            copyCsvFiles({
              knex: db.knex,
              url: db.url,
              schema: db.schema,
              delimiter: ';',
              encoding: 'LATIN1',
              files: icpe.csvFiles,
            }),
        };
      }
      const cordis = await generateCordis({
        dir,
        participations: n,
        companies: new ZipfPool({
          lead: companies,
          size: Math.max(2000, Math.ceil(n / 20)),
          exponent: ZIPF_EXPONENT,
          firstBase: 80_000_000,
          random,
        }),
        random,
      });
      const files = Object.entries(cordis.files);
      return {
        source,
        register: EU_CORDIS_REGISTER,
        command: 'eu-cordis',
        args: [...files.flatMap(([role, file]) => [`--${role}`, file]), '--date', date],
        records: cordis.projects + cordis.participations,
        bytes: cordis.bytes,
        table: CORDIS_PARTICIPATIONS_TABLE,
        baseline: async (db) =>
          copyCsvFiles({
            knex: db.knex,
            url: db.url,
            schema: db.schema,
            delimiter: ';',
            files: await Promise.all(
              files.map(async ([, file]) => ({ file, columns: await headerColumns(file) })),
            ),
          }),
      };
    });
    ctx.out(
      `generated ${source}: ${formatCount(gen.result.records)} records, ${formatBytes(gen.result.bytes)} in ${formatSeconds(gen.seconds)}`,
    );
    runs.push(gen.result);
  }
  return runs;
}

/** The columns of a CSV file's header (every field quoted, `;` between them). */
async function headerColumns(file: string): Promise<number> {
  const handle = await fs.open(file, 'r');
  try {
    const buffer = Buffer.alloc(8192);
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
    const header = buffer.subarray(0, bytesRead).toString('utf8').split('\n')[0]!;
    return header.split(';').length;
  } finally {
    await handle.close();
  }
}

/**
 * `--fill-read-tables`: the 5 real demo contracts through the real ingest (the copy, its provenance and
 * freshness), then the generated contracts written straight into the read tables, without events
 * (fillDecpReadTables.ts). Measures nothing of the ingest.
 */
async function fillDecp(
  r: SourceRun,
  deps: { db: BenchDatabase; service: Service; ctx: BenchContext },
): Promise<void> {
  const { db, service, ctx } = deps;
  const date = new Date().toISOString().slice(0, 10);
  ctx.out('decp: the demo contracts through registres ingest fr-decp (the copy and its provenance) ...');
  const ingest = await ingestInChildProcess({
    url: db.url,
    schema: db.schema,
    register: r.command,
    args: [DECP_TEMPLATE_FILE, '--date', date],
  });
  ctx.out(ingest.output.trim().replace(/^/gm, '  | '));
  await service.runner.caughtUp();
  ctx.out(`decp: read tables filled WITHOUT events from ${formatCount(r.records)} generated contracts ...`);
  const fill = await timed(() =>
    fillDecpReadTables({ knex: db.knex, url: db.url, schema: db.schema, file: r.args[0]! }),
  );
  ctx.out(
    `  ${formatCount(fill.result)} contracts written in ${formatSeconds(fill.seconds)} (load ${loadNow()}): no ingest figure`,
  );
}

/** The baseline, then the ingest in its own process until the read model has caught up. */
async function measureSource(
  r: SourceRun,
  deps: { db: BenchDatabase; service: Service; options: Options; ctx: BenchContext },
): Promise<SourceResult> {
  const { db, service, options, ctx } = deps;
  ctx.out(`${r.source}: COPY baseline ...`);
  const copy = await timed(() => r.baseline(db));
  const copyLoad = loadNow();
  ctx.out(`  ${formatCount(copy.result)} rows in ${formatSeconds(copy.seconds)} (load ${copyLoad})`);
  ctx.out(`${r.source}: registres ingest ${r.command}, projected here ...`);
  const profileDir = options.cpuProfile ? path.join(options.cpuProfile, r.source) : null;
  const sampler = startRssSampler();
  const cpuBefore = process.cpuUsage();
  const backendCpu = await startBackendCpuSampler(db.knex);
  let eventsSeconds = 0;
  let ingestPeak: number | null = null;
  let ingestCpu: number | null = null;
  const total = await timed(async () => {
    const events = await timed(() =>
      ingestInChildProcess({
        // Named, so that the server's CPU for its connections is told from this process's (backendCpu.ts).
        url: withApplicationName(db.url, INGEST_APPLICATION),
        schema: db.schema,
        register: r.command,
        args: [...r.args, ...(options.oneEventPerRow ? ['--one-event-per-row'] : [])],
        ...(profileDir ? { nodeFlags: ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] } : {}),
      }),
    );
    eventsSeconds = events.seconds;
    ingestPeak = events.result.peakRss;
    ingestCpu = events.result.cpuSeconds;
    ctx.out(events.result.output.trim().replace(/^/gm, '  | '));
    await service.runner.caughtUp();
  });
  const servingPeak = sampler.stop();
  const cpu = process.cpuUsage(cpuBefore);
  const postgresCpu = await backendCpu.stop();
  const load = loadNow();
  const { rows: completed } = await db.knex.raw(
    `select data from events where type = 'SnapshotCompleted' and data->>'register' = ? order by position desc limit 1`,
    [r.register],
  );
  const done = completed[0]?.data as { counts: { rows: number }; blocks?: { events: number; rows: number } };
  const { rows: served } = await db.knex.raw(`select count(*)::int as n from ${r.table}`);
  if (profileDir) await printIngestProfile(profileDir, r, done.counts.rows, ctx);
  return {
    run: r,
    copySeconds: copy.seconds,
    copyRows: copy.result,
    copyLoad,
    seconds: total.seconds,
    eventsSeconds,
    ingestPeak,
    servingPeak,
    ingestCpu,
    servingCpu: (cpu.user + cpu.system) / 1e6,
    postgresCpu,
    rowsRead: done.counts.rows,
    blocks: done.blocks ?? null,
    served: served[0].n,
    load,
  };
}

async function printIngestProfile(dir: string, r: SourceRun, rows: number, ctx: BenchContext) {
  // One profile per thread (the loader's thread too): the ingest's is the main thread's, the largest.
  let largest: { name: string; size: number } | null = null;
  for (const name of (await fs.readdir(dir)).filter((f) => f.endsWith('.cpuprofile'))) {
    const { size } = await fs.stat(path.join(dir, name));
    if (!largest || size > largest.size) largest = { name, size };
  }
  const newest = largest?.name;
  const profile = newest ? await readCpuProfile(path.join(dir, newest)) : null;
  if (!profile) return;
  printSelfTimeTable({
    title: `CPU profile of the ${r.source} ingest process (${newest}): self time per record read`,
    profiles: new Map([['ingest', { profile, per: rows }]]),
    unit: 'µs',
    lead: 'ingest',
    top: 25,
    out: ctx.out,
  });
}

function printIngestTable(results: readonly SourceResult[], ctx: BenchContext) {
  const rows: TableRow[] = results.map((x) => {
    const ratio = x.seconds / x.copySeconds;
    const peak = x.ingestPeak ?? 0;
    return {
      source: x.run.source,
      records: formatCount(x.run.records),
      bytes: formatBytes(x.run.bytes),
      'COPY (baseline)': formatSeconds(x.copySeconds),
      'COPY load': x.copyLoad,
      'ours, end to end': formatSeconds(x.seconds),
      'of which events': formatSeconds(x.eventsSeconds),
      'ours / COPY': `${ratio.toFixed(2)}x`,
      'target <= 3x': ratio <= 3 ? 'met' : 'NOT MET',
      'peak RSS ingest': formatBytes(peak),
      'RSS < 512 MiB': peak < RSS_TARGET ? 'met' : 'OVER',
      'peak RSS serving': formatBytes(x.servingPeak),
      'CPU ingest / serving': `${x.ingestCpu === null ? 'n/a' : formatSeconds(x.ingestCpu)} / ${formatSeconds(x.servingCpu)}`,
      'PostgreSQL CPU for ingest / serving': x.postgresCpu
        ? `${formatSeconds(x.postgresCpu.ingest)} / ${formatSeconds(x.postgresCpu.serving)}`
        : 'n/a',
      'rows read': formatCount(x.rowsRead),
      'block events': x.blocks
        ? `${formatCount(x.blocks.events)} (${formatCount(x.blocks.rows)} rows)`
        : 'none',
      'read table rows': formatCount(x.served),
      'ingest load': x.load,
    };
  });
  printTable(
    'Ingest end to end (file → events → read model) vs COPY of the same records (PostgreSQL)',
    rows,
    ctx.out,
  );
}

/** The routes timed one request at a time over the companies, paid by key. */
async function timeRoutes(deps: {
  db: BenchDatabase;
  service: Service;
  port: number;
  companies: readonly string[];
  options: Options;
  sources: readonly Source[];
  ctx: BenchContext;
}) {
  const { db, service, port, companies, options, sources, ctx } = deps;
  // As autovacuum does once a copy is loaded: the planner's statistics and the visibility map (index-only
  // scans) of every read table of the sources run.
  const projections = {
    decp: decpProjection,
    rge: rgeProjection,
    cordis: euCordisProjection,
    inpi: inpiPiProjection,
    icpe: icpeProjection,
  };
  for (const source of sources)
    for (const t of projections[source].tables) await db.knex.raw(`vacuum analyze ${t}`);
  const { key } = await openAccount(service.store, { credits: 100_000_000_000 });
  await service.runner.catchUp();
  const half = Math.floor(companies.length / 2);
  // The ten heaviest holders and buyers first, then the others in a fixed shuffled order.
  const heavy = [...companies.slice(0, 10), ...companies.slice(half, half + 10)];
  const random = mulberry32(46);
  const rest = companies.filter((s) => !heavy.includes(s)).sort(() => random() - 0.5);
  const sirens = [...heavy, ...rest].slice(0, Math.max(options.requests, heavy.length));
  const base = `http://127.0.0.1:${port}/v1/entreprise`;
  const routes = [
    ...(options.only.includes('decp')
      ? [{ name: 'marches-publics', target: 20, urlOf: (s: string) => `${base}/${s}/marches-publics` }]
      : []),
    ...(options.only.includes('cordis')
      ? [{ name: 'financements-ue', target: 20, urlOf: (s: string) => `${base}/${s}/financements-ue` }]
      : []),
    {
      name: `dossier (${DOSSIER_BLOCKS})`,
      target: 150,
      urlOf: (s: string) => `${base}/${s}/dossier?blocs=${DOSSIER_BLOCKS}`,
    },
  ];
  const table: TableRow[] = [];
  for (const route of routes) {
    const profile = options.serveProfile && route.name === 'marches-publics' ? options.serveProfile : null;
    const cpu = await startRequestCpu(db.knex);
    const times = await timeSequentially({
      sirens,
      urlOf: route.urlOf,
      key,
      ...(profile ? { profiling: startCpuProfile } : {}),
    });
    const perRequest = await cpu.stop(sirens.length);
    const sorted = [...times.ms.values()].sort((a, b) => a - b);
    const p95 = quantile(sorted, 0.95);
    table.push({
      route: route.name,
      requests: formatCount(times.ms.size),
      'p50 ms': quantile(sorted, 0.5).toFixed(1),
      'p95 ms': p95.toFixed(1),
      'max ms': (sorted.at(-1) ?? Number.NaN).toFixed(1),
      'heaviest holder ms': (times.ms.get(companies[0]!) ?? Number.NaN).toFixed(1),
      'heaviest buyer ms': (times.ms.get(companies[half]!) ?? Number.NaN).toFixed(1),
      target: `p95 < ${route.target} ms`,
      verdict: p95 < route.target ? 'met' : 'NOT MET',
      'not 200': [...times.failures].map(([s, n]) => `${n}x${s}`).join(' '),
      'CPU ms a request: this process / PostgreSQL': perRequest,
      load: loadNow(),
    });
    if (profile && times.profile) {
      const file = await writeCpuProfile(profile, route.name, times.profile);
      printSelfTimeTable({
        title: `CPU profile of this process (service and client) while ${route.name} was timed (${file}): self time per request`,
        profiles: new Map([['route', { profile: times.profile, per: sirens.length }]]),
        unit: 'µs',
        lead: 'route',
        top: 40,
        out: ctx.out,
      });
    }
  }
  if (options.only.includes('decp')) table.push(await timeDecpRead(db, sirens, companies, half));
  printTable(
    `Routes, one request at a time over ${formatCount(sirens.length)} companies (the 10 heaviest holders and buyers among them), paid by key`,
    table,
    ctx.out,
  );
  await heaviestCounts(db, companies, half, ctx);
  if (options.explain && options.only.includes('decp'))
    await explainDecpRoute({ knex: db.knex, holder: companies[0]!, buyer: companies[half]!, out: ctx.out });
}

/**
 * CPU of this process (the service, and the client timing it) and of the database's backends over a route's
 * timed requests, in ms a request (the warm-up included in both, so divided by the requests and warm-up).
 */
async function startRequestCpu(knex: BenchDatabase['knex']) {
  const backends = await startBackendCpuSampler(knex);
  const before = process.cpuUsage();
  return {
    async stop(requests: number): Promise<string> {
      const own = process.cpuUsage(before);
      const pg = await backends.stop();
      const n = requests + WARM_UP;
      const mine = ((own.user + own.system) / 1000 / n).toFixed(2);
      return `${mine} / ${pg ? ((pg.serving * 1000) / n).toFixed(2) : 'n/a'}`;
    },
  };
}

/**
 * The route's read alone (readMarchesPublics: its one statement, named as the service prepares it, and the
 * answer's contracts built), in this process, over the same companies: what the route's data costs without
 * the service's per-request work (key, payment, coverage, provenance, HTTP).
 */
async function timeDecpRead(
  db: BenchDatabase,
  sirens: readonly string[],
  companies: readonly string[],
  half: number,
): Promise<TableRow> {
  const ms = new Map<string, number>();
  const cpu = await startRequestCpu(db.knex);
  for (const siren of sirens.slice(0, WARM_UP))
    await readMarchesPublics(db.knex, { siren, denomination: null });
  for (const siren of sirens) {
    const t = await timed(() => readMarchesPublics(db.knex, { siren, denomination: null }));
    ms.set(siren, t.seconds * 1000);
  }
  const perRequest = await cpu.stop(sirens.length);
  const sorted = [...ms.values()].sort((a, b) => a - b);
  const p95 = quantile(sorted, 0.95);
  return {
    route: 'marches-publics: its read alone (in process)',
    requests: formatCount(ms.size),
    'p50 ms': quantile(sorted, 0.5).toFixed(1),
    'p95 ms': p95.toFixed(1),
    'max ms': (sorted.at(-1) ?? Number.NaN).toFixed(1),
    'heaviest holder ms': (ms.get(companies[0]!) ?? Number.NaN).toFixed(1),
    'heaviest buyer ms': (ms.get(companies[half]!) ?? Number.NaN).toFixed(1),
    target: '(part of the route)',
    verdict: '',
    'not 200': '',
    'CPU ms a request: this process / PostgreSQL': perRequest,
    load: loadNow(),
  };
}

/** What the heaviest companies hold: the reader of the route table can tell how heavy they were. */
async function heaviestCounts(
  db: BenchDatabase,
  companies: readonly string[],
  half: number,
  ctx: BenchContext,
) {
  const holder = companies[0]!;
  const buyer = companies[half]!;
  const count = async (sql: string, siren: string) => {
    const { rows } = await db.knex.raw(sql, [siren]).catch(() => ({ rows: [{ n: null }] }));
    return rows[0]?.n === null ? 'n/a' : formatCount(Number(rows[0].n));
  };
  ctx.out(
    `heaviest holder ${holder}: ${await count(`select count(*) as n from ${DECP_MARCHES_TABLE} where titulaires_siren @> array[?]::text[]`, holder)} contracts held; ` +
      `heaviest buyer ${buyer}: ${await count(`select count(*) as n from ${DECP_MARCHES_TABLE} where acheteur_siren = ?`, buyer)} contracts awarded`,
  );
}
