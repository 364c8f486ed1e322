import { BODACC_NOTICE, FR_BODACC_REGISTER, frBodaccStreamOf } from '../../schemas/events/frBodaccEvents.ts';
import { noticeSirens } from '../../schemas/records/noticeSirens.ts';
import { datedPass } from '../core/datedPass.ts';
import { fileSha256 } from '../core/fileSha256.ts';
import {
  type NoticeExportOptions,
  type NoticePassResult,
  type NoticeRow,
  runNoticePass,
} from '../core/noticePass.ts';
import { readOdsExport } from '../core/readOdsExport.ts';

export type BodaccIngestOptions = NoticeExportOptions;

/**
 * One BODACC `annonces-commerciales` export (JSON, JSONL, or a recorded v1/v2.1 answer) into the log as a
 * notice pass: each notice never seen (or whose published content changed) becomes an event on the stream of
 * each company it names. Notices that name no SIREN are set aside and counted in the pass report.
 */
export async function ingestBodaccExport(opts: BodaccIngestOptions): Promise<NoticePassResult> {
  const now = opts.now ?? (() => new Date());
  const date = opts.date ?? now().toISOString().slice(0, 10);
  const sha = await fileSha256(opts.file);
  let withoutSiren = 0;
  let withoutId = 0;
  async function* rows(): AsyncGenerator<NoticeRow> {
    for await (const record of readOdsExport(opts.file)) {
      const id = typeof record.id === 'string' ? record.id.trim() : '';
      if (id === '') {
        withoutId++;
        continue;
      }
      const sirens = noticeSirens(record);
      if (sirens.length === 0) {
        withoutSiren++;
        continue;
      }
      yield { kind: BODACC_NOTICE, id, streams: sirens.map(frBodaccStreamOf), record };
    }
  }
  return runNoticePass({
    ...datedPass(opts, FR_BODACC_REGISTER, date),
    fileSha256: sha,
    rows: rows(),
    onProgress: opts.onProgress,
    report: () => ({ annonces_sans_siren: withoutSiren, annonces_sans_id: withoutId }),
    now: opts.now,
  });
}
