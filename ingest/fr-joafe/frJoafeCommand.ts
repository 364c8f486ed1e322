import { noticeExportSpec } from '../core/noticeExportCommand.ts';

/** `registres ingest fr-joafe <export.json|jsonl> [--date YYYY-MM-DD] [--version V]` */
export const frJoafeIngestSpec = noticeExportSpec({
  label: 'JOAFE',
  summary: 'JOAFE jo_associations export (JSON, JSONL, or a recorded API answer)',
  load: async () => (await import('./ingestFrJoafe.ts')).ingestJoafeExport,
});
