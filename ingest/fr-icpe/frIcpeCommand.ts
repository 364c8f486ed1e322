import { datedFileIngestSpec } from '../core/datedFileCommand.ts';

/** `registres ingest fr-icpe <file> [--date YYYY-MM-DD] [--version <label>]` */
export const frIcpeIngestSpec = datedFileIngestSpec({
  label: 'fr.icpe',
  summary:
    'Géorisques classified installations (ICPE): the ZIP of the CSV export, InstallationClassee.csv and its rubriques and inspections',
  file: 'the ZIP answered by https://www.georisques.gouv.fr/api/v1/csv/installations_classees (InstallationClassee.csv, rubriqueIC.csv, inspection.csv, …; `;`, ISO-8859-1): a department (`departement=`) or one page (`page=`, `page_size=`, 6,000 by default) of the whole country',
  dateOf: 'download',
  notes:
    'The rubriques and inspection dates are grouped in memory by codeAiot, the installations streamed. The operator’s name, the street address and the coordinates are dropped before anything is logged; installations without a valid SIRET are counted, not logged.',
  setAsideBecause: 'no codeAiot, or a codeAiot repeated in InstallationClassee.csv',
  load: async () => ({
    ingest: (await import('./ingestFrIcpe.ts')).ingestFrIcpe,
    estimateRows: async () => null,
  }),
});
