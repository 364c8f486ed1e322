import { beKboIngestSpec, beKboUpdateIngestSpec } from '../../ingest/be-kbo/beKboCommand.ts';
import { BE_KBO_REGISTER, beKboStreamOf } from '../../schemas/events/beKboEvents.ts';
import {
  canonicalKboNumber,
  isValidKboSpelling,
  KBO_ID_PATTERN,
} from '../../schemas/identifiers/kboNumber.ts';
import type { RegisterManifest } from '../registerManifest.ts';

/** Belgium's Crossroads Bank for Enterprises (KBO/BCE), open data. */
export const beKbo: RegisterManifest = {
  stem: 'be-kbo',
  dictionary: [
    {
      code: BE_KBO_REGISTER,
      nomCourt: 'BCE/KBO',
      nomComplet: 'Banque-Carrefour des Entreprises / Kruispuntbank van Ondernemingen (SPF Économie)',
      producteur: 'SPF Économie, P.M.E., Classes moyennes et Énergie',
      pays: 'BE',
      licence: 'Licence de réutilisation des données ouvertes de la BCE (SPF Économie)',
      licenceUrl:
        'https://economie.fgov.be/fr/themes/entreprises/banque-carrefour-des/services-pour-tous/reutilisation-de-donnees',
      mode: 'copie_locale',
      photoComplete: true,
      seuilFraicheurJours: null,
      sourceUrl: 'https://kbopub.economie.fgov.be/kbo-open-data/',
    },
  ],
  entityStreamOf: beKboStreamOf,
  ingest: { 'be-kbo': beKboIngestSpec, 'be-kbo-update': beKboUpdateIngestSpec },
  europe: {
    idPattern: KBO_ID_PATTERN,
    idCheck: isValidKboSpelling,
    canonicalId: canonicalKboNumber,
    idLabel: '10 chiffres (points et préfixe BE admis)',
    idDescription:
      'numéro d’entreprise de 10 chiffres (0403170701, 0403.170.701 ou BE0403170701), clé 97 − (8 premiers chiffres mod 97) / 10-digit enterprise number (dots and BE prefix accepted), check 97 − (first 8 digits mod 97)',
  },
  async load() {
    const [projection, demo] = await Promise.all([
      import('../../projections/be-kbo/beKboProjection.ts'),
      import('../../ingest/be-kbo/beKboDemo.ts'),
    ]);
    return {
      demo: demo.beKboDemo,
      projections: [projection.beKboProjection],
      europeProfiles: { projection: projection.beKboProjection.name, table: projection.BE_KBO_PROFILES },
    };
  },
};
