import { noticeExportSpec } from '../core/noticeExportCommand.ts';

/** `registres ingest fr-bodacc <export.json|jsonl> [--date YYYY-MM-DD] [--version V]` */
export const frBodaccIngestSpec = noticeExportSpec({
  label: 'BODACC',
  summary: 'BODACC annonces-commerciales export (JSON, JSONL, or a recorded API answer)',
  load: async () => (await import('./ingestFrBodacc.ts')).ingestBodaccExport,
});
