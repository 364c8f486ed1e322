import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { composeService } from '../app/server/composeService.ts';
import { ingestSeBolagsverket } from '../ingest/se-bolagsverket/ingestSeBolagsverket.ts';
import {
  SE_BOLAGSVERKET_PROFILES,
  seBolagsverketProjection,
} from '../projections/se-bolagsverket/seBolagsverketProjection.ts';
import { asServiceDatabase } from './core/asServiceDatabase.ts';
import type { BenchContext } from './core/benchContext.ts';
import { formatBytes, formatCount, formatSeconds } from './core/format.ts';
import { type EmbeddedPlacement, openBenchDatabase } from './core/openBenchDatabase.ts';
import { parseCount } from './core/parseCount.ts';
import { printTable } from './core/printTable.ts';
import { startRssSampler } from './core/rssSampler.ts';
import { perSecond, timed } from './core/timing.ts';
import { generateBolagsverketFile } from './se-bolagsverket/generateBolagsverketFile.ts';

export const description =
  'Sweden (Bolagsverket): ingest of the weekly bulk file end to end, rows/s and peak RSS';

/** bolagsverket_bulkfil.txt: about 2.96 million rows (977 MB), counted by a public reader on 2026-06-05. */
const FULL_ROWS = 2_960_000;
const RSS_TARGET = 512 * 1024 * 1024;

const USAGE = `registres bench se-bolagsverket [--rows N] [--embedded memory|disk]
  --rows N  rows of the generated bulk file (default ${formatCount(FULL_ROWS)}, the published size; one in three
            a sole trader, left out at the door)
Writes to DATABASE_URL's server, else a fresh embedded database, in a schema dropped at the end.`;

export async function run(argv: string[], ctx: BenchContext): Promise<number> {
  const { values } = parseArgs({
    args: argv,
    options: {
      rows: { type: 'string' },
      embedded: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
    strict: true,
  });
  if (values.help) {
    for (const line of USAGE.split('\n')) ctx.out(line);
    return 0;
  }
  const rows = parseCount('rows', values.rows, FULL_ROWS);
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'registres-bench-se-bolagsverket-'));
  const db = await openBenchDatabase(ctx.config, ctx.logger, {
    embedded: (values.embedded ?? 'memory') as EmbeddedPlacement,
    poolMax: 4,
  });
  try {
    const file = path.join(dir, 'bolagsverket_bulkfil.txt');
    await generateBolagsverketFile(file, rows);
    ctx.out(
      `database: ${db.label}; file ${formatBytes((await fs.stat(file)).size)}, ${formatCount(rows)} rows`,
    );
    const service = await composeService(
      asServiceDatabase(db),
      { ...ctx.config, dataDir: dir, signingKeyFile: null },
      ctx.logger,
      {
        projections: [seBolagsverketProjection],
        routes: [],
        payment: false,
        rateLimits: false,
        liveRegisters: [],
      },
    );
    try {
      await service.listen(0, '127.0.0.1');
      const sampler = startRssSampler();
      let eventsSeconds = 0;
      const total = await timed(async () => {
        const events = await timed(() =>
          ingestSeBolagsverket({
            knex: db.knex,
            store: service.store,
            logger: ctx.logger,
            file,
            snapshotDate: new Date().toISOString().slice(0, 10),
          }),
        );
        eventsSeconds = events.seconds;
        await service.runner.caughtUp();
        return events.result;
      });
      const peak = sampler.stop();
      const served = (await db.knex.raw(`select count(*)::int as n from ${SE_BOLAGSVERKET_PROFILES}`)).rows[0]
        .n as number;
      printTable(
        `Ingest of a Bolagsverket bulk file, ${formatCount(rows)} rows read, ${formatCount(total.result.counts.rows)} recorded, ${formatCount(served)} organisations served (${db.label})`,
        [
          {
            measure: 'rows read/s, end to end',
            value: formatCount(perSecond(rows, total.seconds)),
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
