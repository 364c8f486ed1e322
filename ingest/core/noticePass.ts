import type { Knex } from 'knex';
import type { BulkAppendEntry, EventStore } from '../../ops/eventstore/port.ts';
import type { Logger } from '../../ops/logger.ts';
import {
  ENTITY_CHANGED,
  ENTITY_RECORDED,
  type EntityRecordedData,
} from '../../schemas/events/entityEvents.ts';
import {
  SNAPSHOT_COMPLETED,
  type SnapshotCompletedData,
  snapshotStreamId,
} from '../../schemas/events/snapshotEvents.ts';
import { crashPoint } from './crashPoint.ts';
import type { RegisterFilePass } from './datedPass.ts';
import { withDigests } from './digestedRows.ts';
import { finishPromotion, promotePass, refreshPassStatistics } from './passPromotion.ts';
import { markSeen } from './snapshotDigests.ts';
import { completePass, startPass } from './snapshotPassEvents.ts';
import { writeInBatches } from './writeInBatches.ts';

/** One published notice of a gazette, and the entity streams it belongs on (a company's, an association's). */
export interface NoticeRow {
  kind: string;
  id: string;
  /** At least one stream; a notice about two companies is an event on each company's stream. */
  streams: string[];
  record: Record<string, unknown>;
}

export interface NoticePassOptions extends RegisterFilePass {
  rows: AsyncIterable<NoticeRow>;
}

export type NoticePassResult =
  | { status: 'completed'; completed: SnapshotCompletedData }
  | { status: 'already_ingested'; version: string };

/**
 * One export file of a gazette (BODACC, JOAFE) as a batch pass. A gazette is a flow of notices, not a full
 * snapshot, so the choice made here is:
 *
 * - the file is framed like a snapshot pass (`SnapshotStarted` … `SnapshotCompleted`, with the file's
 *   SHA-256): the read side then publishes a batch whole or not at all (a pass over a published register is
 *   staged until it completes), and projection state dates what we hold, which the freshness guard and
 *   provenance need;
 * - inside the frame only notices never seen, or whose published content changed, are appended (compared by
 *   digest in `ingest_digests`, like a snapshot pass), and nothing is ever dropped: a notice absent from a
 *   later export is not withdrawn, it is simply outside that export's window;
 * - a file whose SHA-256 a completed pass already carries is not read again: nothing is appended at all.
 *
 * Digests are promoted only when the pass completes, so notices of an interrupted pass (whose staged events
 * the projections discard) are appended again by the next pass.
 */
export async function runNoticePass(opts: NoticePassOptions): Promise<NoticePassResult> {
  const { knex, store, logger, register, version } = opts;
  const now = opts.now ?? (() => new Date());
  const batchSize = opts.batchSize ?? 2000;
  const snapshotStream = snapshotStreamId(register);
  const log = logger.child({ register, version });

  // A pass completed in the log but killed before its promotion is finished first, even when this very file
  // is the one it loaded: the next export is compared against it.
  await finishPromotion(knex, store, register, 'notice');
  const already = await completedPassOfFile(store, snapshotStream, opts.fileSha256);
  if (already) {
    log.info({ fileSha256: opts.fileSha256, version: already }, 'export already ingested; nothing appended');
    return { status: 'already_ingested', version: already };
  }

  const { started, passToken, expected } = await startPass(store, {
    register,
    version,
    snapshotDate: opts.snapshotDate,
    fileSha256: opts.fileSha256,
    now,
  });
  log.info({ fileSha256: opts.fileSha256 }, 'notice pass started');
  crashPoint('notice:started');

  const counts = { rows: 0, recorded: 0, changed: 0, dropped: 0, unchanged: 0 };
  const write = async (rows: (NoticeRow & { digest: string })[]) => {
    const differing = await markSeen(knex, register, passToken, rows);
    counts.unchanged += rows.length - differing.length;
    const entries: BulkAppendEntry[] = [];
    for (const { at, committed } of differing) {
      const row = rows[at]!;
      const type = committed ? ENTITY_CHANGED : ENTITY_RECORDED;
      if (committed) counts.changed++;
      else counts.recorded++;
      const data: EntityRecordedData = { register, kind: row.kind, id: row.id, record: row.record };
      const metadata = {
        register,
        snapshotVersion: version,
        fileSha256: opts.fileSha256,
        rowSha256: row.digest,
      };
      for (const streamId of row.streams) entries.push({ streamId, events: [{ type, data, metadata }] });
    }
    if (entries.length > 0) await store.appendBulk(entries);
    crashPoint('notice:batch-appended');
    opts.onProgress?.(counts.rows);
  };

  await writeInBatches(withDigests(opts.rows, counts), {
    batchSize,
    groupOf: (row) => row.kind,
    keyOf: (row) => row.id,
    write,
  });

  const completed = await completePass(store, { started, counts, report: opts.report?.(), expected, now });
  crashPoint('notice:completed');
  await promotePass(knex, register, passToken, 'notice');
  if (counts.recorded + counts.changed > 0) await refreshPassStatistics(knex, store);
  crashPoint('notice:promoted');
  log.info({ counts }, 'notice pass completed');
  return { status: 'completed', completed };
}

/** The version of a completed pass that loaded this very file, if any (the snapshot stream is one pair per file). */
async function completedPassOfFile(
  store: EventStore,
  stream: string,
  fileSha256: string,
): Promise<string | null> {
  const events = await store.readStream(stream);
  for (const e of events) {
    if (e.type !== SNAPSHOT_COMPLETED) continue;
    const d = e.data as SnapshotCompletedData;
    if (d.fileSha256 === fileSha256) return d.version;
  }
  return null;
}

/** What a notice-export ingester (BODACC, JOAFE) is given: one export file, dated. */
export interface NoticeExportOptions {
  knex: Knex;
  store: EventStore;
  logger: Logger;
  file: string;
  /** YYYY-MM-DD the export was taken (default: today, UTC). */
  date?: string;
  /** Version label (default: the date). */
  version?: string;
  onProgress?: (rows: number) => void;
  now?: () => Date;
}
