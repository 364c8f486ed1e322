import type { Knex } from 'knex';
import type { EntityRecordedData } from '../../ingest/core/entityEvents.ts';
import {
  ETABLISSEMENT,
  SIRENE_REGISTER,
  type SireneRecord,
  UNITE_LEGALE,
} from '../../ingest/fr-sirene/sireneEvents.ts';
import { type EntityItem, entityHandlers } from '../core/entityHandlers.ts';
import type { Projection } from '../core/projection.ts';
import { deleteRows, type RowTable, upsertRows } from '../core/rowTable.ts';
import { RECHERCHE_TABLE, rechercheMigrations, SIEGES_TABLE } from './rechercheSchema.ts';
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
  },
};

/** A company not indexed (sole proprietor, lost its diffusion or its category) leaves the index. */
async function upsertUnits(trx: Knex.Transaction, items: readonly EntityItem<EntityRecordedData>[]) {
  const rows: SearchRow[] = [];
  const leaving: string[] = [];
  for (const { data } of items) {
    const row = searchRowOf(data.id, data.record as SireneRecord);
    if (row) rows.push(row);
    else leaving.push(data.id);
  }
  await deleteRows(trx, RECHERCHE, leaving);
  await upsertRows(trx, RECHERCHE, rows);
}

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
async function upsertEstablishments(trx: Knex.Transaction, items: readonly EntityItem<EntityRecordedData>[]) {
  const rows: SiegeRow[] = [];
  const leaving: string[] = [];
  for (const { data } of items) {
    const record = data.record as SireneRecord;
    if (sireneValue(record, 'etablissementSiege') !== 'true') {
      leaving.push(data.id);
      continue;
    }
    rows.push({
      siret: data.id,
      siren: data.id.slice(0, 9),
      commune:
        sireneValue(record, 'libelleCommuneEtablissement') ??
        sireneValue(record, 'libelleCommuneEtrangerEtablissement'),
      code_postal: sireneValue(record, 'codePostalEtablissement'),
    });
  }
  await deleteRows(trx, SIEGES, leaving);
  await upsertRows(trx, SIEGES, rows);
}

/** The search index of French companies, built from Sirene entity events only. */
export const rechercheProjection: Projection = {
  name: RECHERCHE_PROJECTION,
  registers: [SIRENE_REGISTER],
  tables: [RECHERCHE_TABLE, SIEGES_TABLE],
  migrations: rechercheMigrations,
  ...entityHandlers([
    {
      register: SIRENE_REGISTER,
      kind: UNITE_LEGALE,
      upsert: (trx, data, event) => upsertUnits(trx, [{ data, event }]),
      upsertMany: upsertUnits,
      async drop(trx, data) {
        await deleteRows(trx, RECHERCHE, [data.id]);
      },
      async dropMany(trx, items) {
        await deleteRows(
          trx,
          RECHERCHE,
          items.map((i) => i.data.id),
        );
      },
    },
    {
      register: SIRENE_REGISTER,
      kind: ETABLISSEMENT,
      upsert: (trx, data, event) => upsertEstablishments(trx, [{ data, event }]),
      upsertMany: upsertEstablishments,
      async drop(trx, data) {
        await deleteRows(trx, SIEGES, [data.id]);
      },
      async dropMany(trx, items) {
        await deleteRows(
          trx,
          SIEGES,
          items.map((i) => i.data.id),
        );
      },
    },
  ]),
};
