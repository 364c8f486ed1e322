import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { DEMO_SEEDERS } from '../app/readSide.ts';
import { composeService } from '../app/server/composeService.ts';
import { seedDemoData } from '../app/server/seedDemoData.ts';
import { openAccount } from '../ops/accounts/openAccount.ts';
import { FR_BODACC_REGISTER } from '../schemas/events/frBodaccEvents.ts';
import { FR_EGAPRO_REGISTER } from '../schemas/events/frEgaproEvents.ts';
import { FR_RATIOS_INPI_BCE_REGISTER } from '../schemas/events/frRatiosInpiBceEvents.ts';
import { FR_SIRENE_REGISTER } from '../schemas/events/frSireneEvents.ts';
import { FR_SIRET_IDCC_REGISTER } from '../schemas/events/frSiretIdccEvents.ts';
import { GLEIF_REGISTER } from '../schemas/events/gleifEvents.ts';
import { asServiceDatabase } from './core/asServiceDatabase.ts';
import type { BenchContext } from './core/benchContext.ts';
import { BENCH_PAYMENT } from './core/benchPayment.ts';
import { formatCount, formatRatio } from './core/format.ts';
import { openBenchDatabase } from './core/openBenchDatabase.ts';
import { parseCount } from './core/parseCount.ts';
import { printTable, type TableRow } from './core/printTable.ts';
import { type LoadResult, loadTest } from './http/loadTest.ts';

export const description =
  'the à-la-carte dossier (identity + 3 blocks, priced per request) vs the French profile, paid by key';

/** A demo company with establishments, BODACC notices and filed accounts (the dossier tests' company). */
const SIREN = '005420120';
/** The registers the two routes read; the RNE is not configured here (its member is absent, not asked). */
const SEEDED = [
  FR_SIRENE_REGISTER,
  FR_BODACC_REGISTER,
  FR_RATIOS_INPI_BCE_REGISTER,
  FR_EGAPRO_REGISTER,
  FR_SIRET_IDCC_REGISTER,
  GLEIF_REGISTER,
];
/** Target: the dossier with its three blocks keeps at least half the profile's throughput. */
const TARGET_RATIO = 0.5;

export async function run(argv: string[], ctx: BenchContext): Promise<number> {
  const { values } = parseArgs({
    args: argv,
    options: { seconds: { type: 'string' }, connections: { type: 'string' } },
  });
  const seconds = parseCount('seconds', values.seconds, 10);
  const connections = parseCount('connections', values.connections, 10);
  const bench = await openBenchDatabase(ctx.config, ctx.logger, { poolMax: 10 });
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'registres-bench-dossier-'));
  const config = { ...ctx.config, dataDir, signingKeyFile: null };
  const db = asServiceDatabase(bench);
  const variants = [
    {
      name: 'profile',
      path: `/v1/entreprise/${SIREN}`,
      what: 'GET /v1/entreprise/{siren} ($0.005): Sirene + 4 members',
    },
    {
      name: 'dossier, 1 block',
      path: `/v1/entreprise/${SIREN}/dossier?blocs=etablissements`,
      what: 'identity + etablissements ($0.008), read once before payment',
    },
    {
      name: 'dossier, 3 blocks',
      path: `/v1/entreprise/${SIREN}/dossier?blocs=etablissements,alertes_bodacc,finances`,
      what: 'identity + etablissements, alertes_bodacc, finances ($0.028)',
    },
  ];
  const results: { name: string; what: string; r: LoadResult }[] = [];
  try {
    ctx.out(
      `dossier benchmark on ${bench.label} (${bench.displayUrl}), ${connections} connections, ${seconds} s each`,
    );
    const service = await composeService(db, config, ctx.logger, {
      payment: BENCH_PAYMENT,
      rateLimits: false,
      frenchLiveSources: [],
      liveRegisters: [],
    });
    try {
      const port = await service.listen(0, '127.0.0.1');
      await seedDemoData(
        db,
        service.store,
        ctx.logger,
        DEMO_SEEDERS.filter((s) => SEEDED.includes(s.register)),
      );
      await service.runner.caughtUp();
      const { key } = await openAccount(service.store, { credits: 100_000_000_000 });
      await service.runner.catchUp();
      for (const v of variants) {
        const probe = await fetch(`http://127.0.0.1:${port}${v.path}`, { headers: { 'x-api-key': key } });
        if (probe.status !== 200) throw new Error(`${v.path}: ${probe.status} ${await probe.text()}`);
        const r = await loadTest({
          url: `http://127.0.0.1:${port}${v.path}`,
          headers: { 'x-api-key': key },
          connections,
          seconds,
        });
        results.push({ name: v.name, what: v.what, r });
      }
    } finally {
      await service.close();
    }
  } finally {
    await bench.close();
    await fs.rm(dataDir, { recursive: true, force: true });
  }
  const profile = results[0]!.r.requestsPerSecond;
  const table: TableRow[] = results.map(({ name, what, r }, i) => ({
    variant: name,
    'requests/s': formatCount(r.requestsPerSecond),
    'p50 ms': r.p50Ms,
    'p99 ms': r.p99Ms,
    'vs profile': formatRatio(r.requestsPerSecond / profile),
    target: i === 0 ? 'baseline' : `>= ${formatRatio(TARGET_RATIO)}`,
    verdict: i === 0 ? '' : r.requestsPerSecond >= TARGET_RATIO * profile ? 'met' : 'not met',
    '2xx': r.statuses['2xx'],
    'non-2xx': (r.statuses['4xx'] ?? 0) + (r.statuses['5xx'] ?? 0) + r.errors,
    what,
  }));
  printTable('French profile vs à-la-carte dossier, paid by API key', table, ctx.out);
  return results.every((x) => x.r.requestsPerSecond > 0 && x.r.statuses['2xx']) ? 0 : 1;
}
