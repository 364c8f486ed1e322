import { FR_JOAFE_REGISTER, frJoafeStreamOf, JOAFE_NOTICE } from '../../schemas/events/frJoafeEvents.ts';
import { datedPass } from '../core/datedPass.ts';
import { fileSha256 } from '../core/fileSha256.ts';
import {
  type NoticeExportOptions,
  type NoticePassResult,
  type NoticeRow,
  runNoticePass,
} from '../core/noticePass.ts';
import { readOdsExport } from '../core/readOdsExport.ts';

export type JoafeIngestOptions = NoticeExportOptions;

const W_NUMBER = /^W[0-9A-Z]{9}$/;

/** One `jo_associations` export into the log as a notice pass, on each association's stream. */
export async function ingestJoafeExport(opts: JoafeIngestOptions): Promise<NoticePassResult> {
  const now = opts.now ?? (() => new Date());
  const date = opts.date ?? now().toISOString().slice(0, 10);
  let otherSources = 0;
  let withoutRna = 0;
  async function* rows(): AsyncGenerator<NoticeRow> {
    for await (const record of readOdsExport(opts.file)) {
      if (record.source !== 'joafe') {
        otherSources++;
        continue;
      }
      const rna = typeof record.numero_rna === 'string' ? record.numero_rna.trim().toUpperCase() : '';
      const id =
        typeof record.id === 'string' || typeof record.id === 'number' ? String(record.id).trim() : '';
      if (!W_NUMBER.test(rna) || id === '') {
        withoutRna++;
        continue;
      }
      yield { kind: JOAFE_NOTICE, id, streams: [frJoafeStreamOf(rna)], record };
    }
  }
  return runNoticePass({
    ...datedPass(opts, FR_JOAFE_REGISTER, date),
    fileSha256: await fileSha256(opts.file),
    rows: rows(),
    onProgress: opts.onProgress,
    report: () => ({ autres_sources: otherSources, annonces_sans_rna: withoutRna }),
    now: opts.now,
  });
}
