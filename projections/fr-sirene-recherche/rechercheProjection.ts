import type { EntityRecordedData } from '../../schemas/events/entityEvents.ts';
import {
  ETABLISSEMENT,
  FR_SIRENE_REGISTER,
  type SireneRecord,
  UNITE_LEGALE,
} from '../../schemas/events/frSireneEvents.ts';
import { entityHandlers } from '../core/entityHandlers.ts';
import type { Projection } from '../core/projection.ts';
import { type RowTable, rowBinding } from '../core/rowTable.ts';
import {
  fillVocabulary,
  RECHERCHE_TABLE,
  rechercheMigrations,
  SEARCH_INDEXES,
  SIEGES_TABLE,
  VOCABULAIRE_TABLE,
  VOCABULARY_TRIGGERS,
} from './rechercheSchema.ts';
import { type SearchRow, searchRowOf, sireneValue } from './searchableCompany.ts';

export const RECHERCHE_PROJECTION = 'fr-sirene-recherche';

const RECHERCHE: RowTable<SearchRow> = {
  name: RECHERCHE_TABLE,
  key: ['siren'],
  columns: {
    siren: 'text',
    denomination: 'text',
    autres_noms: 'text[]',
    etat: 'text',
    categorie_juridique: 'text',
    activite_principale: 'text',
    rang_taille: 'smallint',
    siret_siege: 'text',
    nom_essentiel: 'text',
    autres_essentiels: 'text',
    cles: 'text[]',
    mots: 'text[]',
  },
};

interface SiegeRow {
  siret: string;
  siren: string;
  commune: string | null;
  code_postal: string | null;
}

const SIEGES: RowTable<SiegeRow> = {
  name: SIEGES_TABLE,
  key: ['siret'],
  columns: { siret: 'text', siren: 'text', commune: 'text', code_postal: 'text' },
};

/**
 * Head-office establishments only (`etablissementSiege` = true), keyed by SIRET, with the city and postal
 * code shown in results; an establishment that stops being the head office leaves the table. A unit's row
 * names its head office by SIRET (`nicSiegeUniteLegale`), so the order in which the two arrive is free.
 * Location fields masked by partial diffusion (`[ND]`) are kept as null.
 */
function siegeRowOf(data: EntityRecordedData): SiegeRow | null {
  const record = data.record as SireneRecord;
  if (sireneValue(record, 'etablissementSiege') !== 'true') return null;
  return {
    siret: data.id,
    siren: data.id.slice(0, 9),
    commune:
      sireneValue(record, 'libelleCommuneEtablissement') ??
      sireneValue(record, 'libelleCommuneEtrangerEtablissement'),
    code_postal: sireneValue(record, 'codePostalEtablissement'),
  };
}

/**
 * The search index of French companies, built from Sirene entity events only. A first pass or a rebuild
 * loads in bulk (projections/core/bulkLoad.ts): rows first, then the GIN indexes and the vocabulary.
 */
export const rechercheProjection: Projection = {
  name: RECHERCHE_PROJECTION,
  registers: [FR_SIRENE_REGISTER],
  tables: [RECHERCHE_TABLE, SIEGES_TABLE, VOCABULAIRE_TABLE],
  migrations: rechercheMigrations,
  bulkLoad: { indexes: SEARCH_INDEXES, triggers: VOCABULARY_TRIGGERS, fill: fillVocabulary },
  // Heavy per row: the company tables the profile reads are applied first during a large pass.
  deferred: true,
  ...entityHandlers(
    [
      // A company not indexed (sole proprietor, lost its diffusion or its category) leaves the index.
      rowBinding({
        register: FR_SIRENE_REGISTER,
        kind: UNITE_LEGALE,
        table: RECHERCHE,
        rowOf: (data) => searchRowOf(data.id, data.record as SireneRecord),
      }),
      rowBinding({ register: FR_SIRENE_REGISTER, kind: ETABLISSEMENT, table: SIEGES, rowOf: siegeRowOf }),
      // Each binding writes its own table from the record alone.
    ],
    { kindsCommute: true },
  ),
};
