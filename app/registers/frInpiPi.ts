import { frInpiPiIngestSpec } from '../../ingest/fr-inpi-pi/frInpiPiCommand.ts';
import {
  FR_INPI_PI_FRESHNESS_DAYS,
  FR_INPI_PI_REGISTER,
  frInpiPiStreamOf,
} from '../../schemas/events/frInpiPiEvents.ts';
import type { RegisterManifest } from '../registerManifest.ts';

/**
 * INPI's open industrial-property data: French trademarks (ST.66) and patents (fr-patent-document), XML,
 * served as the dossier's `pi` block. Designs (ST.86) are not read (no real record of INPI's layout found).
 * Size and cadence: some 3 million French marks since 1976 and the French patent applications since 1902, a
 * stock plus weekly files (marks, patents; designs every two weeks).
 */
export const frInpiPi: RegisterManifest = {
  stem: 'fr-inpi-pi',
  auditRowNotes: () => [
    '  the title runs from that line to its end tag (</TradeMark>, </fr-patent-document>)',
  ],
  dictionary: [
    {
      code: FR_INPI_PI_REGISTER,
      nomCourt: 'INPI PI',
      nomComplet: 'INPI, données de propriété industrielle (marques françaises, brevets français)',
      producteur: 'INPI',
      pays: 'FR',
      // INPI's free reuse licence (décret 2014-917, art. D. 411-1-3 CPI), with its undertaking on personal data.
      licence:
        'Licence gratuite de réutilisation des données de propriété industrielle de l’INPI (art. D. 411-1-3 CPI)',
      licenceUrl: 'https://www.legifrance.gouv.fr/jorf/id/JORFTEXT000029378451',
      mode: 'copie_locale',
      photoComplete: true,
      seuilFraicheurJours: FR_INPI_PI_FRESHNESS_DAYS,
      sourceUrl: 'https://data.inpi.fr',
    },
  ],
  ingest: { 'fr-inpi-pi': frInpiPiIngestSpec },
  entityStreamOf: frInpiPiStreamOf,
  async load() {
    const [projection, demo] = await Promise.all([
      import('../../projections/fr-inpi-pi/inpiPiProjection.ts'),
      import('../../ingest/fr-inpi-pi/frInpiPiDemo.ts'),
    ]);
    // Served by the dossier (api/routes/dossier/piBlock.ts): no route of its own.
    return { demo: demo.frInpiPiDemo, projections: [projection.inpiPiProjection] };
  },
};
