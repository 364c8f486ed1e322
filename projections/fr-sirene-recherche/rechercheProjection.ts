import type { Knex } from 'knex';
import {
  ETABLISSEMENT,
  SIRENE_REGISTER,
  type SireneRecord,
  UNITE_LEGALE,
} from '../../ingest/fr-sirene/sireneEvents.ts';
import { entityHandlers } from '../core/entityHandlers.ts';
import type { Projection } from '../core/projection.ts';
import { RECHERCHE_TABLE, rechercheMigrations, SIEGES_TABLE } from './rechercheSchema.ts';
import { searchRowOf, sireneValue } from './searchableCompany.ts';

export const RECHERCHE_PROJECTION = 'fr-sirene-recherche';

async function upsertUnit(trx: Knex.Transaction, siren: string, record: SireneRecord): Promise<void> {
  const row = searchRowOf(siren, record);
  if (!row) {
    // Became a sole proprietor, lost its diffusion or its category: it leaves the index.
    await trx.raw(`delete from ${RECHERCHE_TABLE} where siren = ?`, [siren]);
    return;
  }
  await trx.raw(
    `insert into ${RECHERCHE_TABLE}
       (siren, denomination, autres_noms, etat, categorie_juridique, activite_principale, rang_taille, siret_siege)
     values (?, ?, ?::text[], ?, ?, ?, ?, ?)
     on conflict (siren) do update set
       denomination = excluded.denomination, autres_noms = excluded.autres_noms, etat = excluded.etat,
       categorie_juridique = excluded.categorie_juridique, activite_principale = excluded.activite_principale,
       rang_taille = excluded.rang_taille, siret_siege = excluded.siret_siege`,
    [
      row.siren,
      row.denomination,
      row.autres_noms,
      row.etat,
      row.categorie_juridique,
      row.activite_principale,
      row.rang_taille,
      row.siret_siege,
    ],
  );
}

/**
 * Head-office establishments only (`etablissementSiege` = true), keyed by SIRET, with the city and postal
 * code shown in results; an establishment that stops being the head office leaves the table. A unit's row
 * names its head office by SIRET (`nicSiegeUniteLegale`), so the order in which the two arrive is free.
 * Location fields masked by partial diffusion (`[ND]`) are kept as null.
 */
async function upsertEstablishment(
  trx: Knex.Transaction,
  siret: string,
  record: SireneRecord,
): Promise<void> {
  if (sireneValue(record, 'etablissementSiege') !== 'true') {
    await trx.raw(`delete from ${SIEGES_TABLE} where siret = ?`, [siret]);
    return;
  }
  const commune =
    sireneValue(record, 'libelleCommuneEtablissement') ??
    sireneValue(record, 'libelleCommuneEtrangerEtablissement');
  await trx.raw(
    `insert into ${SIEGES_TABLE} (siret, siren, commune, code_postal) values (?, ?, ?, ?)
     on conflict (siret) do update set
       siren = excluded.siren, commune = excluded.commune, code_postal = excluded.code_postal`,
    [siret, siret.slice(0, 9), commune, sireneValue(record, 'codePostalEtablissement')],
  );
}

/** The search index of French companies, built from Sirene entity events only. */
export const rechercheProjection: Projection = {
  name: RECHERCHE_PROJECTION,
  registers: [SIRENE_REGISTER],
  tables: [RECHERCHE_TABLE, SIEGES_TABLE],
  migrations: rechercheMigrations,
  handlers: entityHandlers([
    {
      register: SIRENE_REGISTER,
      kind: UNITE_LEGALE,
      upsert: (trx, data) => upsertUnit(trx, data.id, data.record as SireneRecord),
      async drop(trx, data) {
        await trx.raw(`delete from ${RECHERCHE_TABLE} where siren = ?`, [data.id]);
      },
    },
    {
      register: SIRENE_REGISTER,
      kind: ETABLISSEMENT,
      upsert: (trx, data) => upsertEstablishment(trx, data.id, data.record as SireneRecord),
      async drop(trx, data) {
        await trx.raw(`delete from ${SIEGES_TABLE} where siret = ?`, [data.id]);
      },
    },
  ]),
};
