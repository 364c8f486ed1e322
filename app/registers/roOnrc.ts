import { roOnrcIngestSpec } from '../../ingest/ro-onrc/roOnrcCommand.ts';
import { RO_ONRC_REGISTER } from '../../schemas/events/roOnrcEvents.ts';
import { canonicalCui, isValidCui, RO_CUI_PATTERN } from '../../schemas/identifiers/roCui.ts';
import type { RegisterManifest } from '../registerManifest.ts';

/** Romania’s trade register (ONRC open data on data.gov.ro, monthly release). */
export const roOnrc: RegisterManifest = {
  stem: 'ro-onrc',
  dictionary: [
    {
      code: RO_ONRC_REGISTER,
      nomCourt: 'ONRC',
      nomComplet: 'Oficiul Național al Registrului Comerțului (open data, data.gov.ro)',
      producteur: 'Oficiul Național al Registrului Comerțului',
      pays: 'RO',
      licence: 'CC BY 4.0',
      licenceUrl: 'https://creativecommons.org/licenses/by/4.0/',
      mode: 'copie_locale',
      photoComplete: true,
      // The contract sets no freshness threshold for Romania.
      seuilFraicheurJours: null,
      sourceUrl: 'https://data.gov.ro/organization/onrc',
    },
  ],
  ingest: { 'ro-onrc': roOnrcIngestSpec },
  europe: {
    idPattern: RO_CUI_PATTERN,
    idCheck: isValidCui,
    canonicalId: canonicalCui,
    idLabel: 'CUI (2 à 10 chiffres, préfixe RO accepté)',
    idDescription:
      'CUI de 2 à 10 chiffres dont le dernier est la clé de contrôle, préfixe RO accepté / fiscal code (CUI), 2 to 10 digits with its check digit, RO prefix accepted',
  },
  async load() {
    const [projection, demo, routes] = await Promise.all([
      import('../../projections/ro-onrc/roOnrcProjection.ts'),
      import('../../ingest/ro-onrc/roOnrcDemo.ts'),
      import('../../api/routes/roOnrc.ts'),
    ]);
    return {
      demo: demo.roOnrcDemo,
      projections: [projection.roOnrcProjection],
      routes: routes.RO_ONRC_ROUTES,
      europeProfiles: { projection: projection.roOnrcProjection.name, table: projection.RO_ONRC_PROFILES },
    };
  },
};
