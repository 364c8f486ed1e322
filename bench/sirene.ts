import { generateKeyPairSync } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ETABLISSEMENT_LAYOUT, UNITE_LEGALE_LAYOUT } from '../ingest/fr-sirene/frSireneColumns.ts';
import { ingestFrSirene } from '../ingest/fr-sirene/ingestFrSirene.ts';
import { openAccount } from '../ops/accounts/openAccount.ts';
import { createSigner } from '../ops/signing/signer.ts';
import type { BenchContext } from './core/benchContext.ts';
import { formatBytes, formatCount, formatRatio, formatSeconds } from './core/format.ts';
import { ingestInChildProcess } from './core/ingestChildProcess.ts';
import { type BenchDatabase, type EmbeddedPlacement, openBenchDatabase } from './core/openBenchDatabase.ts';
import { parseCount } from './core/parseCount.ts';
import { printTable } from './core/printTable.ts';
import { processPeakRss, startRssSampler } from './core/rssSampler.ts';
import { perSecond, timed } from './core/timing.ts';
import { type LoadResult, loadTest } from './http/loadTest.ts';
import { startBareProfileServer } from './sirene/bareProfileServer.ts';
import { startSireneService } from './sirene/benchService.ts';
import { copyIntoBareTable } from './sirene/copyBaseline.ts';
import { type EventsFloor, measureEventsFloor } from './sirene/eventsFloor.ts';
import { type GeneratedSireneFiles, generateSireneFiles } from './sirene/generateSireneFiles.ts';

export const description =
  'Sirene: ingest end to end (file → events → read tables) vs COPY; GET /v1/entreprise/{siren} vs a bare Koa route';

/** Ingest within 3× the time of COPY; profile route at least 60% of the bare route's requests/s. */
const INGEST_TARGET = 1 / 3;
const ROUTE_TARGET = 0.6;

const USAGE = `registres bench sirene [options]

${description}.
Generates Sirene-format files (valid Luhn SIRENs, 35 and 54 columns) in a temporary directory, then:
  1. COPY of the two files into bare text tables (psql \\copy, the baseline);
  2. the Sirene ingester and the two read models, from the files to the read tables (ours); then, as a
     floor, COPY of one event per row in its leanest form and of the files into keyed tables;
  3. autocannon on GET /v1/entreprise/{siren} of the composed service (API key, signed, served log)
     and on a bare Koa route running the same primary-key SELECT (the baseline); then, as a floor, the same
     bare route adding only the Content-Digest and Ed25519 signature every paid answer carries.
Writes to DATABASE_URL's server, else a fresh embedded database, in a schema dropped at the end.

Options:
  --rows N           rows of the two files together (default 1,000,000; about 43% units, 57% establishments)
  --seconds N        duration of each load test (default 10)
  --connections N    autocannon connections (default 10)
  --batch-size N     ingester batch (default 2000, the ingester's own default)
  --embedded WHERE   without DATABASE_URL: memory (default) or disk
  --skip-http        ingest only
  --load-in-loop     run autocannon on the service's own event loop (before 2026-11-24) instead of in
                     a worker thread
`;

export async function run(argv: string[], ctx: BenchContext): Promise<number> {
  const { values } = parseArgs({
    args: argv,
    options: {
      rows: { type: 'string' },
      seconds: { type: 'string' },
      connections: { type: 'string' },
      'batch-size': { type: 'string' },
      embedded: { type: 'string' },
      'skip-http': { type: 'boolean' },
      'load-in-loop': { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
    strict: true,
  });
  if (values.help) {
    for (const line of USAGE.trimEnd().split('\n')) ctx.out(line);
    return 0;
  }
  const rows = parseCount('rows', values.rows, 1_000_000);
  const seconds = parseCount('seconds', values.seconds, 10);
  const connections = parseCount('connections', values.connections, 10);
  const batchSize = parseCount('batch-size', values['batch-size'], 2000);
  const embedded = (values.embedded ?? 'memory') as EmbeddedPlacement;

  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'registres-bench-sirene-files-'));
  const db = await openBenchDatabase(ctx.config, ctx.logger, { embedded, poolMax: 10 });
  try {
    ctx.out(`database: ${db.label} (${db.displayUrl}), schema ${db.schema}`);
    const gen = await timed(() => generateSireneFiles({ dir, rows }));
    const files = gen.result;
    const bytes = (await fs.stat(files.unitesLegales)).size + (await fs.stat(files.etablissements)).size;
    ctx.out(
      `generated ${formatCount(files.units)} units + ${formatCount(files.establishments)} establishments (${formatBytes(bytes)}) in ${formatSeconds(gen.seconds)}`,
    );

    // 1. Baseline: COPY of the same files into bare tables (psql cannot reach the embedded socket).
    const copy = db.label === 'postgres' ? await copyBaseline(db, files, rows, ctx) : null;
    if (!copy)
      ctx.out('COPY baseline: PostgreSQL server only (DATABASE_URL); skipped on the embedded database');

    // 2. Ours: files → events → read tables, the projections running as they do under `serve`.
    const running = await startSireneService(db, ctx.config, ctx.logger);
    const { service } = running;
    let closed = false;
    try {
      ctx.out('ingest end to end (events, then both read models caught up) ...');
      // On a server the ingest runs as its own process, as in production; the embedded database lives in
      // this process, so the ingest runs here too (and the RSS includes the database).
      const version = new Date().toISOString().slice(0, 10);
      const sampler = startRssSampler();
      let eventsSeconds = 0;
      let ingestPeakRss: number | null = null;
      const ingest = await timed(async () => {
        const events = await timed(async () => {
          if (db.label === 'postgres') {
            const child = await ingestInChildProcess({
              url: db.url,
              schema: db.schema,
              register: 'fr-sirene',
              args: [
                '--unites-legales',
                files.unitesLegales,
                '--etablissements',
                files.etablissements,
                '--version',
                version,
                '--batch-size',
                String(batchSize),
              ],
            });
            ingestPeakRss = child.peakRss;
            ctx.out(child.output.trim().replace(/^/gm, '  | '));
          } else {
            await ingestFrSirene({
              knex: db.knex,
              store: service.store,
              logger: ctx.logger,
              unitesLegales: files.unitesLegales,
              etablissements: files.etablissements,
              version,
              batchSize,
            });
          }
        });
        eventsSeconds = events.seconds;
        await service.runner.caughtUp();
      });
      const benchPeakRss = sampler.stop();
      const peakRss = ingestPeakRss ?? benchPeakRss;
      const stored = await db.knex.raw<{ rows: { u: string; e: string }[] }>(
        'select (select count(*) from fr_sirene_unites_legales) as u, (select count(*) from fr_sirene_etablissements) as e',
      );
      const r0 = stored.rows[0]!;
      if (Number(r0.u) !== files.units || Number(r0.e) !== files.establishments)
        throw new Error(`read tables hold ${r0.u} units and ${r0.e} establishments`);
      ctx.out(
        `  events written in ${formatSeconds(eventsSeconds)}, read tables caught up at ${formatSeconds(ingest.seconds)}`,
      );
      // The least this design's ingest can cost on the same server (see eventsFloor.ts).
      let floor: EventsFloor | null = null;
      if (copy) {
        ctx.out('floor: COPY of one event per row (the published line) and of keyed read tables ...');
        floor = await measureEventsFloor({
          knex: db.knex,
          url: db.url,
          schema: db.schema,
          dir,
          files,
          unitColumns: UNITE_LEGALE_LAYOUT.known,
          establishmentColumns: ETABLISSEMENT_LAYOUT.known,
        });
      }
      const ingestRate = perSecond(rows, ingest.seconds);
      const copyRate = copy ? perSecond(rows, copy.seconds) : Number.NaN;
      printTable(
        `Ingest of ${formatCount(rows)} Sirene rows (${db.label})`,
        [
          {
            measure: 'rows/s',
            'COPY (baseline)': copy ? formatCount(copyRate) : 'n/a',
            'ingest end to end': formatCount(ingestRate),
            ratio: copy ? formatRatio(ingestRate / copyRate) : '',
            target: `>= ${formatRatio(INGEST_TARGET)}`,
            verdict: !copy ? 'no baseline' : ingestRate / copyRate >= INGEST_TARGET ? 'ok' : 'BELOW TARGET',
          },
          {
            measure: 'elapsed',
            'COPY (baseline)': copy ? formatSeconds(copy.seconds) : 'n/a',
            'ingest end to end': `${formatSeconds(ingest.seconds)} (events ${formatSeconds(eventsSeconds)})`,
            ratio: copy ? formatRatio(ingest.seconds / copy.seconds) : '',
          },
          ...(floor && copy ? floorRows(floor, copy.seconds, rows) : []),
          {
            measure:
              ingestPeakRss !== null ? 'peak RSS, ingest process' : 'peak RSS, this process (with PGlite)',
            'COPY (baseline)': '',
            'ingest end to end': formatBytes(peakRss),
            ratio: '',
            target: '< 512 MiB',
            verdict: ingestPeakRss === null ? 'includes PGlite' : peakRss < 512 * 1024 * 1024 ? 'ok' : 'OVER',
          },
          {
            measure: 'peak RSS, projecting process',
            'COPY (baseline)': '',
            'ingest end to end': formatBytes(benchPeakRss),
          },
        ],
        ctx.out,
      );

      if (!values['skip-http']) {
        // 3. The profile route, paid by key and signed, vs the same SELECT behind a bare Koa route.
        const { key } = await openAccount(service.store, { credits: 100_000 * 1_000_000 });
        await service.runner.catchUp();
        const sirens = files.sampleSirens.slice(0, 200);
        const check = await fetch(`http://127.0.0.1:${running.port}/v1/entreprise/${sirens[0]}`, {
          headers: { 'X-Api-Key': key },
        });
        if (check.status !== 200 || !check.headers.get('signature'))
          throw new Error(`profile route answered ${check.status}: ${await check.text()}`);
        const bare = await startBareProfileServer(db.knex);
        const bareSigned = await startBareProfileServer(db.knex, {
          signer: createSigner(generateKeyPairSync('ed25519').privateKey),
        });
        // The load generator in a thread of its own by default, so that its work does not delay the services'.
        const workers = values['load-in-loop'] ? 0 : 1;
        const loadGenerator = workers ? 'load from a worker thread' : 'load from the same event loop';
        try {
          ctx.out(
            `autocannon: ${connections} connections, ${seconds} s each, ${sirens.length} SIRENs in turn, ${loadGenerator} ...`,
          );
          // Statements the process sends per answer, counted over each timed run (after its warm-up).
          let statements = 0;
          db.knex.on('query', () => {
            statements++;
          });
          const perAnswer = (r: LoadResult) => {
            const n = statements;
            statements = 0;
            return (n / Math.max(1, r.statuses['2xx'] ?? 0)).toFixed(2);
          };
          const resetCount = () => {
            statements = 0;
          };
          const base = await loadTest({
            url: `http://127.0.0.1:${bare.port}`,
            paths: sirens.map((s) => `/bare/${s}`),
            connections,
            workers,
            seconds,
            onMeasureStart: resetCount,
          });
          const baseStatements = perAnswer(base);
          const signedFloor = await loadTest({
            url: `http://127.0.0.1:${bareSigned.port}`,
            paths: sirens.map((s) => `/bare/${s}`),
            connections,
            workers,
            seconds,
            onMeasureStart: resetCount,
          });
          const signedFloorStatements = perAnswer(signedFloor);
          const ours = await loadTest({
            url: `http://127.0.0.1:${running.port}`,
            paths: sirens.map((s) => `/v1/entreprise/${s}`),
            headers: { 'X-Api-Key': key },
            connections,
            workers,
            seconds,
            onMeasureStart: resetCount,
          });
          const oursStatements = perAnswer(ours);
          // Diagnostic: the same route with payment off, to tell the route's cost from the key ledger's.
          await running.close();
          closed = true;
          const unpaidService = await startSireneService(db, ctx.config, ctx.logger, { paid: false });
          const unpaid = await loadTest({
            url: `http://127.0.0.1:${unpaidService.port}`,
            paths: sirens.map((s) => `/v1/entreprise/${s}`),
            connections,
            workers,
            seconds,
            onMeasureStart: resetCount,
          }).finally(() => unpaidService.close());
          const unpaidStatements = perAnswer(unpaid);
          const ratio = ours.requestsPerSecond / base.requestsPerSecond;
          printTable(
            `GET /v1/entreprise/{siren} (${db.label}, ${connections} connections, ${seconds} s, ${loadGenerator})`,
            [
              {
                measure: 'requests/s',
                'bare Koa + same SELECT': formatCount(base.requestsPerSecond),
                'floor: bare + signature': `${formatCount(signedFloor.requestsPerSecond)} (${formatRatio(signedFloor.requestsPerSecond / base.requestsPerSecond)})`,
                'profile route (key, signed)': formatCount(ours.requestsPerSecond),
                'diagnostic: route unpaid, signed': `${formatCount(unpaid.requestsPerSecond)} (${formatRatio(unpaid.requestsPerSecond / base.requestsPerSecond)})`,
                ratio: formatRatio(ratio),
                target: `>= ${formatRatio(ROUTE_TARGET)}`,
                verdict: ratio >= ROUTE_TARGET ? 'ok' : 'BELOW TARGET',
              },
              {
                measure: 'p50 latency (ms)',
                'bare Koa + same SELECT': base.p50Ms,
                'floor: bare + signature': signedFloor.p50Ms,
                'profile route (key, signed)': ours.p50Ms,
                'diagnostic: route unpaid, signed': unpaid.p50Ms,
              },
              {
                measure: 'p99 latency (ms)',
                'bare Koa + same SELECT': base.p99Ms,
                'floor: bare + signature': signedFloor.p99Ms,
                'profile route (key, signed)': ours.p99Ms,
                'diagnostic: route unpaid, signed': unpaid.p99Ms,
              },
              {
                measure: 'SQL statements per answer',
                'bare Koa + same SELECT': baseStatements,
                'floor: bare + signature': signedFloorStatements,
                'profile route (key, signed)': oursStatements,
                'diagnostic: route unpaid, signed': unpaidStatements,
              },
              {
                measure: 'answers 2xx (other, errors)',
                'bare Koa + same SELECT': answers(base),
                'floor: bare + signature': answers(signedFloor),
                'profile route (key, signed)': answers(ours),
                'diagnostic: route unpaid, signed': answers(unpaid),
              },
            ],
            ctx.out,
          );
        } finally {
          await bare.close();
          await bareSigned.close();
        }
      }
    } finally {
      if (!closed) await running.close();
    }
  } finally {
    await db.close();
    await fs.rm(dir, { recursive: true, force: true });
  }
  ctx.out('');
  ctx.out(`peak RSS of the process: ${formatBytes(processPeakRss())}`);
  return 0;
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

/** The floor's rows of the ingest table: what COPY alone takes to write this design's events and read tables. */
function floorRows(floor: EventsFloor, copySeconds: number, rows: number) {
  const total = floor.eventsSeconds + floor.readTablesSeconds;
  return [
    {
      measure: 'floor: events alone (COPY)',
      'COPY (baseline)': '',
      'ingest end to end': `${formatCount(perSecond(rows, floor.eventsSeconds))} rows/s, ${formatSeconds(floor.eventsSeconds)}`,
      ratio: formatRatio(copySeconds / floor.eventsSeconds),
    },
    {
      measure: 'floor: events + keyed read tables (COPY)',
      'COPY (baseline)': '',
      'ingest end to end': `${formatCount(perSecond(rows, total))} rows/s, ${formatSeconds(total)}`,
      ratio: formatRatio(copySeconds / total),
      target: `>= ${formatRatio(INGEST_TARGET)}`,
      verdict: copySeconds / total >= INGEST_TARGET ? 'ok' : 'target above the floor',
    },
  ];
}

function answers(r: LoadResult): string {
  const ok = r.statuses['2xx'] ?? 0;
  const other = Object.entries(r.statuses).reduce((n, [k, v]) => (k === '2xx' ? n : n + v), 0);
  return `${formatCount(ok)} (${other}, ${r.errors})`;
}
