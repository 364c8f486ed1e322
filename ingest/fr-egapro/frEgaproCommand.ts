import { datedFileIngestSpec } from '../core/datedFileCommand.ts';

/** `registres ingest fr-egapro <file> [--date YYYY-MM-DD] [--version <label>]` */
export const frEgaproIngestSpec = datedFileIngestSpec({
  label: 'fr.egapro',
  summary: 'Egapro gender-equality index: the bulk CSV export index-egalite-fh-utf8.csv',
  file: 'index-egalite-fh-utf8.csv (";", UTF-8 with a BOM; .gz or .zip read too)',
  dateOf: 'export',
  notes: 'Columns are read by name: the current 18-column header and the first 17-column one are both read.',
  setAsideBecause: 'unreadable SIREN or year, or a repeated SIREN and year',
  load: async () => ({ ingest: (await import('./ingestFrEgapro.ts')).ingestFrEgapro }),
});
