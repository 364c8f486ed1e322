import diagnostics from 'node:diagnostics_channel';
import fs from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import type { Knex } from 'knex';
import { DEMO_SEEDERS, FRENCH_LIVE_SOURCES } from '../app/readSide.ts';
import { composeService } from '../app/server/composeService.ts';
import { seedDemoData } from '../app/server/seedDemoData.ts';
import { VIES_RECORDINGS } from '../ingest/eu-vies/euViesLive.ts';
import { JUDILIBRE_RECORDINGS, searchPath } from '../ingest/fr-judilibre/frJudilibreLive.ts';
import { PISTE_TOKEN_PATH } from '../ingest/fr-judilibre/pisteOAuth.ts';
import { RNE_RECORDINGS } from '../ingest/fr-rne/frRneLive.ts';
import { UNITES_LEGALES_TABLE } from '../projections/fr-sirene-unites-legales/unitesLegalesProjection.ts';
import { EU_VIES_REGISTER } from '../schemas/events/euViesEvents.ts';
import { FR_JUDILIBRE_REGISTER } from '../schemas/events/frJudilibreEvents.ts';
import { FR_RNE_REGISTER } from '../schemas/events/frRneEvents.ts';
import { isLuhnValid } from '../schemas/params/luhn.ts';
import { asServiceDatabase } from './core/asServiceDatabase.ts';
import type { BenchContext } from './core/benchContext.ts';
import {
  type CpuProfile,
  printSelfTimeTable,
  startCpuProfile,
  withinWindows,
  writeCpuProfile,
} from './core/cpuProfile.ts';
import { formatCount, formatRatio } from './core/format.ts';
import { openBenchDatabase } from './core/openBenchDatabase.ts';
import { parseCount } from './core/parseCount.ts';
import { printTable, type TableRow } from './core/printTable.ts';
import { latencyRow, quantile, timeEach } from './core/sequentialLatency.ts';
import { loadTest } from './http/loadTest.ts';

export const description =
  'French live routes beside the filings: court decisions (Judilibre), capital (RNE), VAT check (VIES); each cache miss over its upstream’s own time, each cache hit vs a local copy';

const USAGE = `
npx registres bench fr-live [--delay MS] [--reads N] [--seconds N] [--connections N] [--statements]
                             [--cpu-profile DIR] [--trace] [--routes LIST]
  --delay MS       each replayed upstream answers after this many milliseconds (default 20)
  --reads N        cache misses read per route, one at a time (default 20; capital's reads are spaced by
                   4.5 s, untimed, to keep within the RNE's pace of 30 calls a minute, two calls a read)
  --seconds N      duration of each throughput run (default 5)
  --connections N  connections of each throughput run (default 10)
  --statements     also print the statements each route's misses sent on the service's primary connections
                   (appends, subscriptions' reads, projections, served log), per miss, by their first words
  --trace          also print, for each route's median miss, what happened when, in ms from the request:
                   each statement the service sent (start and end), each upstream question's arrival and
                   answer, the HTTP client's connections and answers
  --routes LIST    only these routes' misses and hits, comma-separated among contentieux, capital,
                   tva/verifier (default all: one route's change measured sooner)
  --cpu-profile DIR  profile this thread (the service, its embedded database, the load) during each route's
                   misses into DIR/<route>.cpuprofile (the samples from request to answer only:
                   DIR/<route>.misses.cpuprofile), and print the functions' self time per miss in those windows
`;

const read = async (folder: string, file: string) => fs.readFile(path.join(folder, file), 'utf8');

/**
 * The three upstreams replayed on one server, each under its register's prefix, every answer after `delayMs`:
 * - Judilibre: PISTE's token; any search answers the recorded page for the demo company with no result (most
 *   companies have no decision: two searches, no decision read, the common miss); a decision id answers its
 *   recorded decision;
 * - RNE: the login; any `/api/companies/{siren}` answers the recorded company 552032534 with the SIREN asked,
 *   and its filings list the constructed list of 535113062 (capital reads both, side by side);
 * - VIES: any French number answers the recorded valid answer with the number asked.
 * Each is a recorded answer (see each live/SOURCE.txt) re-keyed to the question: a workload, not a fact.
 */
async function startUpstreams(delayMs: number) {
  const j = JUDILIBRE_RECORDINGS.folder;
  const token = await read(j, 'piste_token_sandbox_recorded.json');
  const page = JSON.parse(await read(j, 'search_siren_005420120.json')) as Record<string, unknown>;
  const emptyPage = JSON.stringify({ ...page, total: 0, results: [], next_page: null, max_score: 0 });
  const login = await read(RNE_RECORDINGS.folder, 'sso_login_inpi_doc_example.json');
  const company = await read(RNE_RECORDINGS.folder, 'companies_552032534.json');
  const filings = await read(RNE_RECORDINGS.folder, 'attachments_535113062_constructed.json');
  const vies = JSON.parse(await read(VIES_RECORDINGS.folder, 'ms_FR_vat_68005420120_valid_constructed.json'));
  const answer = (url: string): [number, string] => {
    if (url.startsWith('/judilibre')) {
      const rest = url.slice('/judilibre'.length);
      if (rest.startsWith(PISTE_TOKEN_PATH)) return [200, token];
      if (rest.startsWith('/search?')) return [200, emptyPage];
      return [404, '{}'];
    }
    if (url.startsWith('/rne')) {
      const rest = url.slice('/rne'.length);
      if (rest === '/api/sso/login') return [200, login];
      const siren = /^\/api\/companies\/(\d{9})$/.exec(rest)?.[1];
      if (siren) return [200, company.replaceAll('"552032534"', `"${siren}"`)];
      const listed = /^\/api\/companies\/(\d{9})\/attachments$/.exec(rest)?.[1];
      if (listed) return [200, filings.replaceAll('"535113062"', `"${listed}"`)];
      return [404, '{}'];
    }
    const number = /^\/vies\/ms\/FR\/vat\/(\d{11})$/.exec(url)?.[1];
    if (number) return [200, JSON.stringify({ ...vies, vatNumber: number, originalVatNumber: number })];
    return [404, '{}'];
  };
  const server = http.createServer((req, res) => {
    req.resume();
    mark(`upstream asked ${req.method} ${req.url}`);
    req.on('end', () => {
      const [status, body] = answer(req.url ?? '');
      setTimeout(() => {
        mark(`upstream answers ${req.url}`);
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(body);
      }, delayMs);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    urls: {
      [FR_JUDILIBRE_REGISTER]: `${base}/judilibre`,
      [FR_RNE_REGISTER]: `${base}/rne`,
      [EU_VIES_REGISTER]: `${base}/vies`,
    },
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** `--trace`: what happened when (performance.now() ms), while a traced miss runs. */
const traced: { on: boolean; marks: { at: number; what: string }[] } = { on: false, marks: [] };
const mark = (what: string) => {
  if (traced.on) traced.marks.push({ at: performance.now(), what });
};

/** Marks each statement `knex` sends (start, end) and the HTTP client's connections and answers. */
function traceSources(knex: Knex): () => void {
  const kind = (sql: string) => sql.replace(/\s+/g, ' ').trim().slice(0, 60);
  const sqlOf = new Map<string, string>();
  const onQuery = (q: { sql: string; __knexQueryUid: string }) => {
    sqlOf.set(q.__knexQueryUid, kind(q.sql));
    mark(`sql> ${kind(q.sql)}`);
  };
  const onDone = (_r: unknown, q: { sql: string; __knexQueryUid: string }) => {
    mark(`sql< ${sqlOf.get(q.__knexQueryUid) ?? kind(q.sql)}`);
    sqlOf.delete(q.__knexQueryUid);
  };
  knex.on('query', onQuery);
  knex.on('query-response', onDone);
  knex.on('query-error', onDone);
  const channels: [string, (m: unknown) => void][] = [
    [
      'undici:client:beforeConnect',
      (m) => mark(`http connect ${(m as { connectParams: { port: string } }).connectParams.port}`),
    ],
    [
      'undici:client:connected',
      (m) => mark(`http connected ${(m as { connectParams: { port: string } }).connectParams.port}`),
    ],
    [
      'undici:request:create',
      (m) => mark(`http request ${(m as { request: { path: string } }).request.path}`),
    ],
    [
      'undici:request:headers',
      (m) => mark(`http headers ${(m as { request: { path: string } }).request.path}`),
    ],
  ];
  for (const [name, fn] of channels) diagnostics.subscribe(name, fn);
  return () => {
    knex.removeListener('query', onQuery);
    knex.removeListener('query-response', onDone);
    knex.removeListener('query-error', onDone);
    for (const [name, fn] of channels) diagnostics.unsubscribe(name, fn);
  };
}

/** Like `timeEach`, each URL's marks kept: the timeline of the median miss, in ms from its request. */
async function timeEachTraced(
  urls: readonly string[],
  opts: { pauseMs?: number } = {},
): Promise<{ ms: number[]; median: string[] }> {
  const runs: { ms: number; marks: { at: number; what: string }[] }[] = [];
  for (const [i, url] of urls.entries()) {
    if (i > 0 && opts.pauseMs) await new Promise((resolve) => setTimeout(resolve, opts.pauseMs));
    traced.marks = [];
    traced.on = true;
    const start = performance.now();
    const res = await fetch(url);
    await res.arrayBuffer();
    const end = performance.now();
    traced.on = false;
    if (res.status !== 200) throw new Error(`${url} answered ${res.status}`);
    runs.push({
      ms: end - start,
      marks: [...traced.marks, { at: end, what: 'answer read' }].map((m) => ({ ...m, at: m.at - start })),
    });
  }
  // Each step by its label (digits folded, its occurrence counted), in ms from the request: median and least.
  const offsets = new Map<string, number[]>();
  for (const run of runs) {
    const seen = new Map<string, number>();
    for (const m of run.marks) {
      const label = m.what.replace(/\d+/g, '#').slice(0, 72);
      const n = (seen.get(label) ?? 0) + 1;
      seen.set(label, n);
      const key = n > 1 ? `${label} (${n})` : label;
      offsets.set(key, [...(offsets.get(key) ?? []), m.at]);
    }
  }
  const median = [...offsets]
    .filter(([, at]) => at.length * 2 > runs.length)
    .map(([label, at]) => {
      const sortedAt = [...at].sort((a, b) => a - b);
      return { label, p50: quantile(sortedAt, 0.5), min: sortedAt[0]!, n: at.length };
    })
    .sort((a, b) => a.p50 - b.p50)
    .map(
      (r) =>
        `${r.p50.toFixed(2).padStart(8)} ${r.min.toFixed(2).padStart(8)} ${String(r.n).padStart(3)}  ${r.label}`,
    );
  return { ms: runs.map((r) => r.ms).sort((a, b) => a - b), median };
}

/**
 * `timeEach`, with this process's CPU (user + system, ms) over each read's window, request to answer read: the
 * service, its embedded database, the replayed upstream and the HTTP client, all on this thread. Both sorted.
 */
async function timeEachWithCpu(
  urls: readonly string[],
  opts: { pauseMs?: number } = {},
): Promise<{ ms: number[]; cpu: number[]; windows: [number, number][] }> {
  const ms: number[] = [];
  const cpu: number[] = [];
  const windows: [number, number][] = [];
  const micros = () => Number(process.hrtime.bigint() / 1000n);
  for (const [i, url] of urls.entries()) {
    if (i > 0 && opts.pauseMs) await new Promise((resolve) => setTimeout(resolve, opts.pauseMs));
    const cpuStart = process.cpuUsage();
    const from = micros();
    const start = performance.now();
    const res = await fetch(url);
    await res.arrayBuffer();
    ms.push(performance.now() - start);
    windows.push([from, micros()]);
    const used = process.cpuUsage(cpuStart);
    cpu.push((used.user + used.system) / 1000);
    if (res.status !== 200) throw new Error(`${url} answered ${res.status}`);
  }
  const sorted = (xs: number[]) => xs.sort((a, b) => a - b);
  return { ms: sorted(ms), cpu: sorted(cpu), windows };
}

/** The RNE's pace is 30 calls a minute and a capital read asks two: reads spaced by more than 4 s. */
const RNE_READ_INTERVAL_MS = 4_500;

/**
 * What one database round trip costs on this machine, back to back (as contentieux's and tva's misses follow
 * each other) and after the pause capital's misses wait (its database connections and PostgreSQL's backend idle
 * meanwhile): a trivial statement on the service's pool. Capital's miss makes three round trips on its path
 * (its local facts, the read table's recall, the append), the first of them after that pause; the upstream
 * baseline none.
 */
async function roundTripRows(knex: Knex, n: number) {
  const once = async () => {
    const start = process.hrtime.bigint();
    await knex.raw('select 1');
    return Number(process.hrtime.bigint() - start) / 1e6;
  };
  await once();
  const backToBack: number[] = [];
  for (let i = 0; i < n; i++) backToBack.push(await once());
  const idle: number[] = [];
  for (let i = 0; i < n; i++) {
    await new Promise((resolve) => setTimeout(resolve, RNE_READ_INTERVAL_MS));
    idle.push(await once());
  }
  const sorted = (ms: number[]) => ms.sort((a, b) => a - b);
  return [
    latencyRow('floor: one database round trip (select 1), back to back', sorted(backToBack)),
    latencyRow(
      `floor: the same after ${RNE_READ_INTERVAL_MS / 1000} s idle (capital's first statement)`,
      sorted(idle),
    ),
  ];
}

/** A French VAT number from a SIREN: key = (12 + 3 × (SIREN mod 97)) mod 97, two digits. */
const frenchVat = (siren: string) =>
  `${String((12 + 3 * (Number(siren) % 97)) % 97).padStart(2, '0')}${siren}`;

/** The first `n` Luhn-valid SIRENs from 200000000 up (numbers no earlier read asked: each a cache miss). */
function sirens(n: number): string[] {
  const out: string[] = [];
  for (let i = 200_000_000; out.length < n; i++) if (isLuhnValid(String(i))) out.push(String(i));
  return out;
}

/** Runs `work` and returns what it gave with the SQL of every statement `knex` sent meanwhile. */
async function statementsOf<T>(
  knex: Knex,
  work: () => Promise<T>,
): Promise<{ result: T; statements: string[] }> {
  const statements: string[] = [];
  const count = (q: { sql: string }) => void statements.push(q.sql);
  knex.on('query', count);
  try {
    return { result: await work(), statements };
  } finally {
    knex.removeListener('query', count);
  }
}

/** Statements per miss, by their first words (whitespace folded), most frequent first, and their total. */
function statementRows(route: string, statements: readonly string[], reads: number): TableRow[] {
  const byKind = new Map<string, number>();
  for (const sql of statements) {
    const kind = sql.replace(/\s+/g, ' ').trim().slice(0, 70);
    byKind.set(kind, (byKind.get(kind) ?? 0) + 1);
  }
  const perMiss = (n: number) => (n / reads).toFixed(1);
  return [
    { variant: `${route}: all`, 'per miss': perMiss(statements.length) },
    ...[...byKind]
      .sort((a, b) => b[1] - a[1])
      .map(([kind, n]) => ({ variant: `  ${kind}`, 'per miss': perMiss(n) })),
  ];
}

/** One cache-miss table: the upstream's questions asked directly (as the reader asks them), then the route. */
function missRows(route: string, upstream: number[], ours: number[]) {
  return [
    latencyRow(`${route}: upstream questions, asked directly`, upstream),
    latencyRow(`${route}: the route`, ours),
    {
      variant: `${route}: added by our live path (target <= 10 ms)`,
      'p50 ms': (quantile(ours, 0.5) - quantile(upstream, 0.5)).toFixed(2),
      'p95 ms': (quantile(ours, 0.95) - quantile(upstream, 0.95)).toFixed(2),
    },
  ];
}

/**
 * Times `questions` one after the other, each a set of upstream URLs asked as the route asks them: side by side
 * (capital's company and filings), or one after the other with `sequential` (contentieux's two searches, so
 * that a failing Judilibre is asked once): the upstream's own time for one miss.
 */
async function timeQuestions(
  questions: string[][],
  opts: { sequential?: boolean; pauseMs?: number; cpu?: number[] } = {},
): Promise<number[]> {
  const out: number[] = [];
  const ask = async (url: string) => (await fetch(url)).arrayBuffer();
  for (const [i, urls] of questions.entries()) {
    if (i > 0 && opts.pauseMs) await new Promise((resolve) => setTimeout(resolve, opts.pauseMs));
    const cpuStart = process.cpuUsage();
    const start = process.hrtime.bigint();
    if (opts.sequential) for (const url of urls) await ask(url);
    else await Promise.all(urls.map(ask));
    out.push(Number(process.hrtime.bigint() - start) / 1e6);
    const used = process.cpuUsage(cpuStart);
    opts.cpu?.push((used.user + used.system) / 1000);
  }
  opts.cpu?.sort((a, b) => a - b);
  return out.sort((a, b) => a - b);
}

export async function run(argv: string[], ctx: BenchContext): Promise<number> {
  const { values } = parseArgs({
    args: argv,
    options: {
      delay: { type: 'string' },
      reads: { type: 'string' },
      seconds: { type: 'string' },
      connections: { type: 'string' },
      statements: { type: 'boolean' },
      trace: { type: 'boolean' },
      'cpu-profile': { type: 'string' },
      routes: { type: 'string' },
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
  const ROUTES = ['contentieux', 'capital', 'tva/verifier'];
  const routes = values.routes ? values.routes.split(',').map((r) => r.trim()) : ROUTES;
  const unknownRoute = routes.find((r) => !ROUTES.includes(r));
  if (unknownRoute) throw new Error(`--routes: ${unknownRoute} is not one of ${ROUTES.join(', ')}`);
  const measured = (route: string) => routes.includes(route);
  const bench = await openBenchDatabase(ctx.config, ctx.logger, { poolMax: 10 });
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'registres-bench-fr-live-'));
  const upstreams = await startUpstreams(delayMs);
  const db = asServiceDatabase(bench);
  const registers = [FR_JUDILIBRE_REGISTER, FR_RNE_REGISTER, EU_VIES_REGISTER];
  const service = await composeService(db, { ...ctx.config, dataDir, signingKeyFile: null }, ctx.logger, {
    payment: false,
    rateLimits: false,
    liveRegisters: [],
    frenchLiveSources: FRENCH_LIVE_SOURCES.filter((s) => registers.includes(s.info.register)),
    liveUrls: upstreams.urls,
    liveCredentials: { [FR_JUDILIBRE_REGISTER]: 'bench:bench', [FR_RNE_REGISTER]: 'bench:bench' },
    servedLogFlushMs: 200,
  });
  try {
    const port = await service.listen(0, '127.0.0.1');
    const base = `http://127.0.0.1:${port}`;
    await seedDemoData(db, service.store, ctx.logger, DEMO_SEEDERS);
    await service.runner.catchUp();
    // The demo's named companies: contentieux and capital read the company from Sirene first.
    const demo = (await bench.knex(UNITES_LEGALES_TABLE).whereNotNull('denomination').orderBy('siren'))
      .map((r: { siren: string; denomination: string }) => ({ siren: r.siren, denomination: r.denomination }))
      .slice(0, reads * 2 + 1);
    if (demo.length < reads * 2 + 1)
      throw new Error(`the demo holds ${demo.length} named companies: ask fewer reads`);
    ctx.out(
      `fr-live bench on ${bench.label} (${bench.displayUrl}): Judilibre, RNE and VIES replayed with a ${delayMs} ms delay, ${reads} misses a route`,
    );
    const u = upstreams.urls;
    // Warm the upstream connections, and each route and its reader's login or token, on a company of its own.
    const [warm, ...rest] = demo as [(typeof demo)[number], ...typeof demo];
    await timeQuestions([[`${u[EU_VIES_REGISTER]}/ms/FR/vat/${frenchVat('100000032')}`]]);
    await timeEach([
      `${base}/v1/entreprise/${warm.siren}/contentieux`,
      `${base}/v1/entreprise/${warm.siren}/capital`,
      `${base}/v1/tva/verifier/FR${frenchVat('100000032')}`,
    ]);
    // What a miss asks: Judilibre's searches by SIREN then by name; the RNE's company and filings side by side.
    const direct = {
      contentieux: (c: { siren: string; denomination: string }) => [
        `${u[FR_JUDILIBRE_REGISTER]}${searchPath(c.siren)}`,
        `${u[FR_JUDILIBRE_REGISTER]}${searchPath(c.denomination)}`,
      ],
      capital: (c: { siren: string }) => [
        `${u[FR_RNE_REGISTER]}/api/companies/${c.siren}`,
        `${u[FR_RNE_REGISTER]}/api/companies/${c.siren}/attachments`,
      ],
    };
    const first = rest.slice(0, reads);
    const second = rest.slice(reads);
    const vats = sirens(reads * 2).map(frenchVat);
    const counted: TableRow[] = [];
    // The route's misses, and with `--statements` what they sent on the primary until the projections caught up.
    const profileDir = values['cpu-profile'];
    const profiles = new Map<string, { profile: CpuProfile; per: number }>();
    const timelines = new Map<string, string[]>();
    const cpuRows: TableRow[] = [];
    // The CPU of this thread while each route's upstream questions were asked directly (timeQuestions).
    const upstreamCpu = new Map<string, number[]>();
    const cpuOf = (route: string) => {
      const cpu: number[] = [];
      upstreamCpu.set(route, cpu);
      return cpu;
    };
    const misses = async (
      route: string,
      time: () => Promise<number[]>,
      traceRun?: () => Promise<{ ms: number[]; median: string[] }>,
      cpuRun?: () => Promise<{ ms: number[]; cpu: number[]; windows: [number, number][] }>,
    ) => {
      if (values.trace && traceRun) {
        const stop = traceSources(bench.knex);
        try {
          const { ms, median } = await traceRun();
          timelines.set(route, median);
          return ms;
        } finally {
          stop();
        }
      }
      if (profileDir) {
        const window = await startCpuProfile();
        // Timed with its windows (request to answer): the table counts only what ran inside them.
        const timed = cpuRun ? await cpuRun() : { ms: await time(), windows: null };
        const profile = await window.stop();
        await writeCpuProfile(profileDir, route.replace('/', '-'), profile);
        const inside = timed.windows ? withinWindows(profile, timed.windows) : profile;
        if (timed.windows) await writeCpuProfile(profileDir, `${route.replace('/', '-')}.misses`, inside);
        profiles.set(route, { profile: inside, per: reads });
        return timed.ms;
      }
      if (!values.statements && cpuRun) {
        const { ms, cpu } = await cpuRun();
        const direct = upstreamCpu.get(route) ?? [];
        cpuRows.push(
          {
            variant: `${route}: CPU of this thread per miss, request to answer (ms)`,
            'p50 ms': quantile(cpu, 0.5).toFixed(2),
            'p95 ms': quantile(cpu, 0.95).toFixed(2),
          },
          {
            variant: `${route}: the same, upstream questions asked directly`,
            'p50 ms': quantile(direct, 0.5).toFixed(2),
            'p95 ms': quantile(direct, 0.95).toFixed(2),
          },
          {
            variant: `${route}: CPU added by our live path`,
            'p50 ms': (quantile(cpu, 0.5) - quantile(direct, 0.5)).toFixed(2),
            'p95 ms': (quantile(cpu, 0.95) - quantile(direct, 0.95)).toFixed(2),
          },
        );
        return ms;
      }
      if (!values.statements) return time();
      await service.servedLog.flush();
      await service.runner.catchUp();
      const { result, statements } = await statementsOf(bench.knex, async () => {
        const ms = await time();
        await service.servedLog.flush();
        await service.runner.catchUp();
        return ms;
      });
      counted.push(...statementRows(route, statements, reads));
      return result;
    };
    const rows: TableRow[] = [];
    if (measured('contentieux'))
      rows.push(
        ...missRows(
          'contentieux',
          await timeQuestions(first.map(direct.contentieux), { sequential: true, cpu: cpuOf('contentieux') }),
          await misses(
            'contentieux',
            () => timeEach(second.map((c) => `${base}/v1/entreprise/${c.siren}/contentieux`)),
            () => timeEachTraced(second.map((c) => `${base}/v1/entreprise/${c.siren}/contentieux`)),
            () => timeEachWithCpu(second.map((c) => `${base}/v1/entreprise/${c.siren}/contentieux`)),
          ),
        ),
      );
    if (measured('capital')) {
      const capitalUrls = second.map((c) => `${base}/v1/entreprise/${c.siren}/capital`);
      const spaced = { pauseMs: RNE_READ_INTERVAL_MS };
      rows.push(
        ...missRows(
          'capital',
          // Two RNE calls a read, 30 a minute: one read every 4.5 s keeps the pace's queue empty. The upstream
          // asked directly at the same spacing: past the HTTP clients' 4 s keep-alive, each read of either side
          // opens its connections again (asked back to back, the direct reads kept theirs: half the gap).
          await timeQuestions(first.map(direct.capital), { ...spaced, cpu: cpuOf('capital') }),
          await misses(
            'capital',
            () => timeEach(capitalUrls, spaced),
            () => timeEachTraced(capitalUrls, spaced),
            () => timeEachWithCpu(capitalUrls, spaced),
          ),
        ),
      );
    }
    if (measured('tva/verifier'))
      rows.push(
        ...missRows(
          'tva/verifier',
          await timeQuestions(
            vats.slice(0, reads).map((v) => [`${u[EU_VIES_REGISTER]}/ms/FR/vat/${v}`]),
            { cpu: cpuOf('tva/verifier') },
          ),
          await misses(
            'tva/verifier',
            () => timeEach(vats.slice(reads).map((v) => `${base}/v1/tva/verifier/FR${v}`)),
            () => timeEachTraced(vats.slice(reads).map((v) => `${base}/v1/tva/verifier/FR${v}`)),
            () => timeEachWithCpu(vats.slice(reads).map((v) => `${base}/v1/tva/verifier/FR${v}`)),
          ),
        ),
      );
    rows.push(...cpuRows);
    rows.push(...(await roundTripRows(bench.knex, Math.min(reads, 10))));
    printTable(`Cache miss, one at a time, ${reads} reads a route`, rows, ctx.out);
    for (const [route, lines] of timelines) {
      ctx.out(`\n${route}: each step of the misses, ms from the request: p50, least, misses it occurred in`);
      for (const line of lines) ctx.out(line);
    }
    for (const route of profiles.keys())
      printSelfTimeTable({
        title: `CPU profile of the ${route} misses, request to answer (this thread: service, embedded database, HTTP client, replayed upstream): self time per miss`,
        profiles: new Map([[route, profiles.get(route)!]]),
        unit: 'µs',
        lead: route,
        top: 30,
        out: ctx.out,
      });
    if (values.statements)
      printTable(
        `Statements on the primary per miss (until the projections caught up; served log flushed)`,
        counted,
        ctx.out,
      );
    await service.runner.catchUp();
    const hitUrls = {
      contentieux: `${base}/v1/entreprise/${second[0]!.siren}/contentieux`,
      capital: `${base}/v1/entreprise/${second[0]!.siren}/capital`,
      'tva/verifier': `${base}/v1/tva/verifier/FR${vats[reads]}`,
    };
    const local = await loadTest({ url: `${base}/v1/eu/entreprise/NO/998543118`, connections, seconds });
    const row = (variant: string, r: typeof local) => ({
      variant,
      'requests/s': formatCount(r.requestsPerSecond),
      'p99 ms': r.p99Ms,
      'vs local copy (target >= 0.8x)': formatRatio(r.requestsPerSecond / local.requestsPerSecond),
      '2xx': r.statuses['2xx'],
      'non-2xx': (r.statuses['4xx'] ?? 0) + (r.statuses['5xx'] ?? 0) + r.errors,
    });
    const hits = [];
    for (const [name, url] of Object.entries(hitUrls)) {
      if (!measured(name)) continue;
      hits.push(row(`${name}, cache hit`, await loadTest({ url, connections, seconds })));
    }
    printTable(
      `Cache hit throughput, ${connections} connections, ${seconds} s each`,
      [...hits, row('NO profile, local copy (baseline)', local)],
      ctx.out,
    );
    return 0;
  } finally {
    // The requests a throughput run left running finish and are recorded before the served log closes.
    await service.close();
    await upstreams.close();
    await bench.close();
    await fs.rm(dataDir, { recursive: true, force: true });
  }
}
