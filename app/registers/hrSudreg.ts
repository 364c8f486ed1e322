import { hrSudregIngestSpec } from '../../ingest/hr-sudreg/hrSudregCommand.ts';
import { hrSudregRecordSpec } from '../../ingest/hr-sudreg/hrSudregRecordCommand.ts';
import { HR_SUDREG_REGISTER } from '../../schemas/events/hrSudregEvents.ts';
import { canonicalMbs, HR_MBS_PATTERN, isValidHrOibOrMbs } from '../../schemas/identifiers/hrOib.ts';
import type { RegisterManifest } from '../registerManifest.ts';

/** Croatia's court register (Sudski registar open API, sudreg-data.gov.hr, daily snapshot). */
export const hrSudreg: RegisterManifest = {
  stem: 'hr-sudreg',
  dictionary: [
    {
      code: HR_SUDREG_REGISTER,
      nomCourt: 'Sudski registar',
      nomComplet: 'Sudski registar Republike Hrvatske (open API sudreg-data.gov.hr)',
      producteur: 'Ministarstvo pravosuđa, uprave i digitalne transformacije',
      pays: 'HR',
      licence:
        'Données du Sudski registar, Ministarstvo pravosuđa, uprave i digitalne transformacije (attribution requise) / Source: Court Register, Ministry of Justice, Public Administration and Digital Transformation (attribution required)',
      licenceUrl: 'https://sudreg-data.gov.hr/',
      mode: 'copie_locale',
      photoComplete: true,
      // The contract: daily-snapshot registers (HR), no pass for 7 days gives 503 (fail-closed).
      seuilFraicheurJours: 7,
      sourceUrl: 'https://sudreg-data.gov.hr/api/javni/detalji_subjekta',
    },
  ],
  ingest: { 'hr-sudreg': hrSudregIngestSpec },
  record: { 'hr-sudreg': hrSudregRecordSpec },
  europe: {
    idPattern: /^(\d{11}|\d{8,9})$/,
    // An OIB (11 digits) carries its ISO 7064 MOD 11,10 check digit; an MBS is resolved by lookup.
    idCheck: isValidHrOibOrMbs,
    canonicalId: (id) => (HR_MBS_PATTERN.test(id) ? canonicalMbs(id) : id),
    idLabel: 'OIB 11 chiffres (ou MBS 8/9 chiffres)',
    idDescription:
      'OIB de 11 chiffres dont le dernier est la clé ISO 7064 MOD 11,10, ou numéro du registre (MBS) de 8 ou 9 chiffres / OIB, 11 digits with its check digit, or court register number (MBS), 8 or 9 digits',
  },
  async load() {
    const [projection, block, demo, routes] = await Promise.all([
      import('../../projections/hr-sudreg/hrSudregProjection.ts'),
      import('../../projections/hr-sudreg/hrRegisterBlock.ts'),
      import('../../ingest/hr-sudreg/hrSudregDemo.ts'),
      import('../../api/routes/hrSudreg.ts'),
    ]);
    return {
      demo: demo.hrSudregDemo,
      projections: [projection.hrSudregProjection],
      routes: routes.HR_SUDREG_ROUTES,
      europeProfiles: {
        projection: projection.hrSudregProjection.name,
        table: projection.HR_SUDREG_PROFILES,
        resolveId: projection.hrResolveId,
        profileBlock: block.hrRegisterBlock,
      },
    };
  },
};
