import { frIcpeIngestSpec } from '../../ingest/fr-icpe/frIcpeCommand.ts';
import {
  FR_ICPE_FRESHNESS_DAYS,
  FR_ICPE_REGISTER,
  frIcpeStreamOf,
} from '../../schemas/events/frIcpeEvents.ts';
import type { RegisterManifest } from '../registerManifest.ts';
import { ETALAB_2 } from './etalabLicence.ts';

/**
 * Géorisques' classified installations (ICPE), served as the dossier's `risques_industriels` block. Size and
 * cadence: some 137,000 installations for the whole country (as a reader of the API counts them; no count
 * published by Géorisques; 2,890 in the Gironde export of April 2026, 590 KB zipped), the export made on
 * request from the inspection's current data, dated by its download. The national download is paged: ZIPs of
 * 6,000 installations (`page`, `page_size`), some 23 for the country (ingest/fr-icpe/demo/SOURCE.txt), read
 * as one pass (ingest/fr-icpe/ingestFrIcpe.ts).
 */
export const frIcpe: RegisterManifest = {
  stem: 'fr-icpe',
  auditRowNotes: (sha256) => [
    `  the copy's page (or department's export) that is: sha256sum <folder>/*.zip | grep ^${sha256}`,
  ],
  dictionary: [
    {
      code: FR_ICPE_REGISTER,
      nomCourt: 'ICPE',
      nomComplet: 'Installations classées pour la protection de l’environnement (Géorisques)',
      producteur: 'Ministère de la Transition écologique (DGPR), Géorisques',
      pays: 'FR',
      ...ETALAB_2,
      mode: 'copie_locale',
      photoComplete: true,
      seuilFraicheurJours: FR_ICPE_FRESHNESS_DAYS,
      sourceUrl: 'https://www.georisques.gouv.fr/donnees/bases-de-donnees/installations-industrielles',
    },
  ],
  ingest: { 'fr-icpe': frIcpeIngestSpec },
  entityStreamOf: frIcpeStreamOf,
  async load() {
    const [projection, demo] = await Promise.all([
      import('../../projections/fr-icpe/icpeProjection.ts'),
      import('../../ingest/fr-icpe/frIcpeDemo.ts'),
    ]);
    // Served by the dossier (api/routes/dossier/risquesIndustrielsBlock.ts): no route of its own.
    return { demo: demo.frIcpeDemo, projections: [projection.icpeProjection] };
  },
};
