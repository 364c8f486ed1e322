import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { composeService } from '../app/server/composeService.ts';
import { BE_KBO_DEMO_FILES } from '../ingest/be-kbo/beKboDemo.ts';
import { ingestBeKbo } from '../ingest/be-kbo/ingestBeKbo.ts';
import { BE_KBO_PROFILES, beKboProjection } from '../projections/be-kbo/beKboProjection.ts';
import { generateBeKboFiles } from './be-kbo/generateBeKboFiles.ts';
import { asServiceDatabase } from './core/asServiceDatabase.ts';
import type { BenchContext } from './core/benchContext.ts';
import { formatBytes, formatCount, formatSeconds } from './core/format.ts';
import { type EmbeddedPlacement, openBenchDatabase } from './core/openBenchDatabase.ts';
import { parseCount } from './core/parseCount.ts';
import { printTable } from './core/printTable.ts';
import { startRssSampler } from './core/rssSampler.ts';
import { perSecond, timed } from './core/timing.ts';

export const description =
  'Belgium (KBO/BCE): ingest of a Full extract (enterprise, denomination, address) end to end, rows/s and peak RSS';

/** enterprise.csv of a Full extract: about 1.95 million enterprises (half of them natural persons). */
const FULL_ENTERPRISES = 1_950_000;
const RSS_TARGET = 512 * 1024 * 1024;

const USAGE = `registres bench be-kbo [--enterprises N] [--embedded memory|disk]
  --enterprises N  rows of the generated enterprise.csv (default ${formatCount(FULL_ENTERPRISES)}, the published
                   size); denomination.csv and address.csv follow (about 1.3 and 1.25 rows per enterprise)
Writes to DATABASE_URL's server, else a fresh embedded database, in a schema dropped at the end.`;

export async function run(argv: string[], ctx: BenchContext): Promise<number> {
  const { values } = parseArgs({
    args: argv,
    options: {
      enterprises: { type: 'string' },
      embedded: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
    strict: true,
  });
  if (values.help) {
    for (const line of USAGE.split('\n')) ctx.out(line);
    return 0;
  }
  const enterprises = parseCount('enterprises', values.enterprises, FULL_ENTERPRISES);
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'registres-bench-be-kbo-'));
  const db = await openBenchDatabase(ctx.config, ctx.logger, {
    embedded: (values.embedded ?? 'memory') as EmbeddedPlacement,
    poolMax: 4,
  });
  try {
    const files = {
      enterprise: path.join(dir, 'enterprise.csv'),
      denomination: path.join(dir, 'denomination.csv'),
      address: path.join(dir, 'address.csv'),
      code: BE_KBO_DEMO_FILES.code,
    };
    const generated = await generateBeKboFiles(files, enterprises);
    const sizes = await Promise.all(
      [files.enterprise, files.denomination, files.address].map((f) => fs.stat(f)),
    );
    ctx.out(
      `database: ${db.label}; files ${sizes.map((s) => formatBytes(s.size)).join(' + ')}; ${formatCount(enterprises)} enterprises, ${formatCount(generated.denominations)} denominations, ${formatCount(generated.addresses)} addresses`,
    );
    const service = await composeService(
      asServiceDatabase(db),
      { ...ctx.config, dataDir: dir, signingKeyFile: null },
      ctx.logger,
      { projections: [beKboProjection], routes: [], payment: false, rateLimits: false, liveRegisters: [] },
    );
    try {
      await service.listen(0, '127.0.0.1');
      const sampler = startRssSampler();
      let eventsSeconds = 0;
      const read = enterprises + generated.denominations + generated.addresses;
      const total = await timed(async () => {
        const events = await timed(() =>
          ingestBeKbo({
            knex: db.knex,
            store: service.store,
            logger: ctx.logger,
            files,
            snapshotDate: new Date().toISOString().slice(0, 10),
          }),
        );
        eventsSeconds = events.seconds;
        await service.runner.caughtUp();
        return events.result;
      });
      const peak = sampler.stop();
      const served = (await db.knex.raw(`select count(*)::int as n from ${BE_KBO_PROFILES}`)).rows[0]
        .n as number;
      printTable(
        `Ingest of a KBO Full extract, ${formatCount(read)} rows read, ${formatCount(total.result.counts.rows)} recorded rows, ${formatCount(served)} legal persons served (${db.label})`,
        [
          {
            measure: 'rows read/s, end to end',
            value: formatCount(perSecond(read, total.seconds)),
            detail: `${formatSeconds(total.seconds)} (events ${formatSeconds(eventsSeconds)})`,
          },
          {
            measure: 'peak RSS, this process (with PGlite when embedded)',
            value: formatBytes(peak),
            target: '< 512 MiB',
            verdict: peak < RSS_TARGET ? 'ok' : 'OVER',
          },
        ],
        ctx.out,
      );
    } finally {
      await service.close();
    }
    return 0;
  } finally {
    await db.close();
    await fs.rm(dir, { recursive: true, force: true });
  }
}
