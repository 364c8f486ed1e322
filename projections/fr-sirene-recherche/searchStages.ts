import type { Knex } from 'knex';
import { RECHERCHE_TABLE, SIEGES_TABLE, VOCABULAIRE_TABLE } from './rechercheSchema.ts';

/** One company found, with what the result shows and how well its names match (0..1). */
export interface FoundCompany {
  siren: string;
  denomination: string | null;
  etat: string | null;
  activite_principale: string | null;
  commune: string | null;
  code_postal: string | null;
  pertinence: number;
}

export interface StageRows {
  rows: FoundCompany[];
  /** Every match of the stage, not only the rows returned (a lower bound when `capped`). */
  total: number;
  capped?: boolean;
}

/** The query in the indexed forms of names (see rechercheSchema.ts), computed by the same functions. */
export interface IndexedQuery {
  essentiel: string | null;
  cle: string | null;
}

export async function indexedQuery(knex: Knex, text: string): Promise<IndexedQuery> {
  const { rows } = await knex.raw<{ rows: IndexedQuery[] }>(
    'select fr_sirene_recherche_essentiel(?) as essentiel, fr_sirene_recherche_cle(?) as cle',
    [text, text],
  );
  return rows[0] ?? { essentiel: null, cle: null };
}

const SHOWN = `r.siren, r.denomination, r.etat, r.activite_principale, s.commune, s.code_postal`;
const HEAD_OFFICE = `left join ${SIEGES_TABLE} s on s.siret = r.siret_siege`;
/** Among equal matches: active before ceased, then larger before smaller, then SIREN for a stable order. */
const ACTIVE_THEN_LARGER = `(r.etat = 'A') desc, r.rang_taille desc, r.siren`;

interface RawRow extends Omit<FoundCompany, 'pertinence'> {
  pertinence: string | number;
  total: string | number;
}

function toStageRows(rows: RawRow[]): StageRows {
  return {
    total: rows.length > 0 ? Number(rows[0]!.total) : 0,
    rows: rows.map(({ total: _total, pertinence, ...company }) => ({
      ...company,
      pertinence: Number(pertinence),
    })),
  };
}

/** Stage `identifiant`: the company of a SIREN (a SIRET or VAT number has been reduced to it). */
export async function findBySiren(knex: Knex, siren: string): Promise<StageRows> {
  const { rows } = await knex.raw<{ rows: RawRow[] }>(
    `select ${SHOWN}, 1 as pertinence, 1 as total from ${RECHERCHE_TABLE} r ${HEAD_OFFICE} where r.siren = ?`,
    [siren],
  );
  return toStageRows(rows);
}

/** Stage `nom_exact`: names whose essential words are exactly the query's, in any order (GIN on `cles`). */
export async function findExactName(knex: Knex, cle: string, limit: number): Promise<StageRows> {
  const { rows } = await knex.raw<{ rows: RawRow[] }>(
    `select ${SHOWN}, 1 as pertinence, count(*) over () as total
       from ${RECHERCHE_TABLE} r ${HEAD_OFFICE}
      where r.cles @> array[?]::text[]
      order by ${ACTIVE_THEN_LARGER}
      limit ?`,
    [cle, limit],
  );
  return toStageRows(rows);
}

/**
 * How close a word of the vocabulary must be to a query word to stand for it (pg_trgm similarity, `%`,
 * served by the vocabulary's trigram index): one or two typos in a word of six letters or more.
 */
export const WORD_SIMILARITY_THRESHOLD = 0.4;
/** Spellings of the vocabulary kept per query word, the closest first. */
const SPELLINGS_PER_WORD = 5;
/** Query words used, at most (a longer query keeps its first ones). */
const MAX_QUERY_WORDS = 8;
/** A ceased company needs this much more similarity to rank above an active one. */
const ACTIVE_BONUS = 0.08;
/** Up to this much for the largest workforce band (rank 15). */
const SIZE_BONUS = 0.04;

/** What the `nom_approchant` stage's transaction must be set with (see stageBudget.ts). */
export const SIMILAR_NAMES_SETTINGS = {
  'pg_trgm.similarity_threshold': String(WORD_SIMILARITY_THRESHOLD),
};

/**
 * Candidates of the approximate stage read beyond the notable companies, at most: a query made of one
 * common word matches a large share of the register, and scoring every match would cost more than the
 * answer is worth. When the cap is reached the count is a lower bound (`note_troncature`).
 */
export const CANDIDATE_CAP = 300;
/** Notable companies: active with 3 employees or more (band 02 and above); read first, up to the cap. */
export const NOTABLE = `r.etat = 'A' and r.rang_taille >= 3`;

/**
 * Stage `nom_approchant`, by words: each essential word of the query stands for its closest spellings in
 * the vocabulary of indexed names (typos), and a company matches when its names hold a spelling of every
 * query word, in any order, among other words or not (GIN on `mots`); when no company holds them all,
 * every word but one. Exact matches are excluded (stage `nom_exact` has them). Candidates are the notable
 * matches plus up to CANDIDATE_CAP others. A name's `pertinence` is the mean of its trigram similarity with
 * the query (penalises extra words) and the query's word similarity with it (rewards a query found whole
 * inside the name); other names (sigle, usual names) count at 95 %. Ranking adds small bonuses for an
 * active and a large company.
 */
export async function findSimilarNames(
  trx: Knex.Transaction,
  query: IndexedQuery & { essentiel: string },
  limit: number,
): Promise<StageRows> {
  const all = [...new Set(query.essentiel.split(' ').filter((w) => w !== ''))];
  // One- and two-letter words (initials, stray letters) match too many names to select any: they only
  // count in the score, unless the query has nothing else.
  const long = all.filter((w) => w.length >= 3);
  const words = (long.length > 0 ? long : all).slice(0, MAX_QUERY_WORDS);
  if (words.length === 0) return { rows: [], total: 0 };
  const { rows: found } = await trx.raw<{ rows: { w: string; mot: string }[] }>(
    `select q.w, v.mot
       from unnest(?::text[]) as q(w)
       cross join lateral (
         select mot from ${VOCABULAIRE_TABLE} where mot % q.w order by similarity(mot, q.w) desc, mot limit ?
       ) v`,
    [words, SPELLINGS_PER_WORD],
  );
  const spellings = words.map((w) => found.filter((f) => f.w === w).map((f) => f.mot));
  const holdingAll = await similarByWords(trx, query, [spellings], limit);
  if (holdingAll.total > 0 || spellings.length < 2) return holdingAll;
  // No name holds every word: every word but one (a word the names do not have, or one misspelt beyond reach).
  const allButOne = spellings.map((_, skip) => spellings.filter((__, i) => i !== skip));
  return similarByWords(trx, query, allButOne, limit);
}

/**
 * Scores the companies whose words match one of `alternatives`: each alternative is a list of query words,
 * each word given as its spellings, and a company matches it when it holds a spelling of every word.
 */
async function similarByWords(
  trx: Knex.Transaction,
  query: IndexedQuery & { essentiel: string },
  alternatives: string[][][],
  limit: number,
): Promise<StageRows> {
  // A word with no spelling in the vocabulary: no name holds it.
  const usable = alternatives.filter((words) => words.every((s) => s.length > 0));
  if (usable.length === 0) return { rows: [], total: 0 };
  const bindings: string[][] = [];
  const match = usable
    .map((words) => {
      bindings.push(...words);
      return `(${words.map(() => 'r.mots && ?::text[]').join(' and ')})`;
    })
    .join(' or ');
  const q = query.essentiel;
  const { rows } = await trx.raw<{ rows: (RawRow & { sampled: string | number })[] }>(
    `with notables as (
       select r.siren from ${RECHERCHE_TABLE} r where ${NOTABLE} and (${match}) limit ?
     ), sampled as (
       select r.siren from ${RECHERCHE_TABLE} r where (${match}) limit ?
     ), candidates as (
       select siren from notables union select siren from sampled
     )
     select t.siren, t.denomination, t.etat, t.activite_principale, s.commune, s.code_postal, t.pertinence, t.total,
            (select count(*) from sampled) as sampled
       from (
         select r.siren, r.denomination, r.etat, r.activite_principale, r.siret_siege, p.pertinence,
                p.pertinence + case when r.etat = 'A' then ${ACTIVE_BONUS} else 0 end
                  + ${SIZE_BONUS} * r.rang_taille / 15.0 as rang,
                count(*) over () as total
           from candidates c
           join ${RECHERCHE_TABLE} r on r.siren = c.siren
          cross join lateral (
            select greatest(
                     coalesce((similarity(r.nom_essentiel, ?) + word_similarity(?, r.nom_essentiel)) / 2, 0),
                     coalesce((similarity(r.autres_essentiels, ?) + word_similarity(?, r.autres_essentiels)) / 2 * 0.95, 0)
                   ) as pertinence
          ) p
          where not (r.cles @> array[?]::text[])
          order by rang desc, p.pertinence desc, r.siren
          limit ?
       ) t
       left join ${SIEGES_TABLE} s on s.siret = t.siret_siege
      order by t.rang desc, t.pertinence desc, t.siren`,
    [...bindings, CANDIDATE_CAP, ...bindings, CANDIDATE_CAP + 1, q, q, q, q, query.cle ?? '', limit],
  );
  const capped = rows.length > 0 && Number(rows[0]!.sampled) > CANDIDATE_CAP;
  return { ...toStageRows(rows.map(({ sampled: _s, ...row }) => row)), ...(capped ? { capped } : {}) };
}
