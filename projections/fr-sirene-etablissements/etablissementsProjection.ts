import { publishedDate, publishedValue } from '../../ingest/fr-sirene/publishedValue.ts';
import { ETABLISSEMENT, SIRENE_REGISTER } from '../../ingest/fr-sirene/sireneEvents.ts';
import { entityHandlers } from '../core/entityHandlers.ts';
import type { Projection } from '../core/projection.ts';
import { addressLine } from './addressLine.ts';

export const ETABLISSEMENTS_TABLE = 'fr_sirene_etablissements';

/**
 * Sirene establishments, one row per SIRET, indexed by SIREN: the establishments list and the head office
 * of the company profile. Trade names and usual names (`enseigne*`, `denominationUsuelleEtablissement`) are
 * not projected: for sole proprietors they often hold the person's name.
 */
export const etablissementsProjection: Projection = {
  name: 'fr-sirene-etablissements',
  registers: [SIRENE_REGISTER],
  tables: [ETABLISSEMENTS_TABLE],
  migrations: [
    {
      name: 'fr_sirene_etablissements_0001_table',
      async up(knex) {
        await knex.raw(`
          create table ${ETABLISSEMENTS_TABLE} (
            siret text primary key,
            siren text not null,
            statut_diffusion text,
            est_siege boolean not null,
            etat_administratif text,
            date_creation text,
            activite_principale text,
            nomenclature_activite text,
            adresse text,
            code_postal text,
            commune text,
            code_commune text,
            lambert_x double precision,
            lambert_y double precision
          )`);
        await knex.raw(`create index ${ETABLISSEMENTS_TABLE}_siren on ${ETABLISSEMENTS_TABLE} (siren)`);
      },
    },
  ],
  handlers: entityHandlers([
    {
      register: SIRENE_REGISTER,
      kind: ETABLISSEMENT,
      async upsert(trx, data) {
        const r = data.record;
        await trx.raw(
          `insert into ${ETABLISSEMENTS_TABLE} (siret, siren, statut_diffusion, est_siege, etat_administratif,
             date_creation, activite_principale, nomenclature_activite, adresse, code_postal, commune,
             code_commune, lambert_x, lambert_y)
           values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
           on conflict (siret) do update set
             siren = excluded.siren, statut_diffusion = excluded.statut_diffusion, est_siege = excluded.est_siege,
             etat_administratif = excluded.etat_administratif, date_creation = excluded.date_creation,
             activite_principale = excluded.activite_principale,
             nomenclature_activite = excluded.nomenclature_activite, adresse = excluded.adresse,
             code_postal = excluded.code_postal, commune = excluded.commune, code_commune = excluded.code_commune,
             lambert_x = excluded.lambert_x, lambert_y = excluded.lambert_y`,
          [
            data.id,
            data.id.slice(0, 9),
            publishedValue(r.statutDiffusionEtablissement),
            publishedValue(r.etablissementSiege) === 'true',
            publishedValue(r.etatAdministratifEtablissement),
            publishedDate(r.dateCreationEtablissement),
            publishedValue(r.activitePrincipaleEtablissement),
            publishedValue(r.nomenclatureActivitePrincipaleEtablissement),
            addressLine(r),
            publishedValue(r.codePostalEtablissement),
            publishedValue(r.libelleCommuneEtablissement) ??
              publishedValue(r.libelleCommuneEtrangerEtablissement),
            publishedValue(r.codeCommuneEtablissement),
            coordinate(r.coordonneeLambertAbscisseEtablissement),
            coordinate(r.coordonneeLambertOrdonneeEtablissement),
          ],
        );
      },
      async drop(trx, data) {
        await trx.raw(`delete from ${ETABLISSEMENTS_TABLE} where siret = ?`, [data.id]);
      },
    },
  ]),
};

/** A Lambert coordinate in metres, or null when empty, masked or not a number. */
function coordinate(value: unknown): number | null {
  const v = publishedValue(value);
  if (v === null) return null;
  const n = Number(v);
  return Number.isFinite(n) ? n : null;
}
