import { publishedDate, publishedValue } from '../../ingest/fr-sirene/publishedValue.ts';
import { SIRENE_REGISTER, UNITE_LEGALE } from '../../ingest/fr-sirene/sireneEvents.ts';
import { entityHandlers } from '../core/entityHandlers.ts';
import type { Projection } from '../core/projection.ts';

export const UNITES_LEGALES_TABLE = 'fr_sirene_unites_legales';

/**
 * The identity of each Sirene legal unit, one row per SIREN, read by the company profile and establishments
 * routes. Only what those routes serve or decide on is kept: natural persons' names (`nomUniteLegale`,
 * `prenom*`, `pseudonyme*`) are never projected, so no route can serve them from here.
 */
export const unitesLegalesProjection: Projection = {
  name: 'fr-sirene-unites-legales',
  registers: [SIRENE_REGISTER],
  tables: [UNITES_LEGALES_TABLE],
  migrations: [
    {
      name: 'fr_sirene_unites_legales_0001_table',
      async up(knex) {
        await knex.raw(`
          create table ${UNITES_LEGALES_TABLE} (
            siren text primary key,
            statut_diffusion text,
            etat_administratif text,
            categorie_juridique text,
            denomination text,
            sigle text,
            denominations_usuelles text[] not null,
            activite_principale text,
            nomenclature_activite text,
            categorie_entreprise text,
            tranche_effectifs text,
            date_creation text,
            nic_siege text,
            date_dernier_traitement text
          )`);
      },
    },
  ],
  handlers: entityHandlers([
    {
      register: SIRENE_REGISTER,
      kind: UNITE_LEGALE,
      async upsert(trx, data) {
        const r = data.record;
        const usual = [
          r.denominationUsuelle1UniteLegale,
          r.denominationUsuelle2UniteLegale,
          r.denominationUsuelle3UniteLegale,
        ]
          .map(publishedValue)
          .filter((v): v is string => v !== null);
        await trx.raw(
          `insert into ${UNITES_LEGALES_TABLE} (siren, statut_diffusion, etat_administratif, categorie_juridique,
             denomination, sigle, denominations_usuelles, activite_principale, nomenclature_activite,
             categorie_entreprise, tranche_effectifs, date_creation, nic_siege, date_dernier_traitement)
           values (?, ?, ?, ?, ?, ?, ?::text[], ?, ?, ?, ?, ?, ?, ?)
           on conflict (siren) do update set
             statut_diffusion = excluded.statut_diffusion, etat_administratif = excluded.etat_administratif,
             categorie_juridique = excluded.categorie_juridique, denomination = excluded.denomination,
             sigle = excluded.sigle, denominations_usuelles = excluded.denominations_usuelles,
             activite_principale = excluded.activite_principale,
             nomenclature_activite = excluded.nomenclature_activite,
             categorie_entreprise = excluded.categorie_entreprise, tranche_effectifs = excluded.tranche_effectifs,
             date_creation = excluded.date_creation, nic_siege = excluded.nic_siege,
             date_dernier_traitement = excluded.date_dernier_traitement`,
          [
            data.id,
            publishedValue(r.statutDiffusionUniteLegale),
            publishedValue(r.etatAdministratifUniteLegale),
            publishedValue(r.categorieJuridiqueUniteLegale),
            publishedValue(r.denominationUniteLegale),
            publishedValue(r.sigleUniteLegale),
            usual,
            publishedValue(r.activitePrincipaleUniteLegale),
            publishedValue(r.nomenclatureActivitePrincipaleUniteLegale),
            publishedValue(r.categorieEntreprise),
            publishedValue(r.trancheEffectifsUniteLegale),
            publishedDate(r.dateCreationUniteLegale),
            publishedValue(r.nicSiegeUniteLegale),
            publishedValue(r.dateDernierTraitementUniteLegale),
          ],
        );
      },
      async drop(trx, data) {
        await trx.raw(`delete from ${UNITES_LEGALES_TABLE} where siren = ?`, [data.id]);
      },
    },
  ]),
};
