import { ltJarIngestSpec } from '../../ingest/lt-jar/ltJarCommand.ts';
import { LT_JAR_REGISTER } from '../../schemas/events/ltJarEvents.ts';
import { isValidLtCompanyCode } from '../../schemas/identifiers/ltCompanyCode.ts';
import type { RegisterManifest } from '../registerManifest.ts';

/** Lithuania's Register of Legal Entities (Registrų centras, JAR open data). */
export const ltJar: RegisterManifest = {
  stem: 'lt-jar',
  dictionary: [
    {
      code: LT_JAR_REGISTER,
      nomCourt: 'Juridinių asmenų registras',
      nomComplet: 'Register of Legal Entities of the Republic of Lithuania (Registrų centras open data)',
      producteur: 'VĮ Registrų centras',
      pays: 'LT',
      licence: 'CC BY 4.0',
      licenceUrl: 'https://creativecommons.org/licenses/by/4.0/',
      mode: 'copie_locale',
      photoComplete: true,
      // A daily file: the contract's threshold for daily-snapshot registers (Limits: 7 days).
      seuilFraicheurJours: 7,
      sourceUrl: 'https://www.registrucentras.lt/aduomenys/?byla=JAR_IREGISTRUOTI.csv',
    },
  ],
  ingest: { 'lt-jar': ltJarIngestSpec },
  europe: {
    idPattern: /^\d{9}$/,
    idCheck: isValidLtCompanyCode,
    idLabel: '9 chiffres',
    idDescription:
      'code de personne morale de 9 chiffres, le dernier de contrôle / 9-digit legal entity code with its check digit',
  },
  async load() {
    const [projection, demo, routes] = await Promise.all([
      import('../../projections/lt-jar/ltJarProjection.ts'),
      import('../../ingest/lt-jar/ltJarDemo.ts'),
      import('../../api/routes/ltJar.ts'),
    ]);
    return {
      demo: demo.ltJarDemo,
      projections: [projection.ltJarProjection],
      routes: routes.LT_JAR_ROUTES,
      europeProfiles: { projection: projection.ltJarProjection.name, table: projection.LT_JAR_PROFILES },
    };
  },
};
