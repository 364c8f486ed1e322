import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { composeService, type Service } from '../../app/server/composeService.ts';
import type { FileIngestCommandSpec } from '../../ingest/core/fileIngestCommand.ts';
import type { Projection } from '../../projections/core/projection.ts';
import { asServiceDatabase } from './asServiceDatabase.ts';
import type { BenchContext } from './benchContext.ts';
import { copyLinesIntoBareTable } from './copyLinesBaseline.ts';
import { formatBytes, formatCount, formatRatio, formatSeconds } from './format.ts';
import { ingestInChildProcess } from './ingestChildProcess.ts';
import { type BenchDatabase, type EmbeddedPlacement, openBenchDatabase } from './openBenchDatabase.ts';
import { parseCount } from './parseCount.ts';
import { printTable, type TableRow } from './printTable.ts';
import { startRssSampler } from './rssSampler.ts';
import { perSecond, type Timed, timed } from './timing.ts';

const RSS_TARGET = 512 * 1024 * 1024;

/** The files of one pass, by the ingest command's role names (`companies`, or a repeatable role's list). */
export type BenchFiles = Readonly<Record<string, string | readonly string[]>>;

/** What one register's ingest benchmark needs: its files (generated or real), its ingest, its read table. */
export interface FileRegisterBenchSpec {
  /** The benchmark's name (`ie-cro`), as `npm run bench -- <name>` takes it: the register's ingest command. */
  name: string;
  description: string;
  /** What is ingested, for the table's title (`the CRO companies file`). */
  what: string;
  /** Sizes of the generated files, by option name: the published size by default. */
  sizes: Readonly<Record<string, { published: number; help: string; zero?: boolean }>>;
  /** Real files that replace the generated ones, by option name (all of them given, or none). */
  realFiles?: Readonly<Record<string, string>>;
  generate(dir: string, sizes: Readonly<Record<string, number>>): Promise<BenchFiles>;
  real?(files: Readonly<Record<string, string>>): BenchFiles;
  /** The register's ingest command (`registres ingest <register>`), whose roles name the files. */
  ingest: FileIngestCommandSpec;
  projection: Projection;
  /** The read table whose rows are the companies served, counted at the end. */
  servedTable: string;
}

/** `--role file` for each file, repeated for a repeatable role: the command line of the pass. */
function commandArgs(files: BenchFiles, date: string): string[] {
  const args: string[] = [];
  for (const [role, value] of Object.entries(files)) {
    for (const file of typeof value === 'string' ? [value] : value) args.push(`--${role}`, file);
  }
  return [...args, '--date', date];
}

/** The benchmark's `--help`: its options, the generated sizes and the real files it may take instead. */
function usageOf(spec: FileRegisterBenchSpec): string[] {
  return [
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
    'On DATABASE_URL’s server: COPY of the same bytes (baseline), then `registres ingest` in its own process',
    'while this one projects. Else a fresh embedded database, all in this process. A schema dropped at the end.',
  ];
}

/** What the command line asks: help, a refusal (exit 2), or the sizes, the real files and the placement. */
type BenchArgs =
  | { help: true }
  | { refusal: string }
  | {
      sizes: Record<string, number>;
      real: Record<string, string> | null;
      embedded: EmbeddedPlacement;
    };

function parseBenchArgs(spec: FileRegisterBenchSpec, argv: string[]): BenchArgs {
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
  if (values.help) return { help: true };
  const sizes = Object.fromEntries(
    Object.entries(spec.sizes).map(([o, s]) => [
      o,
      parseCount(o, values[o] as string | undefined, s.published, { zero: s.zero ?? false }),
    ]),
  );
  const realGiven = Object.keys(spec.realFiles ?? {}).filter((o) => values[o] !== undefined);
  if (realGiven.length > 0 && realGiven.length < Object.keys(spec.realFiles ?? {}).length) {
    return { refusal: `give every real file (${Object.keys(spec.realFiles ?? {}).join(', ')}) or none` };
  }
  return {
    sizes,
    real: realGiven.length > 0 ? Object.fromEntries(realGiven.map((o) => [o, String(values[o])])) : null,
    embedded: ((values.embedded as string | undefined) ?? 'memory') as EmbeddedPlacement,
  };
}

/** One pass measured: the ingest (its own process on a server) until the projection has caught up. */
async function measurePass(
  spec: FileRegisterBenchSpec,
  run: { db: BenchDatabase; service: Service; files: BenchFiles; ctx: BenchContext },
) {
  const { db, service, files, ctx } = run;
  const snapshotDate = new Date().toISOString().slice(0, 10);
  const sampler = startRssSampler();
  let eventsSeconds = 0;
  let ingestPeak: number | null = null;
  const total = await timed(async () => {
    const events = await timed(async () => {
      if (db.label === 'postgres') {
        const child = await ingestInChildProcess({
          url: db.url,
          schema: db.schema,
          register: spec.name,
          args: commandArgs(files, snapshotDate),
        });
        ingestPeak = child.peakRss;
        ctx.out(child.output.trim().replace(/^/gm, '  | '));
        return;
      }
      const pass = await spec.ingest.loadFilesPass();
      const single: Record<string, string> = {};
      const lists: Record<string, string[]> = {};
      for (const [role, value] of Object.entries(files)) {
        if (typeof value === 'string') single[role] = value;
        else lists[role] = [...value];
      }
      await pass({
        knex: db.knex,
        store: service.store,
        logger: ctx.logger,
        files: single,
        lists,
        snapshotDate,
        version: snapshotDate,
      });
    });
    eventsSeconds = events.seconds;
    await service.runner.caughtUp();
  });
  return { seconds: total.seconds, eventsSeconds, ingestPeak, servingPeak: sampler.stop() };
}

/** The benchmark's table: rows/s end to end against COPY of the same bytes, and each process's peak RSS. */
async function printResults(
  spec: FileRegisterBenchSpec,
  result: {
    db: BenchDatabase;
    bytes: number;
    baseline: Timed<number> | null;
    pass: Awaited<ReturnType<typeof measurePass>>;
  },
  ctx: BenchContext,
) {
  const { db, bytes, baseline, pass } = result;
  const { rows: recorded } = await db.knex.raw(
    `select coalesce(sum((data->'counts'->>'rows')::bigint), 0)::bigint as n from events
      where type = 'SnapshotCompleted' and data->>'register' = ?`,
    [spec.ingest.register],
  );
  const read = Number(recorded[0].n);
  const { rows: served } = await db.knex.raw(`select count(*)::int as n from ${spec.servedTable}`);
  const ours = perSecond(read, pass.seconds);
  const rssRow = (measure: string, peak: number): TableRow => ({
    measure,
    'figure (ours)': formatBytes(peak),
    target: '< 512 MiB',
    verdict: peak < RSS_TARGET ? 'met' : 'OVER',
  });
  printTable(
    `Ingest of ${spec.what}: ${formatCount(read)} rows read, ${formatCount(served[0].n)} served, ${formatBytes(bytes)} (${db.label})`,
    [
      {
        measure: 'rows/s, end to end (file → events → read table)',
        'figure (ours)': formatCount(ours),
        detail: `${formatSeconds(pass.seconds)} (events ${formatSeconds(pass.eventsSeconds)})`,
        baseline: baseline
          ? `COPY of the bytes, line per row: ${formatCount(perSecond(baseline.result, baseline.seconds))} lines/s (${formatSeconds(baseline.seconds)})`
          : 'n/a embedded (psql cannot reach it)',
        ratio: baseline ? formatRatio(baseline.seconds / pass.seconds) : '',
      },
      ...(pass.ingestPeak !== null
        ? [
            rssRow('peak RSS, the ingest process', pass.ingestPeak),
            rssRow('peak RSS, the serving process (projection)', pass.servingPeak),
          ]
        : [rssRow('peak RSS, this process (ingest, projection and PGlite)', pass.servingPeak)]),
    ],
    ctx.out,
  );
}

/**
 * An ingest benchmark of a file register, end to end (file → events → its read table, the projection caught
 * up): rows/s against COPY of the same bytes (the baseline), and peak RSS against 512 MiB. On a server
 * (DATABASE_URL) the ingest runs as `registres ingest <register>` in its own process, as in production, while
 * this process projects as `serve` does; each process's peak RSS is reported. Embedded, everything runs in
 * this process (PGlite included) and no baseline is measured (psql cannot reach it). Works in a schema
 * dropped at the end. Every file register's benchmark is one of these.
 */
export function fileRegisterBench(spec: FileRegisterBenchSpec) {
  async function run(argv: string[], ctx: BenchContext): Promise<number> {
    const args = parseBenchArgs(spec, argv);
    if ('help' in args) {
      for (const line of usageOf(spec)) ctx.out(line);
      return 0;
    }
    if ('refusal' in args) {
      ctx.out(args.refusal);
      return 2;
    }
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), `registres-bench-${spec.name}-`));
    const db = await openBenchDatabase(ctx.config, ctx.logger, { embedded: args.embedded, poolMax: 4 });
    try {
      const files = args.real && spec.real ? spec.real(args.real) : await spec.generate(dir, args.sizes);
      ctx.out(`database: ${db.label}; files in ${args.real ? 'the arguments' : dir}`);
      const fileList = Object.values(files).flatMap((v) => (typeof v === 'string' ? [v] : [...v]));
      let bytes = 0;
      for (const f of fileList) bytes += (await fs.stat(f)).size;

      const baseline =
        db.label === 'postgres'
          ? await timed(() =>
              copyLinesIntoBareTable({ knex: db.knex, url: db.url, schema: db.schema, files: fileList }),
            )
          : null;

      const service = await composeService(
        asServiceDatabase(db),
        { ...ctx.config, dataDir: dir, signingKeyFile: null },
        ctx.logger,
        { projections: [spec.projection], routes: [], payment: false, rateLimits: false, liveRegisters: [] },
      );
      try {
        // Listening starts the projection runner, as `serve` does (no request is sent).
        await service.listen(0, '127.0.0.1');
        const pass = await measurePass(spec, { db, service, files, ctx });
        await printResults(spec, { db, bytes, baseline, pass }, ctx);
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
