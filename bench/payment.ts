import fs from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import Router from '@koa/router';
import Koa from 'koa';
import { REGISTERS } from '../app/registers.ts';
import { composeService } from '../app/server/composeService.ts';
import { openAccount } from '../ops/accounts/openAccount.ts';
import { asServiceDatabase } from './core/asServiceDatabase.ts';
import type { BenchContext } from './core/benchContext.ts';
import { BENCH_PAYMENT } from './core/benchPayment.ts';
import { formatCount, formatRatio } from './core/format.ts';
import { openBenchDatabase } from './core/openBenchDatabase.ts';
import { parseCount } from './core/parseCount.ts';
import { printTable, type TableRow } from './core/printTable.ts';
import { type LoadResult, loadTest } from './http/loadTest.ts';
import {
  BENCH_REGISTER,
  benchProjection,
  benchRoute,
  ingestBenchRows,
  SELECT_LIGNE,
} from './payment/benchRegister.ts';

export const description =
  'a priced route paid by API key vs the same route with payment disabled vs bare Koa';

export async function run(argv: string[], ctx: BenchContext): Promise<number> {
  const { values } = parseArgs({
    args: argv,
    options: {
      seconds: { type: 'string' },
      connections: { type: 'string' },
      rows: { type: 'string' },
    },
  });
  const seconds = parseCount('seconds', values.seconds, 10);
  const connections = parseCount('connections', values.connections, 10);
  const rows = parseCount('rows', values.rows, 10_000);
  const bench = await openBenchDatabase(ctx.config, ctx.logger, { poolMax: 10 });
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'registres-bench-pay-'));
  const config = { ...ctx.config, dataDir, signingKeyFile: null };
  const db = asServiceDatabase(bench);
  const opts = {
    projections: [benchProjection],
    routes: [benchRoute],
    registers: [...REGISTERS, BENCH_REGISTER],
    servedLogFlushMs: 200,
  };
  const path_ = `/v1/bench/ligne/${String(Math.floor(rows / 2)).padStart(6, '0')}`;
  const results: { name: string; what: string; r: LoadResult }[] = [];
  try {
    ctx.out(
      `payment benchmark on ${bench.label} (${bench.displayUrl}), ${rows} rows, ${connections} connections, ${seconds} s each`,
    );
    // 1. Paid by key: the whole priced chain, the charge recorded on the account stream per call.
    {
      const service = await composeService(db, config, ctx.logger, {
        ...opts,
        payment: BENCH_PAYMENT,
        rateLimits: false,
      });
      const port = await service.listen(0, '127.0.0.1');
      await service.runner.caughtUp(
        await ingestBenchRows({ knex: db.knex, store: service.store, logger: ctx.logger }, rows).then(() =>
          service.store.headPosition(),
        ),
      );
      const { key } = await openAccount(service.store, { credits: 100_000_000_000 });
      await service.runner.catchUp();
      const r = await loadTest({
        url: `http://127.0.0.1:${port}${path_}`,
        headers: { 'x-api-key': key },
        connections,
        seconds,
      });
      results.push({
        name: 'key-paid',
        what: 'validation, key lookup, charge, freshness, envelope, signature, served log',
        r,
      });
      await service.close();
    }
    // 2. The same composed route, payment disabled: what everything but payment costs.
    {
      const service = await composeService(db, config, ctx.logger, {
        ...opts,
        payment: false,
        rateLimits: false,
      });
      const port = await service.listen(0, '127.0.0.1');
      const r = await loadTest({ url: `http://127.0.0.1:${port}${path_}`, connections, seconds });
      results.push({ name: 'unpaid', what: 'the same chain without payment (baseline)', r });
      await service.close();
    }
    // 3. A bare Koa route running the same primary-key SELECT: the floor.
    {
      const koa = new Koa();
      const router = new Router();
      router.get('/v1/bench/ligne/:id', async (c) => {
        c.body = (await db.knex.raw(SELECT_LIGNE, [String(c.params.id)])).rows[0];
      });
      koa.use(router.routes());
      const server = http.createServer(koa.callback());
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      const { port } = server.address() as { port: number };
      const r = await loadTest({ url: `http://127.0.0.1:${port}${path_}`, connections, seconds });
      results.push({ name: 'bare koa', what: 'same SELECT, JSON, nothing else', r });
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  } finally {
    await bench.close();
    await fs.rm(dataDir, { recursive: true, force: true });
  }
  const unpaid = results.find((x) => x.name === 'unpaid')!.r.requestsPerSecond;
  const table: TableRow[] = results.map(({ name, what, r }) => ({
    variant: name,
    'requests/s': formatCount(r.requestsPerSecond),
    'p50 ms': r.p50Ms,
    'p99 ms': r.p99Ms,
    'vs unpaid': formatRatio(r.requestsPerSecond / unpaid),
    '2xx': r.statuses['2xx'],
    'non-2xx': (r.statuses['4xx'] ?? 0) + (r.statuses['5xx'] ?? 0) + r.errors,
    what,
  }));
  printTable(`GET ${benchRoute.path} ($0.005)`, table, ctx.out);
  return results.every((x) => x.r.requestsPerSecond > 0) ? 0 : 1;
}
