import fs from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { DEMO_SEEDERS, EU_LIVE_REGISTERS } from '../app/readSide.ts';
import { composeService } from '../app/server/composeService.ts';
import { seedDemoData } from '../app/server/seedDemoData.ts';
import { ARES_RECORDINGS } from '../ingest/cz-ares/czAresLive.ts';
import { CZ_ARES_REGISTER } from '../schemas/events/czAresEvents.ts';
import { isValidIco } from '../schemas/identifiers/ico.ts';
import { asServiceDatabase } from './core/asServiceDatabase.ts';
import type { BenchContext } from './core/benchContext.ts';
import { formatCount, formatRatio } from './core/format.ts';
import { openBenchDatabase } from './core/openBenchDatabase.ts';
import { parseCount } from './core/parseCount.ts';
import { printTable } from './core/printTable.ts';
import { latencyRow, quantile, timeEach } from './core/sequentialLatency.ts';
import { now, secondsSince } from './core/timing.ts';
import { loadTest } from './http/loadTest.ts';

export const description =
  'live registers: our live path over the upstream’s own latency, cache-hit throughput vs a local copy, European search p95 with one register hanging';

const USAGE = `
npx registres bench live [--delay MS] [--reads N] [--seconds N] [--connections N]
  --delay MS       the replayed ARES answers after this many milliseconds (default 20)
  --reads N        live reads (cache misses), one at a time (default 200)
  --seconds N      duration of each throughput run (default 10)
  --connections N  connections of each throughput run (default 10)
`;

/** The first `n` valid IČOs from 10000000 up: each is a company no earlier read observed (a cache miss). */
function icos(n: number): string[] {
  const out: string[] = [];
  for (let i = 10_000_000; out.length < n; i++) if (isValidIco(String(i))) out.push(String(i));
  return out;
}

const median = (sorted: number[]) => quantile(sorted, 0.5);

/**
 * A replayed ARES: the real CineStar record for any IČO (its `ico` set to the one asked), the recorded search,
 * each after `delayMs`; `hang` keeps every search unanswered (a register that hangs).
 */
async function startAres(delayMs: number) {
  const record = JSON.parse(
    await fs.readFile(path.join(ARES_RECORDINGS.folder, 'ekonomicke-subjekty_26435675.json'), 'utf8'),
  ) as Record<string, unknown>;
  const search = await fs.readFile(path.join(ARES_RECORDINGS.folder, 'vyhledat_cinestar.json'));
  const state = { hang: false };
  const server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      const ico = /\/ekonomicke-subjekty\/(\d{8})$/.exec(req.url ?? '')?.[1];
      if (!ico && state.hang) return; // never answered
      const body = ico ? JSON.stringify({ ...record, ico, icoId: ico }) : search;
      setTimeout(() => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(body);
      }, delayMs);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    state,
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export async function run(argv: string[], ctx: BenchContext): Promise<number> {
  const { values } = parseArgs({
    args: argv,
    options: {
      delay: { type: 'string' },
      reads: { type: 'string' },
      seconds: { type: 'string' },
      connections: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
    strict: true,
  });
  if (values.help) {
    for (const line of USAGE.trim().split('\n')) ctx.out(line);
    return 0;
  }
  const delayMs = parseCount('delay', values.delay, 20);
  const reads = parseCount('reads', values.reads, 200);
  const seconds = parseCount('seconds', values.seconds, 10);
  const connections = parseCount('connections', values.connections, 10);
  const bench = await openBenchDatabase(ctx.config, ctx.logger, { poolMax: 10 });
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'registres-bench-live-'));
  const ares = await startAres(delayMs);
  const db = asServiceDatabase(bench);
  const service = await composeService(db, { ...ctx.config, dataDir, signingKeyFile: null }, ctx.logger, {
    payment: false,
    rateLimits: false,
    liveRegisters: EU_LIVE_REGISTERS.filter((l) => l.info.register === CZ_ARES_REGISTER),
    liveUrls: { [CZ_ARES_REGISTER]: ares.url },
    servedLogFlushMs: 200,
  });
  try {
    const port = await service.listen(0, '127.0.0.1');
    const base = `http://127.0.0.1:${port}`;
    await seedDemoData(db, service.store, ctx.logger, DEMO_SEEDERS);
    await service.runner.catchUp();
    ctx.out(
      `live bench on ${bench.label} (${bench.displayUrl}): ARES replayed with a ${delayMs} ms delay, ${reads} reads`,
    );
    const ids = icos(reads * 2);
    await measureLivePath(ctx, ares.url, base, ids, reads);
    await service.runner.catchUp();
    await measureCacheHits(ctx, base, ids[reads]!, { connections, seconds });
    await measureSearches(ctx, base, ares.state);
    return 0;
  } finally {
    // The requests a throughput run left running finish and are recorded before the served log closes.
    await service.close();
    await ares.close();
    await bench.close();
    await fs.rm(dataDir, { recursive: true, force: true });
  }
}

/** 1. The live path over the upstream's own latency: the same answers fetched directly, then through the route. */
async function measureLivePath(
  ctx: BenchContext,
  aresUrl: string,
  base: string,
  ids: string[],
  reads: number,
) {
  await timeEach(ids.slice(0, 10).map((ico) => `${aresUrl}/ekonomicke-subjekty/${ico}`)); // warm-up
  const upstream = await timeEach(ids.slice(0, reads).map((ico) => `${aresUrl}/ekonomicke-subjekty/${ico}`));
  const ours = await timeEach(ids.slice(reads).map((ico) => `${base}/v1/eu/entreprise/CZ/${ico}`));
  // Any priced answer's own cost (read, envelope, signature, served log), with no register asked.
  const local = await timeEach(Array.from({ length: reads }, () => `${base}/v1/eu/entreprise/NO/998543118`));
  printTable(
    `Live read (cache miss), one at a time, ${reads} reads`,
    [
      latencyRow('ARES replayed, fetched directly', upstream, 2),
      latencyRow('GET /v1/eu/entreprise/CZ/{ico}', ours, 2),
      {
        variant: 'added by our live path (target <= 10 ms)',
        'p50 ms': (median(ours) - median(upstream)).toFixed(2),
        'p95 ms': (quantile(ours, 0.95) - quantile(upstream, 0.95)).toFixed(2),
      },
      latencyRow('GET /v1/eu/entreprise/NO/{id}, local copy (no register asked)', local, 2),
    ],
    ctx.out,
  );
}

/** 2. Cache hits (read table) against the local-copy profile route, same load. */
async function measureCacheHits(
  ctx: BenchContext,
  base: string,
  ico: string,
  load: { connections: number; seconds: number },
) {
  const { connections, seconds } = load;
  const hit = await loadTest({ url: `${base}/v1/eu/entreprise/CZ/${ico}`, connections, seconds });
  const local = await loadTest({ url: `${base}/v1/eu/entreprise/NO/998543118`, connections, seconds });
  const throughputRow = (variant: string, run: typeof hit, versusLocal: string) => ({
    variant,
    'requests/s': formatCount(run.requestsPerSecond),
    'p99 ms': run.p99Ms,
    'vs local copy': versusLocal,
    '2xx': run.statuses['2xx'],
    'non-2xx': (run.statuses['4xx'] ?? 0) + (run.statuses['5xx'] ?? 0) + run.errors,
  });
  printTable(
    `Profile throughput, ${connections} connections, ${seconds} s each`,
    [
      throughputRow(
        'CZ, live register, cache hit',
        hit,
        formatRatio(hit.requestsPerSecond / local.requestsPerSecond),
      ),
      throughputRow('NO, local copy (baseline)', local, '1.00x'),
    ],
    ctx.out,
  );
}

/**
 * 3. The European search, every register answering, then ARES hanging: 20 searches, 10 at a time. Each search
 * asks something new: a question asked before is served from the client's cache.
 */
async function measureSearches(ctx: BenchContext, base: string, aresState: { hang: boolean }) {
  const searchTimes = async (phase: string) => {
    const ms: number[] = [];
    for (let batch = 0; batch < 2; batch++) {
      ms.push(
        ...(await Promise.all(
          Array.from({ length: 10 }, async (_, i) => {
            const start = now();
            const res = await fetch(`${base}/v1/eu/recherche?q=cinestar ${phase}${batch}${i}`);
            await res.arrayBuffer();
            if (res.status !== 200) throw new Error(`search answered ${res.status}`);
            return secondsSince(start) * 1000;
          }),
        )),
      );
    }
    return ms.sort((a, b) => a - b);
  };
  const answering = await searchTimes('a');
  aresState.hang = true;
  const hanging = await searchTimes('h');
  printTable(
    'GET /v1/eu/recherche, 20 searches, 10 at a time',
    [
      latencyRow('every register answering', answering, 1),
      latencyRow('ARES hanging (listed mute)', hanging, 1),
    ],
    ctx.out,
  );
}
