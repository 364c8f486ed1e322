import { noticeExportCommand } from '../core/noticeExportCommand.ts';
import { ingestJoafeExport } from './ingestJoafe.ts';

/** `npx registres ingest fr-joafe <export.json|jsonl> [--date YYYY-MM-DD] [--version V]` */
export const joafeCommand = noticeExportCommand({
  register: 'fr.joafe',
  label: 'JOAFE',
  ingest: ingestJoafeExport,
});
