import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { Knex } from 'knex';
import { composeService } from '../../app/server/composeService.ts';
import type { EventStore } from '../../ops/eventstore/port.ts';
import type { Logger } from '../../ops/logger.ts';
import type { Projection } from '../../projections/core/projection.ts';
import { asServiceDatabase } from './asServiceDatabase.ts';
import type { BenchContext } from './benchContext.ts';
import { formatBytes, formatCount, formatSeconds } from './format.ts';
import { type EmbeddedPlacement, openBenchDatabase } from './openBenchDatabase.ts';
import { parseCount } from './parseCount.ts';
import { printTable } from './printTable.ts';
import { startRssSampler } from './rssSampler.ts';
import { perSecond, timed } from './timing.ts';

const RSS_TARGET = 512 * 1024 * 1024;

/** What one register's ingest benchmark needs: its files (generated or real), its ingest, its read table. */
export interface FileRegisterBenchSpec<F> {
  /** The benchmark's name (`ie-cro`), as `npm run bench -- <name>` takes it. */
  name: string;
  description: string;
  /** What is ingested, for the table's title (`the CRO companies file`). */
  what: string;
  /** Sizes of the generated files, by option name: the published size by default. */
  sizes: Readonly<Record<string, { published: number; help: string }>>;
  /** Real files that replace the generated ones, by option name (all of them given, or none). */
  realFiles?: Readonly<Record<string, string>>;
  generate(dir: string, sizes: Readonly<Record<string, number>>): Promise<F>;
  real?(files: Readonly<Record<string, string>>): F;
  ingest(
    deps: { knex: Knex; store: EventStore; logger: Logger; snapshotDate: string },
    files: F,
  ): Promise<{ counts: { rows: number } }>;
  projection: Projection;
  /** The read table whose rows are the companies served, counted at the end. */
  servedTable: string;
}

/**
 * An ingest benchmark of a file register, end to end (file → events → its read table, the projection caught
 * up): rows/s and the process's peak RSS against 512 MiB. Writes to DATABASE_URL's server, else a fresh
 * embedded database, in a schema dropped at the end. Every file register's benchmark is one of these.
 */
export function fileRegisterBench<F>(spec: FileRegisterBenchSpec<F>) {
  const usage = [
    `registres bench ${spec.name} ${Object.keys(spec.sizes)
      .map((o) => `[--${o} N]`)
      .join(' ')}${
      spec.realFiles
        ? ` [${Object.keys(spec.realFiles)
            .map((o) => `--${o} F`)
            .join(' ')}]`
        : ''
    } [--embedded memory|disk]`,
    ...Object.entries(spec.sizes).map(
      ([o, s]) => `  --${o} N  ${s.help} (default ${formatCount(s.published)}, the published size)`,
    ),
    ...Object.entries(spec.realFiles ?? {}).map(
      ([o, help]) => `  --${o} F  a real ${help} (replaces the generated)`,
    ),
    'Writes to DATABASE_URL’s server, else a fresh embedded database, in a schema dropped at the end.',
  ];

  async function run(argv: string[], ctx: BenchContext): Promise<number> {
    const options = Object.fromEntries(
      [...Object.keys(spec.sizes), ...Object.keys(spec.realFiles ?? {}), 'embedded'].map((o) => [
        o,
        { type: 'string' as const },
      ]),
    );
    const parsed = parseArgs({
      args: argv,
      options: { ...options, help: { type: 'boolean', short: 'h' } },
      strict: true,
    });
    const values = parsed.values as Record<string, string | boolean | undefined>;
    if (values.help) {
      for (const line of usage) ctx.out(line);
      return 0;
    }
    const sizes = Object.fromEntries(
      Object.entries(spec.sizes).map(([o, s]) => [
        o,
        parseCount(o, values[o] as string | undefined, s.published),
      ]),
    );
    const realGiven = Object.keys(spec.realFiles ?? {}).filter((o) => values[o] !== undefined);
    if (realGiven.length > 0 && realGiven.length < Object.keys(spec.realFiles ?? {}).length) {
      ctx.out(`give every real file (${Object.keys(spec.realFiles ?? {}).join(', ')}) or none`);
      return 2;
    }
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), `registres-bench-${spec.name}-`));
    const db = await openBenchDatabase(ctx.config, ctx.logger, {
      embedded: ((values.embedded as string | undefined) ?? 'memory') as EmbeddedPlacement,
      poolMax: 4,
    });
    try {
      const files =
        realGiven.length > 0 && spec.real
          ? spec.real(Object.fromEntries(realGiven.map((o) => [o, String(values[o])])))
          : await spec.generate(dir, sizes);
      ctx.out(`database: ${db.label}; files in ${realGiven.length > 0 ? 'the arguments' : dir}`);
      const service = await composeService(
        asServiceDatabase(db),
        { ...ctx.config, dataDir: dir, signingKeyFile: null },
        ctx.logger,
        { projections: [spec.projection], routes: [], payment: false, rateLimits: false, liveRegisters: [] },
      );
      try {
        // Listening starts the projection runner, as `serve` does (no request is sent).
        await service.listen(0, '127.0.0.1');
        const sampler = startRssSampler();
        let eventsSeconds = 0;
        const total = await timed(async () => {
          const events = await timed(() =>
            spec.ingest(
              {
                knex: db.knex,
                store: service.store,
                logger: ctx.logger,
                snapshotDate: new Date().toISOString().slice(0, 10),
              },
              files,
            ),
          );
          eventsSeconds = events.seconds;
          await service.runner.caughtUp();
          return events.result;
        });
        const peak = sampler.stop();
        const { rows: served } = await db.knex.raw(`select count(*)::int as n from ${spec.servedTable}`);
        const read = total.result.counts.rows;
        printTable(
          `Ingest of ${spec.what}, ${formatCount(read)} rows recorded, ${formatCount(served[0].n)} served (${db.label})`,
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

  return { description: spec.description, run };
}
