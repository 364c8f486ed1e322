import { datedFileIngestSpec } from '../core/datedFileCommand.ts';

/** `registres ingest fr-siret-idcc <file> [--date YYYY-MM-DD] [--version <label>]` */
export const frSiretIdccIngestSpec = datedFileIngestSpec({
  label: 'fr.siret-idcc',
  summary: 'collective agreements by establishment (SIRET-IDCC, Ministère du Travail, from the DSN)',
  file: 'the SIRET-IDCC CSV (",", UTF-8 with or without a BOM; .gz or .zip read too)',
  dateOf: 'download',
  notes:
    'Columns are read by name, whatever their case: MOIS,SIRET,IDCC,DATE_MAJ (2019) and mois,siret,idcc,datemaj.',
  setAsideBecause: 'unreadable SIRET or IDCC',
  load: async () => ({ ingest: (await import('./ingestFrSiretIdcc.ts')).ingestFrSiretIdcc }),
});
