import type { Knex } from 'knex';
import { servedLegalCategorySql } from '../../schemas/legalForms/legalCategoryCoverage.ts';

/**
 * Who is listed: what the profile serves (legalCategoryCoverage). Sole proprietors (natural persons), groups
 * without legal personality (2xxx, named after persons, 0000) and undeclared associations (9210) never enter
 * the table, nor does a unit whose diffusion is restricted (`statutDiffusionUniteLegale` other than `O`) or
 * whose legal category is not published.
 */
const ELIGIBLE = `u.statut_diffusion = 'O' and u.etat in ('A', 'C') and ${servedLegalCategorySql('u.categorie_juridique')}`;

/**
 * Recomputes the served rows of the given companies from the source tables, in one statement each way:
 * eligible units are (re)written with their head office and last qualified accounts, the others removed.
 * Whatever order the unit, its establishments and its accounts arrive in, the result is the same. The
 * SIRENs are joined as a relation (`unnest`), not tested with `= any(array)`, so that a batch of thousands
 * never turns into a scan comparing every row with every element; the removal looks each one up (a lateral
 * `limit 1`) rather than letting the planner hash the whole unit table for an anti-join (190 ms a batch of a
 * thousand at 20,000 companies, growing with the table).
 *
 * - Head office: the establishment flagged `etablissementSiege`; if two are flagged while a move is under
 *   way, the one the unit names (`nicSiegeUniteLegale`) wins.
 * - Last qualified accounts: the latest closing date not after the date of the export that published it;
 *   on the same date, company accounts (C) before simplified (S) before consolidated (K).
 * - Public signals: the company's row of `liste_signaux` (BODACC; see listeNotices.ts), `aucune` without one.
 */
export async function refreshListe(trx: Knex.Transaction | Knex, sirens: readonly string[]): Promise<void> {
  if (sirens.length === 0) return;
  const unique = [...new Set(sirens)];
  await trx.raw(
    upsertServedRows(`from unnest(?::text[]) as k(siren)
       join liste_unites u on u.siren = k.siren`),
    [unique],
  );
  await trx.raw(
    `delete from entreprises_liste l
      using unnest(?::text[]) as k(siren)
      left join lateral (
        select true as listed from liste_unites u where u.siren = k.siren and ${ELIGIBLE} limit 1) e on true
      where l.siren = k.siren and e.listed is null`,
    [unique],
  );
}

/**
 * Every company's served row from the source tables, in two statements: what a first pass or a rebuild leaves
 * to the end (`bulkLoad.fill`) instead of writing each company twice, once with its unit and again when its
 * head office arrives.
 */
export async function refreshWholeListe(trx: Knex.Transaction): Promise<void> {
  await trx.raw(upsertServedRows('from liste_unites u'));
  await trx.raw(
    `delete from entreprises_liste l
      where not exists (select 1 from liste_unites u where u.siren = l.siren and ${ELIGIBLE})`,
  );
}

/** The upsert of served rows for the units `from` yields (aliased `u`). */
function upsertServedRows(from: string): string {
  return `insert into entreprises_liste (siren, denomination, etat, forme, naf, tranche_effectifs, date_creation,
            categorie_entreprise, code_postal, commune, departement, date_cloture, type_bilan, ca,
            resultat_net, ebe, bfr_sur_ca, procedure_collective, dernier_signal, date_dernier_signal)
     select u.siren, u.denomination, u.etat, u.categorie_juridique, u.naf, u.tranche_effectifs, u.date_creation,
            u.categorie_entreprise, s.code_postal, s.commune, s.departement, f.date_cloture, f.type_bilan, f.ca,
            f.resultat_net, f.ebe, f.bfr_sur_ca, coalesce(g.procedure_collective, 'aucune'), g.dernier_signal,
            g.date_dernier_signal
       ${from}
       left join liste_signaux g on g.siren = u.siren
       left join lateral (
         select s.code_postal, s.commune, s.departement from liste_sieges s
          where s.siren = u.siren
          order by (s.siret = u.siren || coalesce(u.nic_siege, '')) desc, s.siret desc
          limit 1) s on true
       left join lateral (
         select e.date_cloture, e.type_bilan, e.ca, e.resultat_net, e.ebe, e.bfr_sur_ca from liste_exercices e
          where e.siren = u.siren and (e.date_photo is null or e.date_cloture <= e.date_photo)
          order by e.date_cloture desc,
                   case e.type_bilan when 'C' then 0 when 'S' then 1 when 'K' then 2 else 3 end, e.type_bilan
          limit 1) f on true
      where ${ELIGIBLE}
     on conflict (siren) do update set
       denomination = excluded.denomination, etat = excluded.etat, forme = excluded.forme, naf = excluded.naf,
       tranche_effectifs = excluded.tranche_effectifs, date_creation = excluded.date_creation,
       categorie_entreprise = excluded.categorie_entreprise, code_postal = excluded.code_postal,
       commune = excluded.commune, departement = excluded.departement, date_cloture = excluded.date_cloture,
       type_bilan = excluded.type_bilan, ca = excluded.ca, resultat_net = excluded.resultat_net,
       ebe = excluded.ebe, bfr_sur_ca = excluded.bfr_sur_ca, procedure_collective = excluded.procedure_collective,
       dernier_signal = excluded.dernier_signal, date_dernier_signal = excluded.date_dernier_signal`;
}
