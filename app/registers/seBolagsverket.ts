import { seBolagsverketIngestSpec } from '../../ingest/se-bolagsverket/seBolagsverketCommand.ts';
import { SE_BOLAGSVERKET_REGISTER } from '../../schemas/events/seBolagsverketEvents.ts';
import {
  canonicalOrganisationsnummer,
  isValidOrganisationsnummerSpelling,
  ORGANISATIONSNUMMER_PATTERN,
} from '../../schemas/identifiers/organisationsnummer.ts';
import type { RegisterManifest } from '../registerManifest.ts';

/** Sweden's Companies Registration Office (Bolagsverket), high-value dataset bulk file. */
export const seBolagsverket: RegisterManifest = {
  stem: 'se-bolagsverket',
  dictionary: [
    {
      code: SE_BOLAGSVERKET_REGISTER,
      nomCourt: 'Bolagsverket',
      nomComplet: 'Bolagsverket, värdefulla datamängder (fil bolagsverket_bulkfil)',
      producteur: 'Bolagsverket',
      pays: 'SE',
      licence: 'CC BY 4.0',
      licenceUrl: 'https://creativecommons.org/licenses/by/4.0/',
      mode: 'copie_locale',
      photoComplete: true,
      seuilFraicheurJours: 21,
      sourceUrl: 'https://bolagsverket.se/apierochoppnadata/nedladdningsbarafiler.2517.html',
    },
  ],
  ingest: { 'se-bolagsverket': seBolagsverketIngestSpec },
  europe: {
    idPattern: ORGANISATIONSNUMMER_PATTERN,
    idCheck: isValidOrganisationsnummerSpelling,
    canonicalId: canonicalOrganisationsnummer,
    idLabel: '10 chiffres (tiret admis)',
    idDescription:
      'organisationsnummer de 10 chiffres (5560012402 ou 556001-2402), clé de Luhn / 10-digit organisationsnummer (hyphen accepted), Luhn check digit',
  },
  async load() {
    const [projection, demo] = await Promise.all([
      import('../../projections/se-bolagsverket/seBolagsverketProjection.ts'),
      import('../../ingest/se-bolagsverket/seBolagsverketDemo.ts'),
    ]);
    return {
      demo: demo.seBolagsverketDemo,
      projections: [projection.seBolagsverketProjection],
      europeProfiles: {
        projection: projection.seBolagsverketProjection.name,
        table: projection.SE_BOLAGSVERKET_PROFILES,
      },
    };
  },
};
