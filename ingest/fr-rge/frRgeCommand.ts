import { datedFileIngestSpec } from '../core/datedFileCommand.ts';

/** `registres ingest fr-rge <file> [--date YYYY-MM-DD] [--version <label>]` */
export const frRgeIngestSpec = datedFileIngestSpec({
  label: 'fr.rge',
  summary: 'ADEME list of RGE companies (liste-des-entreprises-rge-2): the data-fair lines answers, JSON',
  file: 'the JSON answers of https://data.ademe.fr/data-fair/api/v1/datasets/liste-des-entreprises-rge-2/lines?size=10000, {"total","next","results":[...]}, pages one after the other (following next); .gz or .zip read too',
  dateOf: 'download',
  notes:
    'Streamed. Company name, phone, e-mail, website, address and coordinates are dropped before anything is logged.',
  setAsideBecause: 'no valid SIRET or no qualification code, or a SIRET and code repeated in the file',
  load: async () => ({
    ingest: (await import('./ingestFrRge.ts')).ingestFrRge,
    estimateRows: async () => null,
  }),
});
