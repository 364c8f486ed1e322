import type { Knex } from 'knex';
import { namedStatement } from '../../../ops/database/namedStatements.ts';
import type { EtablissementRow as EtablissementTableRow } from '../../../projections/fr-sirene-etablissements/etablissementRow.ts';
import { ETABLISSEMENTS_TABLE } from '../../../projections/fr-sirene-etablissements/etablissementsProjection.ts';
import { UNITES_LEGALES_TABLE } from '../../../projections/fr-sirene-unites-legales/unitesLegalesProjection.ts';
import { UNIT_COLUMNS, type UnitRow } from './unitFields.ts';

/** The columns of an establishment the routes read. */
export type EtablissementRow = Omit<
  EtablissementTableRow,
  'siren' | 'statut_diffusion' | 'nomenclature_activite'
>;

/** Both reads here are named prepared statements on a PostgreSQL server (see namedStatements.ts). */
export async function readUnit(knex: Knex, siren: string): Promise<UnitRow | undefined> {
  const { rows } = await namedStatement<{ rows: UnitRow[] }>(
    knex,
    'registres_fr_sirene_unit',
    `select ${UNIT_COLUMNS.join(', ')} from ${UNITES_LEGALES_TABLE} where siren = ?`,
    [siren],
  );
  return rows[0];
}

/**
 * A company's establishments, head office first, then open before closed, then by SIRET; at most `limit`,
 * with the total counted by the same statement (so the count can never be below the list).
 */
export async function readEtablissements(
  knex: Knex,
  siren: string,
  limit: number,
): Promise<{ total: number; rows: EtablissementRow[] }> {
  const { rows } = await namedStatement<{ rows: (EtablissementRow & { total: string })[] }>(
    knex,
    'registres_fr_sirene_etablissements_geo',
    `select siret, est_siege, etat_administratif, date_creation, activite_principale, adresse, code_postal,
            commune, code_commune, lambert_x, lambert_y, count(*) over () as total
       from ${ETABLISSEMENTS_TABLE}
      where siren = ?
      order by est_siege desc, (etat_administratif = 'A') desc nulls last, siret
      limit ?`,
    [siren, limit],
  );
  return {
    total: rows.length === 0 ? 0 : Number(rows[0]!.total),
    rows: rows.map(({ total: _total, ...row }) => row),
  };
}
