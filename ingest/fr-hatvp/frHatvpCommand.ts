import { HATVP_OTHER_IDENTIFIERS_REASON } from '../../schemas/events/frHatvpEvents.ts';
import { datedFileIngestSpec } from '../core/datedFileCommand.ts';

/** `registres ingest fr-hatvp <file> [--date YYYY-MM-DD] [--version <label>]` */
export const frHatvpIngestSpec = datedFileIngestSpec({
  label: 'fr.hatvp',
  summary: 'HATVP register of interest representatives (répertoire AGORA), the open data JSON',
  file: 'https://www.hatvp.fr/agora/opendata/agora_repertoire_opendata.json, {"publications":[...]} (about 137 MB); .gz or .zip read too',
  dateOf: 'download',
  notes: `Streamed one publication at a time. Dirigeants, collaborateurs, clients, affiliations, contacts and the officials met are dropped before anything is logged. Publications under an RNA or HATVP number are counted, not logged (${HATVP_OTHER_IDENTIFIERS_REASON}).`,
  setAsideBecause: 'no valid SIREN, or a SIREN repeated in the file',
  load: async () => ({
    ingest: (await import('./ingestFrHatvp.ts')).ingestFrHatvp,
    estimateRows: async () => null,
  }),
});
