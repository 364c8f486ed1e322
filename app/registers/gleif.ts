import { gleifIngestSpec } from '../../ingest/gleif/gleifCommand.ts';
import { gleifUpdatesIngestSpec } from '../../ingest/gleif/gleifUpdatesCommand.ts';
import { GLEIF_FRESHNESS_DAYS, GLEIF_REGISTER } from '../../schemas/events/gleifEvents.ts';
import { isValidLei, LEI_PATTERN } from '../../schemas/params/lei.ts';
import type { RegisterManifest } from '../registerManifest.ts';

/**
 * GLEIF, the worldwide LEI register: the golden copy (LEI records, consolidation relationships, reporting
 * exceptions) as a local copy, deltas on top. It has no country: `pays` is `XX`, the ISO 3166 user-assigned
 * code commonly read as "no single country" (the dictionary's `pays` is two capital letters).
 */
export const gleif: RegisterManifest = {
  stem: 'gleif',
  auditRowNotes: () => [
    '  an XML record runs from that line to its end tag; in a JSON file the number is the record’s in "records"',
  ],
  dictionary: [
    {
      code: GLEIF_REGISTER,
      nomCourt: 'GLEIF',
      nomComplet: 'GLEIF, Golden Copy LEI (LEI-CDF 3.1, RR-CDF 2.1, Reporting Exceptions)',
      producteur: 'Global Legal Entity Identifier Foundation',
      pays: 'XX',
      licence: 'CC0 1.0',
      licenceUrl: 'https://creativecommons.org/publicdomain/zero/1.0/',
      mode: 'copie_locale',
      photoComplete: true,
      seuilFraicheurJours: GLEIF_FRESHNESS_DAYS,
      sourceUrl: 'https://www.gleif.org/en/lei-data/gleif-golden-copy/download-the-golden-copy',
    },
  ],
  ingest: { gleif: gleifIngestSpec, 'gleif-updates': gleifUpdatesIngestSpec },
  // The unified profile of a country no national register covers: /v1/eu/entreprise/{pays}/{LEI}.
  europe: {
    worldwide: true,
    idPattern: LEI_PATTERN,
    idCheck: isValidLei,
    canonicalId: (id) => id.toUpperCase(),
    idDescription:
      'LEI (ISO 17442) : 20 caractères, lettres et chiffres, clé de contrôle valide / LEI: 20 characters with valid check digits',
    idLabel: 'LEI (20 caractères)',
  },
  async load() {
    const [projection, demo] = await Promise.all([
      import('../../projections/gleif/gleifProjection.ts'),
      import('../../ingest/gleif/gleifDemo.ts'),
    ]);
    return {
      demo: demo.gleifDemo,
      projections: [projection.gleifProjection],
      europeProfiles: { projection: projection.GLEIF_PROJECTION, table: projection.GLEIF_PROFILES },
    };
  },
};
