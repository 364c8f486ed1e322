import { euFsfIngestSpec } from '../../ingest/eu-fsf/euFsfCommand.ts';
import { EU_FSF_FRESHNESS_DAYS, EU_FSF_REGISTER } from '../../schemas/events/euFsfEvents.ts';
import type { RegisterManifest } from '../registerManifest.ts';

/**
 * The EU consolidated list of persons, groups and entities subject to EU financial sanctions (Financial
 * Sanctions Files, European Commission), legal persons only: read by the KYB screening
 * (api/routes/kyb/sanctionsScreening.ts), no route of its own. Licence: Commission documents and data may be
 * reused freely, commercially included, the source acknowledged (Commission Decision 2011/833/EU).
 */
export const euFsf: RegisterManifest = {
  stem: 'eu-fsf',
  dictionary: [
    {
      code: EU_FSF_REGISTER,
      nomCourt: 'Sanctions financières UE',
      nomComplet:
        'Liste consolidée des personnes, groupes et entités faisant l’objet de sanctions financières de l’UE',
      producteur: 'Commission européenne',
      pays: 'EU',
      licence: 'Réutilisation libre, source citée (décision 2011/833/UE)',
      licenceUrl: 'https://eur-lex.europa.eu/eli/dec/2011/833/oj',
      mode: 'copie_locale',
      photoComplete: true,
      seuilFraicheurJours: EU_FSF_FRESHNESS_DAYS,
      sourceUrl: 'https://webgate.ec.europa.eu/fsd/fsf',
    },
  ],
  ingest: { 'eu-fsf': euFsfIngestSpec },
  async load() {
    const [projection, demo] = await Promise.all([
      import('../../projections/eu-fsf/euFsfProjection.ts'),
      import('../../ingest/eu-fsf/euFsfDemo.ts'),
    ]);
    return { demo: demo.euFsfDemo, projections: [projection.euFsfProjection] };
  },
};
