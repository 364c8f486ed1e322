import type { Knex } from 'knex';
import { ensureExtension, extensionSchema } from '../../ops/database/extensions.ts';
import type { Migration } from '../../ops/database/migrations.ts';
import { GENERIC_WORDS, nameForms } from './nameForms.ts';

export const RECHERCHE_TABLE = 'fr_sirene_recherche';
export const SIEGES_TABLE = 'fr_sirene_recherche_sieges';
/** Every essential word of the indexed names, with a trigram index: where a query word finds its spellings. */
export const VOCABULAIRE_TABLE = 'fr_sirene_recherche_vocabulaire';

/** The indexes only searches read (no handler looks a row up through them): built after a bulk load. */
export const SEARCH_INDEXES = [
  'fr_sirene_recherche_cles',
  'fr_sirene_recherche_mots',
  'fr_sirene_recherche_mots_notables',
  `${VOCABULAIRE_TABLE}_trgm`,
] as const;

/** The statement triggers that keep the vocabulary (see migration 0005). */
export const VOCABULARY_TRIGGERS = (['insert', 'update'] as const).map((event) => ({
  table: RECHERCHE_TABLE,
  name: `fr_sirene_recherche_vocabulaire_${event}`,
  event,
}));

/** Every word of the indexed names into the vocabulary, in one statement (what the triggers do row by row). */
export async function fillVocabulary(knex: Knex): Promise<void> {
  await knex.raw(
    `insert into ${VOCABULAIRE_TABLE} (mot) select distinct unnest(mots) from ${RECHERCHE_TABLE} on conflict do nothing`,
  );
}

/**
 * The search index of French companies: one row per diffusible legal person (never a sole proprietor),
 * with its names and their indexed forms, and head offices by SIRET. Since migration 0007 the forms are
 * computed by the projection (nameForms.ts); the migrations before it defined them in SQL:
 *
 * - `fr_sirene_recherche_normalise(text)`: lower case, accents removed (`unaccent`, wrapped in an
 *   IMMUTABLE function so it can be indexed), anything but letters and digits turned into one space;
 * - `fr_sirene_recherche_essentiel(text)`: the normalised name without generic words (falls back to the
 *   normalised name when nothing else is left), what the trigram index holds;
 * - `fr_sirene_recherche_cle(text)`: the distinct essential words sorted, so word order does not matter
 *   for an exact match; `cles` holds the key of every name of the company (GIN array index).
 *
 * `unaccent` and `array_to_string` are not IMMUTABLE, so they are wrapped in IMMUTABLE functions here, which
 * is what lets generated columns and indexes use them (sound: the unaccent dictionary is fixed by the
 * extension, and `array_to_string` over text[] depends on no setting).
 *
 * Functions reference the extensions by their schema, as indexed expressions must not depend on the
 * search_path of the session that evaluates them.
 */
export const rechercheMigrations: Migration[] = [
  {
    name: 'fr_sirene_recherche_0001_extensions',
    async up(knex) {
      await ensureExtension(knex, 'unaccent');
      await ensureExtension(knex, 'pg_trgm');
    },
  },
  {
    name: 'fr_sirene_recherche_0002_functions',
    async up(knex) {
      const unaccent = await extensionSchema(knex, 'unaccent');
      await knex.raw(`
        create function fr_sirene_recherche_normalise(t text) returns text
        language sql immutable strict parallel safe as $$
          select btrim(regexp_replace(
            lower(${unaccent}.unaccent('${unaccent}.unaccent'::regdictionary, t)), '[^a-z0-9]+', ' ', 'g'))
        $$`);
      await knex.raw(`
        create function fr_sirene_recherche_essentiel(t text) returns text
        language sql immutable strict parallel safe as $$
          select coalesce(
            nullif(btrim(regexp_replace(regexp_replace(n, '\\m(${GENERIC_WORDS.join('|')})\\M', ' ', 'g'),
                                        ' +', ' ', 'g')), ''),
            nullif(n, ''))
            from (select fr_sirene_recherche_normalise(t) as n) as normalised
        $$`);
      await knex.raw(`
        create function fr_sirene_recherche_cle(t text) returns text
        language sql immutable strict parallel safe as $$
          select nullif(array_to_string(array(
            select w from (select distinct w from regexp_split_to_table(fr_sirene_recherche_essentiel(t), ' ') as w
                            where w <> '') as words
             order by w collate "C"), ' '), '')
        $$`);
      // array_to_string is only STABLE in PostgreSQL; over text[] it does not depend on any setting.
      await knex.raw(`
        create function fr_sirene_recherche_essentiel_noms(noms text[]) returns text
        language sql immutable strict parallel safe as $$
          select fr_sirene_recherche_essentiel(array_to_string(noms, ' '))
        $$`);
      await knex.raw(`
        create function fr_sirene_recherche_cles(denomination text, autres text[]) returns text[]
        language sql immutable parallel safe as $$
          select array(select k from (select distinct fr_sirene_recherche_cle(n) as k
                                        from unnest(array_prepend(denomination, autres)) as n) as keys
                        where k is not null order by k collate "C")
        $$`);
    },
  },
  {
    name: 'fr_sirene_recherche_0003_tables',
    async up(knex) {
      const trgm = await extensionSchema(knex, 'pg_trgm');
      await knex.raw(`
        create table ${RECHERCHE_TABLE} (
          siren text primary key,
          denomination text,
          -- sigle and usual names, as published
          autres_noms text[] not null,
          -- etatAdministratifUniteLegale as published: A (active) or C (ceased)
          etat text,
          categorie_juridique text not null,
          activite_principale text,
          -- 0 (no employee known) to 15 (10,000 employees or more), from the workforce band
          rang_taille smallint not null,
          siret_siege text,
          nom_essentiel text generated always as (fr_sirene_recherche_essentiel(denomination)) stored,
          autres_essentiels text generated always as (fr_sirene_recherche_essentiel_noms(autres_noms)) stored,
          cles text[] generated always as (fr_sirene_recherche_cles(denomination, autres_noms)) stored
        )`);
      await knex.raw(
        `create index fr_sirene_recherche_nom_trgm on ${RECHERCHE_TABLE} using gin (nom_essentiel ${trgm}.gin_trgm_ops)`,
      );
      await knex.raw(
        `create index fr_sirene_recherche_autres_trgm on ${RECHERCHE_TABLE} using gin (autres_essentiels ${trgm}.gin_trgm_ops)`,
      );
      await knex.raw(`create index fr_sirene_recherche_cles on ${RECHERCHE_TABLE} using gin (cles)`);
      await knex.raw(`
        create table ${SIEGES_TABLE} (
          siret text primary key,
          siren text not null,
          commune text,
          code_postal text
        )`);
    },
  },
  {
    name: 'fr_sirene_recherche_0004_notables_trgm',
    async up(knex) {
      const trgm = await extensionSchema(knex, 'pg_trgm');
      // Notable companies (active, 3 employees or more): the approximate stage reads all of their matches.
      await knex.raw(
        `create index fr_sirene_recherche_notables_trgm on ${RECHERCHE_TABLE}
           using gin (nom_essentiel ${trgm}.gin_trgm_ops) where etat = 'A' and rang_taille >= 3`,
      );
    },
  },
  {
    // Word-level search (see findSimilarNames): each company's essential words as an array with a GIN index
    // (and a partial one for the notable companies), the vocabulary of those words with a trigram index, kept
    // by statement triggers. The trigram indexes on whole names go: rechecking every name that shares
    // trigrams with a common word was most of the search's time and of the projection's.
    name: 'fr_sirene_recherche_0005_mots',
    async up(knex) {
      const trgm = await extensionSchema(knex, 'pg_trgm');
      await knex.raw(`
        create function fr_sirene_recherche_mots(denomination text, autres text[]) returns text[]
        language sql immutable parallel safe as $$
          select array(select w from (select distinct w from regexp_split_to_table(
                   coalesce(fr_sirene_recherche_essentiel(denomination), '') || ' ' ||
                   coalesce(fr_sirene_recherche_essentiel_noms(autres), ''), ' ') as w where w <> '') as words
                  order by w collate "C")
        $$`);
      await knex.raw(`
        alter table ${RECHERCHE_TABLE}
          add column mots text[] generated always as (fr_sirene_recherche_mots(denomination, autres_noms)) stored`);
      // fastupdate off: a GIN pending list is read in full by every search until a vacuum merges it (a
      // two-word match after a load, with autovacuum late or off, was many times slower: bench/HISTORY.md).
      await knex.raw(
        `create index fr_sirene_recherche_mots on ${RECHERCHE_TABLE} using gin (mots) with (fastupdate = off)`,
      );
      await knex.raw(
        `create index fr_sirene_recherche_mots_notables on ${RECHERCHE_TABLE} using gin (mots) with (fastupdate = off)
           where etat = 'A' and rang_taille >= 3`,
      );
      await knex.raw('alter index fr_sirene_recherche_cles set (fastupdate = off)');
      await knex.raw("select gin_clean_pending_list('fr_sirene_recherche_cles'::regclass)");
      await knex.raw(`create table ${VOCABULAIRE_TABLE} (mot text primary key)`);
      await knex.raw(
        `create index ${VOCABULAIRE_TABLE}_trgm on ${VOCABULAIRE_TABLE}
           using gin (mot ${trgm}.gin_trgm_ops) with (fastupdate = off)`,
      );
      await knex.raw(`
        create function fr_sirene_recherche_vocabulaire_ajout() returns trigger language plpgsql as $$
        begin
          insert into ${VOCABULAIRE_TABLE} (mot)
            select distinct m from nouveaux, unnest(nouveaux.mots) as m
          on conflict do nothing;
          return null;
        end
        $$`);
      for (const trigger of VOCABULARY_TRIGGERS) {
        await knex.raw(`
          create trigger ${trigger.name} after ${trigger.event} on ${RECHERCHE_TABLE}
            referencing new table as nouveaux
            for each statement execute function fr_sirene_recherche_vocabulaire_ajout()`);
      }
      await fillVocabulary(knex);
      await knex.raw(
        'drop index fr_sirene_recherche_nom_trgm, fr_sirene_recherche_autres_trgm, fr_sirene_recherche_notables_trgm',
      );
    },
  },
  {
    // The derived columns computed once per written row by a trigger, from the essential forms of the name
    // and of the other names, instead of four generated columns each normalising the names again (five
    // passes of the regular expressions per row: most of the projection's time). Same values.
    name: 'fr_sirene_recherche_0006_derived_once',
    async up(knex) {
      for (const column of ['nom_essentiel', 'autres_essentiels', 'cles', 'mots']) {
        await knex.raw(`alter table ${RECHERCHE_TABLE} alter column ${column} drop expression`);
      }
      await knex.raw(`
        create function fr_sirene_recherche_derive() returns trigger language plpgsql as $$
        declare
          n text := fr_sirene_recherche_essentiel(new.denomination);
          a text := fr_sirene_recherche_essentiel_noms(new.autres_noms);
        begin
          new.nom_essentiel := n;
          new.autres_essentiels := a;
          new.cles := array(
            select k from (
              select distinct k from (
                select nullif(array_to_string(array(
                         select w from (select distinct w from regexp_split_to_table(n, ' ') as w where w <> '') as ws
                          order by w collate "C"), ' '), '') as k
                union all
                select fr_sirene_recherche_cle(x) from unnest(new.autres_noms) as x
              ) as keys where k is not null
            ) as distinct_keys order by k collate "C");
          new.mots := array(
            select w from (select distinct w from regexp_split_to_table(coalesce(n, '') || ' ' || coalesce(a, ''), ' ') as w
                            where w <> '') as ws
             order by w collate "C");
          return new;
        end
        $$`);
      await knex.raw(`
        create trigger fr_sirene_recherche_derive before insert or update on ${RECHERCHE_TABLE}
          for each row execute function fr_sirene_recherche_derive()`);
    },
  },
  {
    // The derived columns are written by the projection, computed in JavaScript (nameForms.ts): the trigger
    // and the SQL functions it called cost about 200 µs a company, most of the projection's time. The rows
    // already written get their forms from the same functions, so a rebuild gives the same table.
    name: 'fr_sirene_recherche_0007_forms_in_projection',
    async up(knex) {
      await knex.raw(`drop trigger fr_sirene_recherche_derive on ${RECHERCHE_TABLE}`);
      await knex.raw('drop function fr_sirene_recherche_derive()');
      await rewriteNameForms(knex);
      await knex.raw(`
        drop function fr_sirene_recherche_cles(text, text[]), fr_sirene_recherche_mots(text, text[]),
          fr_sirene_recherche_cle(text), fr_sirene_recherche_essentiel_noms(text[]),
          fr_sirene_recherche_essentiel(text), fr_sirene_recherche_normalise(text)`);
    },
  },
];

/** Every row's derived columns from its names, by nameForms, a thousand rows a statement in SIREN order. */
export async function rewriteNameForms(knex: Knex): Promise<void> {
  let after = '';
  for (;;) {
    const { rows } = await knex.raw<{
      rows: { siren: string; denomination: string | null; autres_noms: string[] }[];
    }>(
      `select siren, denomination, autres_noms from ${RECHERCHE_TABLE} where siren > ? order by siren limit 1000`,
      [after],
    );
    const last = rows[rows.length - 1];
    if (!last) return;
    const forms = rows.map((r) => ({ siren: r.siren, ...nameForms(r.denomination, r.autres_noms) }));
    await knex.raw(
      `update ${RECHERCHE_TABLE} t
          set nom_essentiel = f.nom_essentiel, autres_essentiels = f.autres_essentiels, cles = f.cles, mots = f.mots
         from json_to_recordset(?::json) as f(siren text, nom_essentiel text, autres_essentiels text,
                                              cles text[], mots text[])
        where t.siren = f.siren`,
      [JSON.stringify(forms)],
    );
    after = last.siren;
  }
}
