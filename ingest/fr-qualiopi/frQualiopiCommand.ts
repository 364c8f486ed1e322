import { datedFileIngestSpec } from '../core/datedFileCommand.ts';

/** `registres ingest fr-qualiopi <file> [--date YYYY-MM-DD] [--version <label>]` */
export const frQualiopiIngestSpec = datedFileIngestSpec({
  label: 'fr.qualiopi',
  summary: 'DGEFP public list of training organisations (Qualiopi certifications), data.gouv CSV',
  file: 'the CSV of https://www.data.gouv.fr/fr/datasets/r/ac59a0f5-fa83-4b82-bf12-3c5806d4f19f (";", header numeroDeclarationActivite;…); .gz or .zip read too',
  dateOf: 'download',
  notes:
    'Streamed. The organisation’s name (a person’s for a sole trader), its address and the foreign organisation it represents are dropped before anything is logged.',
  setAsideBecause:
    'no activity declaration number, no valid SIREN (nor SIRET to take it from), SIREN and SIRET apart, or a declaration repeated in the file',
  load: async () => ({ ingest: (await import('./ingestFrQualiopi.ts')).ingestFrQualiopi }),
});
