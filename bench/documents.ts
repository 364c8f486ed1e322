import fs from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { DEMO_SEEDERS, FRENCH_LIVE_SOURCES } from '../app/readSide.ts';
import { composeService } from '../app/server/composeService.ts';
import { seedDemoData } from '../app/server/seedDemoData.ts';
import { RNE_RECORDINGS } from '../ingest/fr-rne/frRneLive.ts';
import { FR_RNE_REGISTER } from '../schemas/events/frRneEvents.ts';
import { isLuhnValid } from '../schemas/params/luhn.ts';
import { asServiceDatabase } from './core/asServiceDatabase.ts';
import type { BenchContext } from './core/benchContext.ts';
import { formatCount, formatRatio } from './core/format.ts';
import { openBenchDatabase } from './core/openBenchDatabase.ts';
import { parseCount } from './core/parseCount.ts';
import { printTable } from './core/printTable.ts';
import { latencyRow, quantile, timeEach } from './core/sequentialLatency.ts';
import { loadTest } from './http/loadTest.ts';

export const description =
  'French filings (RNE): the list’s cache miss over the upstream’s own time, its cache hit vs a local copy, a 2 MB PDF served, signed and logged vs the same bytes streamed from disk';

const USAGE = `
npx registres bench documents [--delay MS] [--reads N] [--seconds N] [--connections N] [--megabytes N]
  --delay MS       the replayed RNE answers after this many milliseconds (default 20)
  --reads N        filings lists read (cache misses), one at a time (default 20: the RNE's pace is 30 calls a
                   minute, login included; more reads wait for it, then are refused as saturated)
  --seconds N      duration of each throughput run (default 5)
  --connections N  connections of each throughput run (default 10)
  --megabytes N    size of the PDF downloaded (default 2)
`;

/** The first `n` Luhn-valid SIRENs from 100000000 up: each a company no earlier read observed (a cache miss). */
function sirens(n: number): string[] {
  const out: string[] = [];
  for (let i = 100_000_000; out.length < n; i++) if (isLuhnValid(String(i))) out.push(String(i));
  return out;
}

/**
 * A replayed RNE: its login, the recorded filings list (constructed from the INPI client's interface, see
 * ingest/fr-rne/live/SOURCE.txt) for any SIREN asked (its `siren` set to the one asked), and one PDF for any
 * download, each after `delayMs`. The PDF is the recorded stand-in padded to the size asked: a workload, not a
 * filing. A plain static server streams the same file from disk: the floor.
 */
async function startRne(delayMs: number, pdfFile: string) {
  const login = await fs.readFile(path.join(RNE_RECORDINGS.folder, 'sso_login_inpi_doc_example.json'));
  const list = JSON.parse(
    await fs.readFile(path.join(RNE_RECORDINGS.folder, 'attachments_535113062_constructed.json'), 'utf8'),
  ) as { actes: Record<string, unknown>[]; bilans: Record<string, unknown>[] };
  const pdf = await fs.readFile(pdfFile);
  const server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      const url = req.url ?? '';
      const siren = /\/api\/companies\/(\d{9})\/attachments$/.exec(url)?.[1];
      let status = 200;
      let type = 'application/json';
      let body: Buffer | string;
      if (url.endsWith('/api/sso/login')) body = login;
      else if (siren) {
        const mark = (rows: Record<string, unknown>[]) => rows.map((r) => ({ ...r, siren }));
        body = JSON.stringify({ ...list, actes: mark(list.actes), bilans: mark(list.bilans) });
      } else if (/\/api\/(actes|bilans)\/[0-9a-f]{24}\/download$/.test(url)) {
        type = 'application/pdf';
        body = pdf;
      } else {
        status = 404;
        body = '{}';
      }
      setTimeout(() => {
        res.writeHead(status, { 'content-type': type });
        res.end(body);
      }, delayMs);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** The floor of a download: the same bytes streamed from disk by a bare node server. */
async function startDisk(file: string) {
  const server = http.createServer(async (req, res) => {
    req.resume();
    const stat = await fs.stat(file);
    res.writeHead(200, { 'content-type': 'application/pdf', 'content-length': String(stat.size) });
    (await fs.open(file)).createReadStream().pipe(res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/file.pdf`,
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** The recorded stand-in PDF, padded with a PDF comment line to `bytes` (a PDF reader skips comments). */
async function writePdf(dir: string, bytes: number): Promise<string> {
  const stand = await fs.readFile(
    path.join(RNE_RECORDINGS.folder, 'acte_63df98a28eded29cb31823ee_stand_in.pdf'),
  );
  const padding = Math.max(0, bytes - stand.length - 2);
  const file = path.join(dir, 'document.pdf');
  await fs.writeFile(file, Buffer.concat([stand, Buffer.from(`%${'x'.repeat(padding)}\n`, 'latin1')]));
  return file;
}

export async function run(argv: string[], ctx: BenchContext): Promise<number> {
  const { values } = parseArgs({
    args: argv,
    options: {
      delay: { type: 'string' },
      reads: { type: 'string' },
      seconds: { type: 'string' },
      connections: { type: 'string' },
      megabytes: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
    strict: true,
  });
  if (values.help) {
    for (const line of USAGE.trim().split('\n')) ctx.out(line);
    return 0;
  }
  const delayMs = parseCount('delay', values.delay, 20);
  const reads = parseCount('reads', values.reads, 20);
  const seconds = parseCount('seconds', values.seconds, 5);
  const connections = parseCount('connections', values.connections, 10);
  const megabytes = parseCount('megabytes', values.megabytes, 2);
  const bench = await openBenchDatabase(ctx.config, ctx.logger, { poolMax: 10 });
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'registres-bench-documents-'));
  const pdfFile = await writePdf(dataDir, megabytes * 1024 * 1024);
  const rne = await startRne(delayMs, pdfFile);
  const disk = await startDisk(pdfFile);
  const db = asServiceDatabase(bench);
  const service = await composeService(db, { ...ctx.config, dataDir, signingKeyFile: null }, ctx.logger, {
    payment: false,
    rateLimits: false,
    liveRegisters: [],
    frenchLiveSources: FRENCH_LIVE_SOURCES.filter((s) => s.info.register === FR_RNE_REGISTER),
    liveUrls: { [FR_RNE_REGISTER]: rne.url },
    liveCredentials: { [FR_RNE_REGISTER]: 'bench:bench' },
    livePolicy: { maxDocumentBytes: (megabytes + 1) * 1024 * 1024 },
    servedLogFlushMs: 200,
  });
  try {
    const port = await service.listen(0, '127.0.0.1');
    const base = `http://127.0.0.1:${port}`;
    await seedDemoData(db, service.store, ctx.logger, DEMO_SEEDERS);
    await service.runner.catchUp();
    ctx.out(
      `documents bench on ${bench.label} (${bench.displayUrl}): RNE replayed with a ${delayMs} ms delay, ${reads} lists, a ${megabytes} MB PDF`,
    );
    const ids = sirens(reads * 2);
    // 1. The filings list, cache miss: the replayed RNE fetched directly, then through the route.
    const listUrl = (siren: string) => `${rne.url}/api/companies/${siren}/attachments`;
    await timeEach(ids.slice(0, 10).map(listUrl));
    const upstream = await timeEach(ids.slice(0, reads).map(listUrl));
    const ours = await timeEach(ids.slice(reads).map((s) => `${base}/v1/entreprise/${s}/documents`));
    printTable(
      `Filings list (cache miss), one at a time, ${reads} reads`,
      [
        latencyRow('RNE replayed, fetched directly', upstream),
        latencyRow('GET /v1/entreprise/{siren}/documents', ours),
        {
          variant: 'added by our live path',
          'p50 ms': (quantile(ours, 0.5) - quantile(upstream, 0.5)).toFixed(2),
          'p95 ms': (quantile(ours, 0.95) - quantile(upstream, 0.95)).toFixed(2),
        },
      ],
      ctx.out,
    );
    await service.runner.catchUp();
    // 2. Cache hit against the local-copy profile (NO), same load.
    const hit = await loadTest({
      url: `${base}/v1/entreprise/${ids[reads]}/documents`,
      connections,
      seconds,
    });
    const local = await loadTest({ url: `${base}/v1/eu/entreprise/NO/998543118`, connections, seconds });
    const row = (variant: string, r: typeof hit, vs: string) => ({
      variant,
      'requests/s': formatCount(r.requestsPerSecond),
      'p99 ms': r.p99Ms,
      'vs local copy': vs,
      '2xx': r.statuses['2xx'],
      'non-2xx': (r.statuses['4xx'] ?? 0) + (r.statuses['5xx'] ?? 0) + r.errors,
    });
    printTable(
      `Filings list throughput, ${connections} connections, ${seconds} s each`,
      [
        row('filings list, cache hit', hit, formatRatio(hit.requestsPerSecond / local.requestsPerSecond)),
        row('NO profile, local copy (baseline)', local, '1.00x'),
      ],
      ctx.out,
    );
    // 3. A PDF served, signed and logged (from the bytes cache after its first read) vs streamed from disk.
    const downloads = 50;
    const pdfUrl = `${base}/v1/documents/actes/63df98a28eded29cb31823ee`;
    await timeEach([pdfUrl]); // the first read fills the bytes cache
    await timeEach(Array.from({ length: 5 }, () => disk.url));
    const floor = await timeEach(Array.from({ length: downloads }, () => disk.url));
    const served = await timeEach(Array.from({ length: downloads }, () => pdfUrl));
    printTable(
      `A ${megabytes} MB PDF, one at a time, ${downloads} downloads`,
      [
        latencyRow('streamed from disk (floor)', floor),
        latencyRow('GET /v1/documents/actes/{id}, cached, signed, logged', served),
        {
          variant: 'ratio to the floor (target <= 2x)',
          'p50 ms': formatRatio(quantile(served, 0.5) / quantile(floor, 0.5)),
          'p95 ms': formatRatio(quantile(served, 0.95) / quantile(floor, 0.95)),
        },
      ],
      ctx.out,
    );
    return 0;
  } finally {
    // The requests a throughput run left running finish and are recorded before the served log closes.
    await service.close();
    await rne.close();
    await disk.close();
    await bench.close();
    await fs.rm(dataDir, { recursive: true, force: true });
  }
}
