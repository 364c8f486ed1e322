import { datedFileIngestSpec } from '../core/datedFileCommand.ts';

/** `registres ingest fr-decp <file> [--date YYYY-MM-DD] [--version <label>]` */
export const frDecpIngestSpec = datedFileIngestSpec({
  label: 'fr.decp',
  summary: 'DECP public contracts: the consolidated decp-global.json of data.gouv.fr (données essentielles)',
  file: 'decp-global.json, the consolidated DECP file of data.gouv.fr (2019 schema {"marches": [...]} or 2024 schema {"marches": {"marche": [...]}}; .gz or .zip read too)',
  dateOf: 'download',
  notes:
    'Streamed. Holder names (denominationSociale) are dropped before anything is logged; concessions are counted, not read.',
  setAsideBecause: 'no readable contract id or buyer SIRET',
  load: async () => ({
    ingest: (await import('./ingestFrDecp.ts')).ingestFrDecp,
    estimateRows: async () => null,
  }),
});
