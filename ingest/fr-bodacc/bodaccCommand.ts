import { noticeExportCommand } from '../core/noticeExportCommand.ts';
import { ingestBodaccExport } from './ingestBodacc.ts';

/** `npx registres ingest fr-bodacc <export.json|jsonl> [--date YYYY-MM-DD] [--version V]` */
export const bodaccCommand = noticeExportCommand({
  register: 'fr.bodacc',
  label: 'BODACC',
  ingest: ingestBodaccExport,
});
