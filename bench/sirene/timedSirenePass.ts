import path from 'node:path';
import type { Service } from '../../app/server/composeService.ts';
import { ingestFrSirene } from '../../ingest/fr-sirene/ingestFrSirene.ts';
import type { Logger } from '../../ops/logger.ts';
import { ENTITIES_RECORDED } from '../../schemas/events/entityBlockEvents.ts';
import { FR_SIRENE_REGISTER } from '../../schemas/events/frSireneEvents.ts';
import {
  SNAPSHOT_COMPLETED,
  SNAPSHOT_STARTED,
  type SnapshotCompletedData,
  snapshotStreamId,
} from '../../schemas/events/snapshotEvents.ts';
import { type CpuProfile, readCpuProfile, startCpuProfile, writeCpuProfile } from '../core/cpuProfile.ts';
import { ingestInChildProcess } from '../core/ingestChildProcess.ts';
import type { BenchDatabase } from '../core/openBenchDatabase.ts';
import { postgresCpuSeconds, processCpuSeconds } from '../core/processCpu.ts';
import { startRssSampler } from '../core/rssSampler.ts';
import { now, secondsSince } from '../core/timing.ts';
import {
  INGEST_APPLICATION,
  startBackendCpuSampler,
  withApplicationName,
} from '../public-record/backendCpu.ts';
import type { GeneratedSireneFiles } from './generateSireneFiles.ts';
import { type BlockSize, type ProgressSample, samplesInRows, startProgressSampler } from './passProgress.ts';
import { SIRENE_READ_MODELS } from './sireneReadModels.ts';

/** The key of the log's head in the progress samples (read models are keyed by their names). */
export const LOG_KEY = 'events';

export interface TimedPass {
  /** From the start of the ingest to the moment every Sirene read model had caught up. */
  seconds: number;
  /** The ingest alone: its process's life on a server, the pass's call on the embedded database. */
  eventsSeconds: number;
  /** The read models were held until the events were written (`readModelsAfter`). */
  readModelsAfter: boolean;
  /** Per read model, when it had applied the whole pass (seconds since the ingest started). */
  caughtUp: Map<string, number>;
  /** Peak RSS of the ingest process (server only; null when the ingest ran in this process). */
  ingestPeakRss: number | null;
  /** Peak RSS of this process over the pass: the projections, and the ingest on the embedded database. */
  benchPeakRss: number;
  /** Positions of the pass's SnapshotStarted and SnapshotCompleted, and the seconds between their records. */
  startedAt: bigint;
  completedAt: bigint;
  secondsInLog: number;
  counts: SnapshotCompletedData['counts'];
  /** The pass recorded its rows in block events (their positions are counted in rows in `samples`). */
  blocks: boolean;
  /**
   * Sampled every 200 ms while the pass and its projection ran (with `sample`); a block pass's positions
   * counted in rows (passProgress.ts samplesInRows).
   */
  samples: ProgressSample[];
  /** What the ingest command printed. */
  output: string;
  /** CPU seconds used from the start of the ingest to the last read model caught up (Linux; null elsewhere). */
  cpu: PassCpu;
  /** With `cpuProfile`: the profiles of the ingest process (`ingest`) and of the projecting thread. */
  profiles: Map<string, CpuProfile>;
}

export interface PassCpu {
  /** The ingest process (server only). */
  ingest: number | null;
  /** This process: the projections (and the ingest on the embedded database). */
  projecting: number | null;
  /** Every PostgreSQL server process of this machine (server only). */
  postgres: number | null;
  /**
   * Of `postgres`, the backends of the ingest process's connections (its comparisons and appends), told
   * from the others by their application_name: what the server did for the ingest alone, whatever else runs
   * on the machine (server only; null when its processes cannot be read here).
   */
  ingestBackends: number | null;
}

/**
 * One Sirene pass of `files` as `version`, timed end to end: on a server, `registres ingest fr-sirene` as its
 * own process (as in production) while the service projects; on the embedded database, in this process
 * (the database lives here). Then waits on each Sirene read model separately and notes when it caught up.
 * With `sample`, the log's head and every read model's checkpoint are read every 200 ms.
 */
export async function runTimedSirenePass(opts: {
  db: BenchDatabase;
  service: Service;
  logger: Logger;
  files: GeneratedSireneFiles;
  version: string;
  batchSize: number;
  /** The per-row mode of before block events (`--one-event-per-row`), to compare. */
  oneEventPerRow?: boolean;
  sample: boolean;
  /** Where to write CPU profiles of the pass: the ingest process's and the projecting thread's; null: none. */
  cpuProfile?: { dir: string; name: string } | null;
  /**
   * Hold every read model while the ingest runs and start them once its events are written: the ingest
   * alone, on cores it has to itself, then the read models' catch-up.
   */
  readModelsAfter?: boolean;
}): Promise<TimedPass> {
  const { db, service, files } = opts;
  const names = SIRENE_READ_MODELS.map((p) => p.name);
  const head = await service.store.headPosition();
  const start = now();
  const sampler = opts.sample
    ? startProgressSampler(
        async () => {
          const statuses = await service.runner.status();
          const positions: Record<string, bigint> = {
            [LOG_KEY]: statuses[0]?.head ?? (await service.store.headPosition()),
          };
          for (const s of statuses) if (names.includes(s.name)) positions[s.name] = s.position;
          return positions;
        },
        { start },
      )
    : null;
  const rss = startRssSampler();
  const ownBefore = (await processCpuSeconds(process.pid))?.own ?? null;
  const postgresBefore = db.label === 'postgres' ? await postgresCpuSeconds() : null;
  const backends = db.label === 'postgres' ? await startBackendCpuSampler(db.knex) : null;
  let ingestCpu: number | null = null;
  const profiling = opts.cpuProfile ? await startCpuProfile() : null;
  let ingestPeakRss: number | null = null;
  let output = '';
  if (opts.readModelsAfter) await service.runner.stop();
  try {
    if (db.label === 'postgres') {
      const child = await ingestSireneInChild(db, files, opts);
      ingestPeakRss = child.peakRss;
      ingestCpu = child.cpuSeconds;
      output = child.output;
    } else {
      await ingestFrSirene({
        knex: db.knex,
        store: service.store,
        logger: opts.logger,
        unitesLegales: files.unitesLegales,
        etablissements: files.etablissements,
        version: opts.version,
        batchSize: opts.batchSize,
        oneEventPerRow: opts.oneEventPerRow === true,
      });
    }
  } catch (err) {
    await backends?.stop();
    await sampler?.stop();
    await profiling?.stop();
    rss.stop();
    throw err;
  }
  const eventsSeconds = secondsSince(start);
  const ingestBackends = (await backends?.stop())?.ingest ?? null;
  if (opts.readModelsAfter) await service.runner.start();
  const caughtUp = new Map<string, number>();
  await Promise.all(
    names.map(async (name) => {
      await service.runner.catchUp(name);
      caughtUp.set(name, secondsSince(start));
    }),
  );
  const seconds = secondsSince(start);
  const profiles = new Map<string, CpuProfile>();
  if (profiling && opts.cpuProfile) {
    const { dir, name } = opts.cpuProfile;
    const projecting = await profiling.stop();
    await writeCpuProfile(dir, `${name}-projecting`, projecting);
    profiles.set('projecting', projecting);
    const ingest = await readCpuProfile(path.join(dir, `${name}-ingest.cpuprofile`));
    if (ingest) profiles.set('ingest', ingest);
  }
  const ownAfter = (await processCpuSeconds(process.pid))?.own ?? null;
  const postgresAfter = postgresBefore === null ? null : await postgresCpuSeconds();
  const cpu: PassCpu = {
    ingest: ingestCpu,
    projecting: ownBefore === null || ownAfter === null ? null : ownAfter - ownBefore,
    postgres: postgresBefore === null || postgresAfter === null ? null : postgresAfter - postgresBefore,
    ingestBackends,
  };
  const sampled = (await sampler?.stop()) ?? [];
  const benchPeakRss = rss.stop();
  const pass = await readPass(db, head);
  const samples = pass.blocks
    ? samplesInRows(sampled, pass.startedAt, await readBlockSizes(db, pass.startedAt, pass.completedAt))
    : sampled;
  return {
    seconds,
    eventsSeconds,
    readModelsAfter: opts.readModelsAfter ?? false,
    caughtUp,
    ingestPeakRss,
    benchPeakRss,
    samples,
    output,
    cpu,
    profiles,
    ...pass,
  };
}

/** `registres ingest fr-sirene` of the files as its own process, as in production (with its CPU profile if asked). */
function ingestSireneInChild(
  db: BenchDatabase,
  files: GeneratedSireneFiles,
  opts: {
    version: string;
    batchSize: number;
    oneEventPerRow?: boolean;
    cpuProfile?: { dir: string; name: string } | null;
  },
) {
  return ingestInChildProcess({
    // Named, so that the server's CPU for its connections is told from the projections' (backendCpu.ts).
    url: withApplicationName(db.url, INGEST_APPLICATION),
    schema: db.schema,
    register: 'fr-sirene',
    args: [
      '--unites-legales',
      files.unitesLegales,
      '--etablissements',
      files.etablissements,
      '--version',
      opts.version,
      '--batch-size',
      String(opts.batchSize),
      ...(opts.oneEventPerRow ? ['--one-event-per-row'] : []),
    ],
    ...(opts.cpuProfile
      ? {
          nodeFlags: [
            '--cpu-prof',
            `--cpu-prof-dir=${opts.cpuProfile.dir}`,
            `--cpu-prof-name=${opts.cpuProfile.name}-ingest.cpuprofile`,
          ],
        }
      : {}),
  });
}

/** The pass's bounds in the log: its SnapshotStarted and SnapshotCompleted after `head`. */
async function readPass(
  db: BenchDatabase,
  head: bigint,
): Promise<Pick<TimedPass, 'startedAt' | 'completedAt' | 'secondsInLog' | 'counts' | 'blocks'>> {
  const { rows } = await db.knex.raw<{
    rows: { position: string; type: string; recorded_at: Date; data: SnapshotCompletedData }[];
  }>(
    `select position, type, recorded_at, data from events
      where stream_id = ? and position > ? and type in (?, ?) order by position`,
    [snapshotStreamId(FR_SIRENE_REGISTER), head.toString(), SNAPSHOT_STARTED, SNAPSHOT_COMPLETED],
  );
  const started = rows.find((r) => r.type === SNAPSHOT_STARTED);
  const completed = rows.find((r) => r.type === SNAPSHOT_COMPLETED);
  if (!started || !completed) throw new Error('the Sirene pass left no SnapshotStarted/SnapshotCompleted');
  return {
    startedAt: BigInt(started.position),
    completedAt: BigInt(completed.position),
    secondsInLog: (completed.recorded_at.getTime() - started.recorded_at.getTime()) / 1000,
    counts: completed.data.counts,
    blocks: (completed.data.blocks?.events ?? 0) > 0,
  };
}

/** The block events between a pass's bounds, in log order, with the rows each holds. */
async function readBlockSizes(
  db: BenchDatabase,
  startedAt: bigint,
  completedAt: bigint,
): Promise<BlockSize[]> {
  const { rows } = await db.knex.raw<{ rows: { position: string; n: number }[] }>(
    `select position, jsonb_array_length(data->'ids') as n from events
      where type = ? and position > ? and position < ? order by position`,
    [ENTITIES_RECORDED, startedAt.toString(), completedAt.toString()],
  );
  return rows.map((r) => ({ position: BigInt(r.position), rows: Number(r.n) }));
}
