import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { composeService } from '../app/server/composeService.ts';
import { ingestIeCro } from '../ingest/ie-cro/ingestIeCro.ts';
import { IE_CRO_PROFILES, ieCroProjection } from '../projections/ie-cro/ieCroProjection.ts';
import { asServiceDatabase } from './core/asServiceDatabase.ts';
import type { BenchContext } from './core/benchContext.ts';
import { formatBytes, formatCount, formatSeconds } from './core/format.ts';
import { type EmbeddedPlacement, openBenchDatabase } from './core/openBenchDatabase.ts';
import { parseCount } from './core/parseCount.ts';
import { printTable } from './core/printTable.ts';
import { startRssSampler } from './core/rssSampler.ts';
import { perSecond, timed } from './core/timing.ts';
import { generateCroCompanies } from './ie-cro/generateCroCompanies.ts';

export const description =
  'Ireland (CRO): ingest of the companies file end to end (file → events → unified-profile table), rows/s and peak RSS';

/** The published file: about 815,000 rows (814,897 on 2026-05-04). */
const FULL_SIZE = 815_000;
const RSS_TARGET = 512 * 1024 * 1024;

const USAGE = `registres bench ie-cro [--rows N] [--file companies.csv(.zip)] [--embedded memory|disk]
  --rows N     rows of the generated file (default ${formatCount(FULL_SIZE)}, the published size)
  --file F     ingest this real companies file instead of a generated one
Writes to DATABASE_URL's server, else a fresh embedded database, in a schema dropped at the end.`;

export async function run(argv: string[], ctx: BenchContext): Promise<number> {
  const { values } = parseArgs({
    args: argv,
    options: {
      rows: { type: 'string' },
      file: { type: 'string' },
      embedded: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
    strict: true,
  });
  if (values.help) {
    for (const line of USAGE.split('\n')) ctx.out(line);
    return 0;
  }
  const rows = parseCount('rows', values.rows, FULL_SIZE);
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'registres-bench-ie-cro-'));
  const db = await openBenchDatabase(ctx.config, ctx.logger, {
    embedded: (values.embedded ?? 'memory') as EmbeddedPlacement,
    poolMax: 4,
  });
  try {
    const file = values.file ?? path.join(dir, 'companies.csv');
    if (!values.file) await generateCroCompanies(file, rows);
    ctx.out(`database: ${db.label}; file ${file} (${formatBytes((await fs.stat(file)).size)})`);
    const service = await composeService(
      asServiceDatabase(db),
      { ...ctx.config, dataDir: dir, signingKeyFile: null },
      ctx.logger,
      { projections: [ieCroProjection], routes: [], payment: false, rateLimits: false, liveRegisters: [] },
    );
    try {
      // Listening starts the projection runner, as `serve` does (no request is sent).
      await service.listen(0, '127.0.0.1');
      const sampler = startRssSampler();
      let eventsSeconds = 0;
      const total = await timed(async () => {
        const events = await timed(() =>
          ingestIeCro({
            knex: db.knex,
            store: service.store,
            logger: ctx.logger,
            files: { companies: file },
            snapshotDate: new Date().toISOString().slice(0, 10),
          }),
        );
        eventsSeconds = events.seconds;
        await service.runner.caughtUp();
        return events.result;
      });
      const peak = sampler.stop();
      const { rows: counted } = await db.knex.raw(`select count(*)::int as n from ${IE_CRO_PROFILES}`);
      const read = total.result.counts.rows;
      printTable(
        `Ingest of the CRO companies file, ${formatCount(read)} rows read, ${formatCount(counted[0].n)} companies (${db.label})`,
        [
          {
            measure: 'rows/s, end to end',
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
