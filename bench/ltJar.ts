import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { composeService } from '../app/server/composeService.ts';
import { ingestLtJar } from '../ingest/lt-jar/ingestLtJar.ts';
import { LT_ACCOUNT_LINES, LT_JAR_PROFILES, ltJarProjection } from '../projections/lt-jar/ltJarProjection.ts';
import { asServiceDatabase } from './core/asServiceDatabase.ts';
import type { BenchContext } from './core/benchContext.ts';
import { formatBytes, formatCount, formatSeconds } from './core/format.ts';
import { type EmbeddedPlacement, openBenchDatabase } from './core/openBenchDatabase.ts';
import { parseCount } from './core/parseCount.ts';
import { printTable } from './core/printTable.ts';
import { startRssSampler } from './core/rssSampler.ts';
import { perSecond, timed } from './core/timing.ts';
import { generateLtJarFiles } from './lt-jar/generateLtJarFiles.ts';

export const description =
  'Lithuania (JAR): ingest of the register file and of the largest file, a long accounts file, end to end, rows/s and peak RSS';

/** JAR_IREGISTRUOTI.csv: about 230,000 rows (40 MB). */
const FULL_COMPANIES = 230_000;
/**
 * A long accounts file (`JAR_FA_RODIKLIAI_*_n.csv`) is about 138 MB, the largest published: at about 280 bytes
 * a line, some 500,000 lines (an estimate; the row count was not published).
 */
const FULL_LINES = 500_000;
const RSS_TARGET = 512 * 1024 * 1024;

const USAGE = `registres bench lt-jar [--companies N] [--lines N] [--embedded memory|disk]
  --companies N  rows of the generated register file (default ${formatCount(FULL_COMPANIES)}, the published size)
  --lines N      lines of the generated long accounts file (default ${formatCount(FULL_LINES)}, about 138 MB)
Writes to DATABASE_URL's server, else a fresh embedded database, in a schema dropped at the end.`;

export async function run(argv: string[], ctx: BenchContext): Promise<number> {
  const { values } = parseArgs({
    args: argv,
    options: {
      companies: { type: 'string' },
      lines: { type: 'string' },
      embedded: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
    strict: true,
  });
  if (values.help) {
    for (const line of USAGE.split('\n')) ctx.out(line);
    return 0;
  }
  const companies = parseCount('companies', values.companies, FULL_COMPANIES);
  const lines = parseCount('lines', values.lines, FULL_LINES);
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'registres-bench-lt-jar-'));
  const db = await openBenchDatabase(ctx.config, ctx.logger, {
    embedded: (values.embedded ?? 'memory') as EmbeddedPlacement,
    poolMax: 4,
  });
  try {
    const files = {
      registered: path.join(dir, 'JAR_IREGISTRUOTI.csv'),
      accounts: path.join(dir, 'JAR_FA_RODIKLIAI_PLNA_2025_n.csv'),
    };
    await generateLtJarFiles(files, companies, lines);
    ctx.out(
      `database: ${db.label}; files ${formatBytes((await fs.stat(files.registered)).size)} + ${formatBytes((await fs.stat(files.accounts)).size)}`,
    );
    const service = await composeService(
      asServiceDatabase(db),
      { ...ctx.config, dataDir: dir, signingKeyFile: null },
      ctx.logger,
      { projections: [ltJarProjection], routes: [], payment: false, rateLimits: false, liveRegisters: [] },
    );
    try {
      await service.listen(0, '127.0.0.1');
      const sampler = startRssSampler();
      let eventsSeconds = 0;
      const total = await timed(async () => {
        const events = await timed(() =>
          ingestLtJar({
            knex: db.knex,
            store: service.store,
            logger: ctx.logger,
            files: { registered: files.registered, accounts: [files.accounts] },
            snapshotDate: new Date().toISOString().slice(0, 10),
          }),
        );
        eventsSeconds = events.seconds;
        await service.runner.caughtUp();
        return events.result;
      });
      const peak = sampler.stop();
      const count = async (table: string) =>
        (await db.knex.raw(`select count(*)::int as n from ${table}`)).rows[0].n as number;
      const read = total.result.counts.rows;
      printTable(
        `Ingest of JAR_IREGISTRUOTI and a long accounts file, ${formatCount(read)} rows read, ${formatCount(await count(LT_JAR_PROFILES))} companies, ${formatCount(await count(LT_ACCOUNT_LINES))} lines (${db.label})`,
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
