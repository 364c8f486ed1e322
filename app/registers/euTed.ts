import { euTedIngestSpec } from '../../ingest/eu-ted/euTedCommand.ts';
import { EU_TED_FRESHNESS_DAYS, EU_TED_REGISTER } from '../../schemas/events/euTedEvents.ts';
import type { RegisterManifest } from '../registerManifest.ts';

/**
 * TED (Tenders Electronic Daily), the award notices of the Official Journal's S series, served by
 * GET /v1/entreprise/{siren}/marches-publics-ue. `pays` is `EU`. Licence: TED notices may be reused freely,
 * commercially included, the source acknowledged and the meaning not distorted (Commission Decision
 * 2011/833/EU, as the Publications Office's reuse page says of TED).
 */
export const euTed: RegisterManifest = {
  stem: 'eu-ted',
  dictionary: [
    {
      code: EU_TED_REGISTER,
      nomCourt: 'TED',
      nomComplet: 'TED (Tenders Electronic Daily), avis d’attribution de marchés publics du JOUE série S',
      producteur: 'Office des publications de l’Union européenne',
      pays: 'EU',
      licence: 'Réutilisation libre, source citée (décision 2011/833/UE)',
      licenceUrl: 'https://eur-lex.europa.eu/eli/dec/2011/833/oj',
      mode: 'copie_locale',
      photoComplete: true,
      seuilFraicheurJours: EU_TED_FRESHNESS_DAYS,
      sourceUrl: 'https://ted.europa.eu',
    },
  ],
  ingest: { 'eu-ted': euTedIngestSpec },
  async load() {
    const [projection, route, demo] = await Promise.all([
      import('../../projections/eu-ted/euTedProjection.ts'),
      import('../../api/routes/marchesPublicsUe.ts'),
      import('../../ingest/eu-ted/euTedDemo.ts'),
    ]);
    return {
      demo: demo.euTedDemo,
      projections: [projection.euTedProjection],
      routes: [route.marchesPublicsUeRoute],
    };
  },
};
