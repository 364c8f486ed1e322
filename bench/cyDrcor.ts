import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { composeService } from '../app/server/composeService.ts';
import { ingestCyDrcor } from '../ingest/cy-drcor/ingestCyDrcor.ts';
import { CY_DRCOR_PROFILES, cyDrcorProjection } from '../projections/cy-drcor/cyDrcorProjection.ts';
import { asServiceDatabase } from './core/asServiceDatabase.ts';
import type { BenchContext } from './core/benchContext.ts';
import { formatBytes, formatCount, formatSeconds } from './core/format.ts';
import { type EmbeddedPlacement, openBenchDatabase } from './core/openBenchDatabase.ts';
import { parseCount } from './core/parseCount.ts';
import { printTable } from './core/printTable.ts';
import { startRssSampler } from './core/rssSampler.ts';
import { perSecond, timed } from './core/timing.ts';
import { generateCyFiles } from './cy-drcor/generateCyFiles.ts';

export const description =
  'Cyprus (DRCOR): ingest of the organisations and registered-office files end to end (file → events → profile table), rows/s and peak RSS';

/**
 * Organisations per generated file. The published row count was not found (the largest file, the officials,
 * is about 120 MB and is not read); Cyprus registers some 500,000 organisations and business names.
 */
const FULL_SIZE = 500_000;
const RSS_TARGET = 512 * 1024 * 1024;

const USAGE = `registres bench cy-drcor [--rows N] [--organisations F --offices F] [--embedded memory|disk]
  --rows N           rows of the generated files (default ${formatCount(FULL_SIZE)})
  --organisations F  with --offices F: ingest these real files instead of generated ones
Writes to DATABASE_URL's server, else a fresh embedded database, in a schema dropped at the end.`;

export async function run(argv: string[], ctx: BenchContext): Promise<number> {
  const { values } = parseArgs({
    args: argv,
    options: {
      rows: { type: 'string' },
      organisations: { type: 'string' },
      offices: { type: 'string' },
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
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'registres-bench-cy-drcor-'));
  const db = await openBenchDatabase(ctx.config, ctx.logger, {
    embedded: (values.embedded ?? 'memory') as EmbeddedPlacement,
    poolMax: 4,
  });
  try {
    const real = values.organisations && values.offices;
    const files = real
      ? { organisations: values.organisations!, offices: values.offices! }
      : {
          organisations: path.join(dir, 'organisations.csv'),
          offices: path.join(dir, 'registered_office.csv'),
        };
    if (!real) await generateCyFiles(files, rows);
    const file = files.organisations;
    ctx.out(`database: ${db.label}; organisations ${file} (${formatBytes((await fs.stat(file)).size)})`);
    const service = await composeService(
      asServiceDatabase(db),
      { ...ctx.config, dataDir: dir, signingKeyFile: null },
      ctx.logger,
      { projections: [cyDrcorProjection], routes: [], payment: false, rateLimits: false, liveRegisters: [] },
    );
    try {
      // Listening starts the projection runner, as `serve` does (no request is sent).
      await service.listen(0, '127.0.0.1');
      const sampler = startRssSampler();
      let eventsSeconds = 0;
      const total = await timed(async () => {
        const events = await timed(() =>
          ingestCyDrcor({
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
      const { rows: counted } = await db.knex.raw(`select count(*)::int as n from ${CY_DRCOR_PROFILES}`);
      const read = total.result.counts.rows;
      printTable(
        `Ingest of the DRCOR files, ${formatCount(read)} rows read, ${formatCount(counted[0].n)} organisations (${db.label})`,
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
