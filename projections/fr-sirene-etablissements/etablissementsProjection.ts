import type { EntityRecordedData } from '../../schemas/events/entityEvents.ts';
import { ETABLISSEMENT, FR_SIRENE_REGISTER } from '../../schemas/events/frSireneEvents.ts';
import { publishedDate, publishedValue } from '../../schemas/records/publishedValue.ts';
import { entityHandlers } from '../core/entityHandlers.ts';
import type { Projection } from '../core/projection.ts';
import { type RowTable, rowBinding } from '../core/rowTable.ts';
import { addressLine } from './addressLine.ts';

export const ETABLISSEMENTS_TABLE = 'fr_sirene_etablissements';

/** A row of the establishments table, as the projection writes it and the routes read it. */
export interface EtablissementRow {
  siret: string;
  siren: string;
  statut_diffusion: string | null;
  est_siege: boolean;
  etat_administratif: string | null;
  date_creation: string | null;
  activite_principale: string | null;
  nomenclature_activite: string | null;
  adresse: string | null;
  code_postal: string | null;
  commune: string | null;
  code_commune: string | null;
  lambert_x: number | null;
  lambert_y: number | null;
}

const ETABLISSEMENTS: RowTable<EtablissementRow> = {
  name: ETABLISSEMENTS_TABLE,
  key: ['siret'],
  columns: {
    siret: 'text',
    siren: 'text',
    statut_diffusion: 'text',
    est_siege: 'boolean',
    etat_administratif: 'text',
    date_creation: 'text',
    activite_principale: 'text',
    nomenclature_activite: 'text',
    adresse: 'text',
    code_postal: 'text',
    commune: 'text',
    code_commune: 'text',
    lambert_x: 'double precision',
    lambert_y: 'double precision',
  },
};

/**
 * Sirene establishments, one row per SIRET, indexed by SIREN: the establishments list and the head office
 * of the company profile. Trade names and usual names (`enseigne*`, `denominationUsuelleEtablissement`) are
 * not projected: for sole proprietors they often hold the person's name.
 */
export const etablissementsProjection: Projection = {
  name: 'fr-sirene-etablissements',
  registers: [FR_SIRENE_REGISTER],
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
  ...entityHandlers([
    rowBinding({
      register: FR_SIRENE_REGISTER,
      kind: ETABLISSEMENT,
      table: ETABLISSEMENTS,
      rowOf: etablissementRowOf,
    }),
  ]),
};

function etablissementRowOf(data: EntityRecordedData): EtablissementRow {
  const r = data.record;
  return {
    siret: data.id,
    siren: data.id.slice(0, 9),
    statut_diffusion: publishedValue(r.statutDiffusionEtablissement),
    est_siege: publishedValue(r.etablissementSiege) === 'true',
    etat_administratif: publishedValue(r.etatAdministratifEtablissement),
    date_creation: publishedDate(r.dateCreationEtablissement),
    activite_principale: publishedValue(r.activitePrincipaleEtablissement),
    nomenclature_activite: publishedValue(r.nomenclatureActivitePrincipaleEtablissement),
    adresse: addressLine(r),
    code_postal: publishedValue(r.codePostalEtablissement),
    commune:
      publishedValue(r.libelleCommuneEtablissement) ?? publishedValue(r.libelleCommuneEtrangerEtablissement),
    code_commune: publishedValue(r.codeCommuneEtablissement),
    lambert_x: coordinate(r.coordonneeLambertAbscisseEtablissement),
    lambert_y: coordinate(r.coordonneeLambertOrdonneeEtablissement),
  };
}

/** A Lambert coordinate in metres, or null when empty, masked or not a number. */
function coordinate(value: unknown): number | null {
  const v = publishedValue(value);
  if (v === null) return null;
  const n = Number(v);
  return Number.isFinite(n) ? n : null;
}
