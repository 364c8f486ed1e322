import type { Knex } from 'knex';
import { rowsAsColumns } from '../core/rowsAsColumns.ts';
import type { ExerciceRow } from './exerciceRows.ts';
import type { SiegeRow, UniteRow } from './sireneRows.ts';

/**
 * Set-based writes of the source tables: one statement per batch of rows (the units and head offices as one
 * JSON array per column, projections/core/rowsAsColumns.ts), so the same functions serve the
 * event handlers (one row) and bulk loads (thousands). Idempotent: a replayed row leaves the table as it was.
 */
export async function upsertUnites(trx: Knex.Transaction | Knex, rows: readonly UniteRow[]): Promise<void> {
  if (rows.length === 0) return;
  const r = rowsAsColumns(UNITE_COLUMNS, rows);
  await trx.raw(
    `insert into liste_unites (${Object.keys(UNITE_COLUMNS).join(', ')})
     select ${r.select.join(', ')} from ${r.from}
     on conflict (siren) do update set
       denomination = excluded.denomination, etat = excluded.etat,
       categorie_juridique = excluded.categorie_juridique, naf = excluded.naf,
       tranche_effectifs = excluded.tranche_effectifs, date_creation = excluded.date_creation,
       categorie_entreprise = excluded.categorie_entreprise, statut_diffusion = excluded.statut_diffusion,
       nic_siege = excluded.nic_siege`,
    r.bindings,
  );
}

const UNITE_COLUMNS = {
  siren: 'text',
  denomination: 'text',
  etat: 'text',
  categorie_juridique: 'text',
  naf: 'text',
  tranche_effectifs: 'text',
  date_creation: 'date',
  categorie_entreprise: 'text',
  statut_diffusion: 'text',
  nic_siege: 'text',
};

export async function deleteUnites(trx: Knex.Transaction | Knex, sirens: readonly string[]): Promise<void> {
  if (sirens.length === 0) return;
  await trx.raw('delete from liste_unites where siren = any(?::text[])', [[...sirens]]);
}

export async function upsertSieges(trx: Knex.Transaction | Knex, rows: readonly SiegeRow[]): Promise<void> {
  if (rows.length === 0) return;
  const r = rowsAsColumns(SIEGE_COLUMNS, rows);
  await trx.raw(
    `insert into liste_sieges (${Object.keys(SIEGE_COLUMNS).join(', ')})
     select ${r.select.join(', ')} from ${r.from}
     on conflict (siret) do update set
       siren = excluded.siren, code_postal = excluded.code_postal, commune = excluded.commune,
       code_commune = excluded.code_commune, departement = excluded.departement`,
    r.bindings,
  );
}

const SIEGE_COLUMNS = {
  siret: 'text',
  siren: 'text',
  code_postal: 'text',
  commune: 'text',
  code_commune: 'text',
  departement: 'text',
};

/** Establishments dropped, or no longer head offices. Returns the SIRENs whose head office was removed. */
export async function deleteSieges(
  trx: Knex.Transaction | Knex,
  sirets: readonly string[],
): Promise<string[]> {
  if (sirets.length === 0) return [];
  const { rows } = await trx.raw<{ rows: { siren: string }[] }>(
    'delete from liste_sieges s using unnest(?::text[]) as d(siret) where s.siret = d.siret returning s.siren',
    [[...sirets]],
  );
  return rows.map((r) => r.siren);
}

export async function upsertExercices(
  trx: Knex.Transaction | Knex,
  rows: readonly ExerciceRow[],
): Promise<void> {
  if (rows.length === 0) return;
  await trx.raw(
    `insert into liste_exercices (siren, date_cloture, type_bilan, date_photo, confidentialite, ca,
                                  resultat_net, ebe, bfr_sur_ca)
     select siren, date_cloture, type_bilan, date_photo, confidentialite, ca, resultat_net, ebe, bfr_sur_ca
       from json_to_recordset(?::json) as r(siren text, date_cloture date, type_bilan text, date_photo date,
            confidentialite text, ca bigint, resultat_net bigint, ebe bigint, bfr_sur_ca numeric)
     on conflict (siren, date_cloture, type_bilan) do update set
       date_photo = excluded.date_photo, confidentialite = excluded.confidentialite, ca = excluded.ca,
       resultat_net = excluded.resultat_net, ebe = excluded.ebe, bfr_sur_ca = excluded.bfr_sur_ca`,
    [JSON.stringify(rows)],
  );
}

export async function deleteExercices(
  trx: Knex.Transaction | Knex,
  keys: readonly { siren: string; dateCloture: string; typeBilan: string }[],
): Promise<void> {
  if (keys.length === 0) return;
  await trx.raw(
    `delete from liste_exercices e
      using json_to_recordset(?::json) as k(siren text, date_cloture date, type_bilan text)
      where e.siren = k.siren and e.date_cloture = k.date_cloture and e.type_bilan = k.type_bilan`,
    [
      JSON.stringify(
        keys.map((k) => ({ siren: k.siren, date_cloture: k.dateCloture, type_bilan: k.typeBilan })),
      ),
    ],
  );
}
