import { generateKeyPairSync } from 'node:crypto';
import { type IntervalHistogram, monitorEventLoopDelay } from 'node:perf_hooks';
import { openAccount } from '../../ops/accounts/openAccount.ts';
import type { Config } from '../../ops/config.ts';
import type { Logger } from '../../ops/logger.ts';
import { createSigner } from '../../ops/signing/signer.ts';
import {
  type CpuProfile,
  type CpuProfileWindow,
  printSelfTimeTable,
  startCpuProfile,
  writeCpuProfile,
} from '../core/cpuProfile.ts';
import { formatCount, formatRatio } from '../core/format.ts';
import type { BenchDatabase } from '../core/openBenchDatabase.ts';
import { percentile } from '../core/percentile.ts';
import { printTable } from '../core/printTable.ts';
import { mainThreadCpuSeconds, postgresCpuSeconds, processCpuSeconds } from '../core/processCpu.ts';
import { type LoadResult, loadTest } from '../http/loadTest.ts';
import { startBareProfileServer } from './bareProfileServer.ts';
import { startSireneService } from './benchService.ts';

/** Issue 22: the key-paid, signed, logged profile route at >= 0.6x of the signed floor, p99 under 20 ms. */
const ROUTE_TARGET = 0.6;
const P99_TARGET_MS = 20;

type RunningService = Awaited<ReturnType<typeof startSireneService>>;

type ProfileRouteBenchOptions = {
  db: BenchDatabase;
  config: Config;
  logger: Logger;
  running: RunningService;
  sirens: readonly string[];
  connections: number;
  seconds: number;
  /** Runs of the bare route, the floor and the paid route, interleaved; the ratio is their median. */
  rounds: number;
  loadInLoop: boolean;
  /** Where to write a CPU profile of this thread for each timed run; null: none. */
  cpuProfileDir: string | null;
  out: (line: string) => void;
};

/**
 * autocannon on `GET /v1/entreprise/{siren}` of the composed service (API key with credits, signed, served
 * log), beside the signed floor (a bare Koa route running the same SELECT plus only the digest and the
 * signature) and, as diagnostics, the bare route and the route with payment off. Closes `running` (the unpaid
 * diagnostic needs a service of its own) and prints one table. The three are run in interleaved rounds, and
 * the verdict is the median of the rounds' paid / floor ratios: on a shared two-core machine the speed
 * drifts by a third over minutes, and runs seconds apart see the same machine.
 */
export async function benchProfileRoute(opts: ProfileRouteBenchOptions): Promise<void> {
  const { db, running, connections, seconds, out } = opts;
  const { service } = running;
  const { key } = await openAccount(service.store, { credits: 100_000 * 1_000_000 });
  await service.runner.catchUp();
  const sirens = opts.sirens.slice(0, 200);
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
  const workers = opts.loadInLoop ? 0 : 1;
  const loadGenerator = workers ? 'load from a worker thread' : 'load from the same event loop';
  try {
    // A checkpoint first: the load and the floors' COPY leave the server flushing dirty pages for a while,
    // which slows whichever run comes first.
    if (db.label === 'postgres') await db.knex.raw('checkpoint');
    out(
      `autocannon: ${connections} connections, ${opts.rounds} rounds of ${seconds} s each, ${sirens.length} SIRENs in turn, ${loadGenerator} ...`,
    );
    const measured = measuredLoads(opts, sirens, workers);
    const load = measured.load;
    // Rounds, each running the three side by side in turn (the order reversed every other round): the
    // machine's speed drifts over minutes, and each round's ratio compares runs a few seconds apart.
    const runs: Record<'bare' | 'floor' | 'paid', () => Promise<LoadResult>> = {
      bare: () => load('bare', bare.port, '/bare/'),
      floor: () => load('floor', bareSigned.port, '/bare/'),
      paid: () => load('paid', running.port, '/v1/entreprise/', { 'X-Api-Key': key }),
    };
    const roundRatios: number[] = [];
    for (let round = 0; round < opts.rounds; round++) {
      const order =
        round % 2 === 0 ? (['bare', 'floor', 'paid'] as const) : (['paid', 'floor', 'bare'] as const);
      const got: Partial<Record<RunName, LoadResult>> = {};
      for (const name of order) got[name] = await runs[name]();
      roundRatios.push(got.paid!.requestsPerSecond / got.floor!.requestsPerSecond);
    }
    // Diagnostic: the same route with payment off, to tell the route's cost from the key ledger's.
    await running.close();
    const unpaidService = await startSireneService(db, opts.config, opts.logger, { paid: false });
    await load('unpaid', unpaidService.port, '/v1/entreprise/').finally(() => unpaidService.close());
    printRouteTable(opts, measured, roundRatios, loadGenerator);
  } finally {
    await bare.close();
    await bareSigned.close();
  }
}

/**
 * Load tests that keep, per run name, what each timed run measured: its results, the SQL statements this
 * process sent, CPU seconds (this thread, the other threads, PostgreSQL), the event loop's delay, and with
 * --cpu-profile this thread's profile of the first round.
 */
function measuredLoads(opts: ProfileRouteBenchOptions, sirens: readonly string[], workers: number) {
  const { db, connections, seconds, out } = opts;
  // Statements the process sends per answer, counted over each timed run (after its warm-up).
  let statements = 0;
  db.knex.on('query', () => {
    statements++;
  });
  const statementsOf = new Map<RunName, number>();
  // With --cpu-profile: this thread's profile of each timed run of the first round.
  const profiles = new Map<string, { profile: CpuProfile; per: number }>();
  // CPU seconds over the timed runs: this thread (the services), the process's other threads (the load
  // generator, libuv's pool, the collector's helpers) and the PostgreSQL server; per answer at the end.
  const cpuOfRuns = new Map<RunName, CpuSeconds>();
  const resultsOf = new Map<RunName, LoadResult[]>();
  // How long this thread's event loop was held up (ms) during each timed run: what the services' latency
  // tail owes to work done in one piece (a batch serialised and hashed, a collection).
  const loopDelayOf = new Map<RunName, { p99: number; max: number }[]>();
  const load = async (
    name: RunName,
    port: number,
    prefix: string,
    headers?: Record<string, string>,
  ): Promise<LoadResult> => {
    let window: CpuProfileWindow | null = null;
    let cpuBefore: CpuSeconds | null = null;
    let loopDelay: IntervalHistogram | null = null;
    const round = resultsOf.get(name)?.length ?? 0;
    const result = await loadTest({
      url: `http://127.0.0.1:${port}`,
      paths: sirens.map((s) => `${prefix}${s}`),
      ...(headers ? { headers } : {}),
      connections,
      workers,
      seconds,
      onMeasureStart: async () => {
        statements = 0;
        cpuBefore = await cpuSecondsNow(db.label === 'postgres');
        if (opts.cpuProfileDir && round === 0) window = await startCpuProfile();
        loopDelay = monitorEventLoopDelay({ resolution: 1 });
        loopDelay.enable();
      },
      onMeasureEnd: async () => {
        if (loopDelay) {
          loopDelay.disable();
          const delays = loopDelayOf.get(name) ?? [];
          delays.push({ p99: loopDelay.percentile(99) / 1e6, max: loopDelay.max / 1e6 });
          loopDelayOf.set(name, delays);
        }
        const cpuAfter = await cpuSecondsNow(db.label === 'postgres');
        statementsOf.set(name, (statementsOf.get(name) ?? 0) + statements);
        if (cpuBefore) cpuOfRuns.set(name, cpuPlus(cpuOfRuns.get(name), cpuPlus(cpuAfter, cpuBefore, -1)));
        if (!window || !opts.cpuProfileDir) return;
        const profile = await window.stop();
        out(`  cpu profile: ${await writeCpuProfile(opts.cpuProfileDir, name, profile)}`);
        profiles.set(name, { profile, per: 1 });
      },
    });
    // Microseconds of this thread per answer, rather than per window.
    const entry = round === 0 ? profiles.get(name) : undefined;
    if (entry) entry.per = result.statuses['2xx'] ?? 0;
    resultsOf.set(name, [...(resultsOf.get(name) ?? []), result]);
    return result;
  };
  return { load, statementsOf, profiles, cpuOfRuns, resultsOf, loopDelayOf };
}

/** The route's table (the paid route against the floor, the diagnostics beside), then its CPU profiles. */
function printRouteTable(
  opts: ProfileRouteBenchOptions,
  measured: ReturnType<typeof measuredLoads>,
  roundRatios: readonly number[],
  loadGenerator: string,
): void {
  const { db, connections, seconds, out } = opts;
  const { resultsOf, statementsOf, cpuOfRuns, loopDelayOf, profiles } = measured;
  const base = combined(resultsOf.get('bare')!);
  const floor = combined(resultsOf.get('floor')!);
  const ours = combined(resultsOf.get('paid')!);
  const unpaid = combined(resultsOf.get('unpaid')!);
  const perAnswer = (name: RunName, r: LoadResult) =>
    ((statementsOf.get(name) ?? 0) / Math.max(1, r.statuses['2xx'] ?? 0)).toFixed(2);
  const baseStatements = perAnswer('bare', base);
  const floorStatements = perAnswer('floor', floor);
  const oursStatements = perAnswer('paid', ours);
  const unpaidStatements = perAnswer('unpaid', unpaid);

  const ratio = median(roundRatios);
  const ofBare = (r: LoadResult) => formatRatio(r.requestsPerSecond / base.requestsPerSecond);
  printTable(
    `GET /v1/entreprise/{siren} (${db.label}, ${connections} connections, ${opts.rounds} rounds of ${seconds} s, ${loadGenerator})`,
    [
      {
        measure: 'requests/s',
        'floor: bare + signature': formatCount(floor.requestsPerSecond),
        'profile route (key, signed)': formatCount(ours.requestsPerSecond),
        'ratio to the floor': `${formatRatio(ratio)} (median)`,
        target: `>= ${formatRatio(ROUTE_TARGET)}`,
        verdict: ratio >= ROUTE_TARGET ? 'met' : 'not met',
        'diagnostic: bare Koa + same SELECT': formatCount(base.requestsPerSecond),
        'diagnostic: route unpaid, signed': formatCount(unpaid.requestsPerSecond),
      },
      {
        measure: 'ratio to the bare route',
        'floor: bare + signature': ofBare(floor),
        'profile route (key, signed)': ofBare(ours),
        'diagnostic: bare Koa + same SELECT': '1.00x',
        'diagnostic: route unpaid, signed': ofBare(unpaid),
      },
      {
        measure: 'p50 latency (ms)',
        'floor: bare + signature': floor.p50Ms,
        'profile route (key, signed)': ours.p50Ms,
        'diagnostic: bare Koa + same SELECT': base.p50Ms,
        'diagnostic: route unpaid, signed': unpaid.p50Ms,
      },
      {
        measure: 'p99 latency (ms)',
        'floor: bare + signature': floor.p99Ms,
        'profile route (key, signed)': ours.p99Ms,
        target: `< ${P99_TARGET_MS} ms`,
        verdict: ours.p99Ms < P99_TARGET_MS ? 'met' : 'not met',
        'diagnostic: bare Koa + same SELECT': base.p99Ms,
        'diagnostic: route unpaid, signed': unpaid.p99Ms,
      },
      {
        measure: 'SQL statements per answer',
        'floor: bare + signature': floorStatements,
        'profile route (key, signed)': oursStatements,
        'diagnostic: bare Koa + same SELECT': baseStatements,
        'diagnostic: route unpaid, signed': unpaidStatements,
      },
      ...cpuRows(cpuOfRuns, { floor, paid: ours, bare: base, unpaid }),
      loopDelayRow(loopDelayOf),
      {
        measure: 'answers 2xx (other, errors)',
        'floor: bare + signature': answers(floor),
        'profile route (key, signed)': answers(ours),
        'diagnostic: bare Koa + same SELECT': answers(base),
        'diagnostic: route unpaid, signed': answers(unpaid),
      },
    ],
    out,
  );
  out(
    `  paid / floor per round: ${roundRatios.map(formatRatio).join(', ')} (median ${formatRatio(ratio)}); rates, answers and CPU: all rounds; latencies: median of the rounds`,
  );
  if (profiles.size > 0)
    printSelfTimeTable({
      title: "CPU profile of the services' thread: self time per 2xx answer, largest in the paid run",
      profiles,
      unit: 'µs',
      lead: 'paid',
      out,
    });
}

type RunName = 'bare' | 'floor' | 'paid' | 'unpaid';

const median = (values: readonly number[]) => percentile(values, 50);

/** Several runs of one target as one: mean rate (runs of equal length), median latencies, summed counts. */
function combined(results: readonly LoadResult[]): LoadResult {
  const statuses: Record<string, number> = {};
  for (const r of results)
    for (const [k, v] of Object.entries(r.statuses)) statuses[k] = (statuses[k] ?? 0) + v;
  return {
    requestsPerSecond: results.reduce((n, r) => n + r.requestsPerSecond, 0) / results.length,
    p50Ms: median(results.map((r) => r.p50Ms)),
    p99Ms: median(results.map((r) => r.p99Ms)),
    statuses,
    errors: results.reduce((n, r) => n + r.errors, 0),
  };
}

interface CpuSeconds {
  service: number | null;
  otherThreads: number | null;
  postgres: number | null;
}

async function cpuSecondsNow(postgres: boolean): Promise<CpuSeconds> {
  const service = await mainThreadCpuSeconds();
  const own = (await processCpuSeconds(process.pid))?.own ?? null;
  return {
    service,
    otherThreads: own === null || service === null ? null : own - service,
    postgres: postgres ? await postgresCpuSeconds() : null,
  };
}

/** `a + sign × b`, part by part (null where either is unknown); `a` absent: `b`. */
function cpuPlus(a: CpuSeconds | undefined, b: CpuSeconds, sign: 1 | -1 = 1): CpuSeconds {
  if (!a) return b;
  const plus = (x: number | null, y: number | null) => (x === null || y === null ? null : x + sign * y);
  return {
    service: plus(a.service, b.service),
    otherThreads: plus(a.otherThreads, b.otherThreads),
    postgres: plus(a.postgres, b.postgres),
  };
}

/** Three rows: CPU microseconds per 2xx answer of the services' thread, the other threads, PostgreSQL. */
function cpuRows(
  cpu: ReadonlyMap<RunName, CpuSeconds>,
  runs: { floor: LoadResult; paid: LoadResult; bare: LoadResult; unpaid: LoadResult },
): Record<string, string>[] {
  const row = (measure: string, pick: (c: CpuSeconds) => number | null) => {
    const cells: Record<string, string> = { measure };
    for (const [name, column] of Object.entries(RUN_COLUMNS) as [RunName, string][]) {
      const seconds = cpu.get(name);
      const value = seconds ? pick(seconds) : null;
      const ok = runs[name].statuses['2xx'] ?? 0;
      cells[column] = value === null || ok === 0 ? 'n/a' : formatCount((value * 1e6) / ok);
    }
    return cells;
  };
  return [
    row("CPU µs per answer: the services' thread", (c) => c.service),
    row('CPU µs per answer: other threads (load, pool)', (c) => c.otherThreads),
    row('CPU µs per answer: PostgreSQL', (c) => c.postgres),
  ];
}

const RUN_COLUMNS = {
  floor: 'floor: bare + signature',
  paid: 'profile route (key, signed)',
  bare: 'diagnostic: bare Koa + same SELECT',
  unpaid: 'diagnostic: route unpaid, signed',
} as const;

/** The event loop's delay over the timed runs: median of the rounds' p99, and the largest of all. */
function loopDelayRow(delays: ReadonlyMap<RunName, { p99: number; max: number }[]>): Record<string, string> {
  const cells: Record<string, string> = { measure: "event-loop delay p99 / max (ms), the services' thread" };
  for (const [name, column] of Object.entries(RUN_COLUMNS) as [RunName, string][]) {
    const runs = delays.get(name) ?? [];
    cells[column] =
      runs.length === 0
        ? 'n/a'
        : `${median(runs.map((r) => r.p99)).toFixed(1)} / ${Math.max(...runs.map((r) => r.max)).toFixed(1)}`;
  }
  return cells;
}

function answers(r: LoadResult): string {
  const ok = r.statuses['2xx'] ?? 0;
  const other = Object.entries(r.statuses).reduce((n, [k, v]) => (k === '2xx' ? n : n + v), 0);
  return `${formatCount(ok)} (${other}, ${r.errors})`;
}
