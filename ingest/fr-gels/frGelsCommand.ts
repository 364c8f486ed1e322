import { datedFileIngestSpec } from '../core/datedFileCommand.ts';

/** `registres ingest fr-gels <file> [--date YYYY-MM-DD] [--version <label>]` */
export const frGelsIngestSpec = datedFileIngestSpec({
  label: 'fr.gels',
  summary: 'Registre national des gels (DG Trésor): the JSON publication of the gels-avoirs public API',
  file: 'the answer of https://gels-avoirs.dgtresor.gouv.fr/ApiPublic/api/v1/publication/derniere-publication-fichier-json, {"Publications": {"DatePublication", "PublicationDetail": [...]}}',
  dateOf: 'publication (default: its DatePublication, UTC)',
  notes:
    'Legal persons (Nature « Personne morale ») only: natural persons and vessels are counted, never logged.',
  setAsideBecause: 'no IdRegistre or no Nom, or an IdRegistre repeated in the file',
  load: async () => {
    const [{ ingestFrGels }, { frGelsFileDate }] = await Promise.all([
      import('./ingestFrGels.ts'),
      import('./readFrGelsJson.ts'),
    ]);
    return { ingest: ingestFrGels, estimateRows: async () => null, fileDate: frGelsFileDate };
  },
});
