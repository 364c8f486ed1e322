import type { EntityRecordedData } from '../../schemas/events/entityEvents.ts';
import { FR_SIRENE_REGISTER, UNITE_LEGALE } from '../../schemas/events/frSireneEvents.ts';
import { publishedDate, publishedValue } from '../../schemas/records/publishedValue.ts';
import { entityHandlers } from '../core/entityHandlers.ts';
import type { Projection } from '../core/projection.ts';
import { type RowTable, rowBinding } from '../core/rowTable.ts';

export const UNITES_LEGALES_TABLE = 'fr_sirene_unites_legales';

interface UniteLegaleRow {
  siren: string;
  statut_diffusion: string | null;
  etat_administratif: string | null;
  categorie_juridique: string | null;
  denomination: string | null;
  sigle: string | null;
  denominations_usuelles: string[];
  activite_principale: string | null;
  nomenclature_activite: string | null;
  categorie_entreprise: string | null;
  tranche_effectifs: string | null;
  date_creation: string | null;
  nic_siege: string | null;
  date_dernier_traitement: string | null;
}

const UNITES_LEGALES: RowTable<UniteLegaleRow> = {
  name: UNITES_LEGALES_TABLE,
  key: ['siren'],
  columns: {
    siren: 'text',
    statut_diffusion: 'text',
    etat_administratif: 'text',
    categorie_juridique: 'text',
    denomination: 'text',
    sigle: 'text',
    denominations_usuelles: 'text[]',
    activite_principale: 'text',
    nomenclature_activite: 'text',
    categorie_entreprise: 'text',
    tranche_effectifs: 'text',
    date_creation: 'text',
    nic_siege: 'text',
    date_dernier_traitement: 'text',
  },
};

/**
 * The identity of each Sirene legal unit, one row per SIREN, read by the company profile and establishments
 * routes. Only what those routes serve or decide on is kept: natural persons' names (`nomUniteLegale`,
 * `prenom*`, `pseudonyme*`) are never projected, so no route can serve them from here.
 */
export const unitesLegalesProjection: Projection = {
  name: 'fr-sirene-unites-legales',
  registers: [FR_SIRENE_REGISTER],
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
  ...entityHandlers([
    rowBinding({
      register: FR_SIRENE_REGISTER,
      kind: UNITE_LEGALE,
      table: UNITES_LEGALES,
      rowOf: uniteLegaleRowOf,
    }),
  ]),
};

function uniteLegaleRowOf(data: EntityRecordedData): UniteLegaleRow {
  const r = data.record;
  return {
    siren: data.id,
    statut_diffusion: publishedValue(r.statutDiffusionUniteLegale),
    etat_administratif: publishedValue(r.etatAdministratifUniteLegale),
    categorie_juridique: publishedValue(r.categorieJuridiqueUniteLegale),
    denomination: publishedValue(r.denominationUniteLegale),
    sigle: publishedValue(r.sigleUniteLegale),
    denominations_usuelles: [
      r.denominationUsuelle1UniteLegale,
      r.denominationUsuelle2UniteLegale,
      r.denominationUsuelle3UniteLegale,
    ]
      .map(publishedValue)
      .filter((v): v is string => v !== null),
    activite_principale: publishedValue(r.activitePrincipaleUniteLegale),
    nomenclature_activite: publishedValue(r.nomenclatureActivitePrincipaleUniteLegale),
    categorie_entreprise: publishedValue(r.categorieEntreprise),
    tranche_effectifs: publishedValue(r.trancheEffectifsUniteLegale),
    date_creation: publishedDate(r.dateCreationUniteLegale),
    nic_siege: publishedValue(r.nicSiegeUniteLegale),
    date_dernier_traitement: publishedValue(r.dateDernierTraitementUniteLegale),
  };
}
