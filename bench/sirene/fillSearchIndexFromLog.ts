import type { Knex } from 'knex';
import {
  RECHERCHE_TABLE,
  rewriteNameForms,
  SIEGES_TABLE,
} from '../../projections/fr-sirene-recherche/rechercheSchema.ts';

/**
 * Diagnostic shortcut, for the benchmark only: fills the search tables from the Sirene records already in
 * the event log with two INSERT ... SELECT statements, instead of the projection's one statement per event
 * (too slow for a benchmark at millions of rows: bench/HISTORY.md).
 * Valid for the generated companies only, which are all searchable legal persons: it applies none of the
 * projection's exclusions, and maps the workforce band the way `sizeRank` does. Search latency depends on
 * the table's content, which is the same; the projected path itself is timed by `bench recherche` at
 * smaller sizes.
 */
export async function fillSearchIndexFromLog(knex: Knex): Promise<void> {
  await knex.raw(`
    insert into ${RECHERCHE_TABLE}
      (siren, denomination, autres_noms, etat, categorie_juridique, activite_principale, rang_taille, siret_siege)
    select r->>'siren', r->>'denominationUniteLegale',
           case when r->>'sigleUniteLegale' is null then '{}'::text[] else array[r->>'sigleUniteLegale'] end,
           r->>'etatAdministratifUniteLegale', r->>'categorieJuridiqueUniteLegale', r->>'activitePrincipaleUniteLegale',
           coalesce(array_position(array['00','01','02','03','11','12','21','22','31','32','41','42','51','52','53'],
                                   r->>'trancheEffectifsUniteLegale'), 0),
           (r->>'siren') || (r->>'nicSiegeUniteLegale')
      from (${recordsOf('unite_legale')}) as units
    on conflict (siren) do nothing`);
  // The names' indexed forms, as the projection computes them.
  await rewriteNameForms(knex);
  await knex.raw(`
    insert into ${SIEGES_TABLE} (siret, siren, commune, code_postal)
    select r->>'siret', r->>'siren', r->>'libelleCommuneEtablissement', r->>'codePostalEtablissement'
      from (${recordsOf('etablissement')}) as establishments
     where r->>'etablissementSiege' = 'true'
    on conflict (siret) do nothing`);
}

/**
 * The recorded rows of a kind as `r`, a jsonb record: each row's values (EntityValuesData) keyed by the
 * column names its pass declared in SnapshotStarted, as the event store reads them back.
 */
function recordsOf(kind: 'unite_legale' | 'etablissement'): string {
  return `select (select jsonb_object_agg(c.name, e.data->'values'->(c.i::int - 1))
                    from jsonb_array_elements_text(s.data->'columns'->'${kind}') with ordinality as c(name, i)) as r
            from events e
            join events s on s.position = (e.metadata->>'pass')::bigint
           where e.type = 'EntityRecorded' and e.data->>'kind' = '${kind}'`;
}
