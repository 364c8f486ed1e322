import type { Knex } from 'knex';
import type { EuProfileRow } from '../../schemas/europe/euProfileRow.ts';

/** The unified-profile row of one company of a local copy, or null when the register does not hold it. */
export async function readProfile(knex: Knex, table: string, id: string): Promise<EuProfileRow | null> {
  const { rows } = await knex.raw(
    `select id_national, personne_physique, denomination, forme_code, forme_libelle, statut, statut_detail,
            to_char(date_creation, 'YYYY-MM-DD') as date_creation, adresse, code_postal, ville, pays_adresse,
            tva, lei, lien_registre
       from ${table} where id_national = ?`,
    [id],
  );
  return (rows[0] as EuProfileRow | undefined) ?? null;
}
