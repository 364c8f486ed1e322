import { distance } from 'fastest-levenshtein';
import type { Knex } from 'knex';
import type { LiveCompany } from '../../schemas/events/frSireneApiEvents.ts';
import { essentialName, GENERIC_WORDS, nameKey } from './nameForms.ts';
import { RECHERCHE_TABLE, SIEGES_TABLE, VOCABULAIRE_TABLE } from './rechercheSchema.ts';

/**
 * One company found, with what the result shows (the members a live API result carries too) and how well its
 * names match (0..1).
 */
export interface FoundCompany extends LiveCompany {
  pertinence: number;
}

export interface StageRows {
  rows: FoundCompany[];
  /** Every match of the stage, not only the rows returned (a lower bound when `capped`). */
  total: number;
  capped?: boolean;
}

/** The query in the indexed forms of names, computed by the functions that wrote the index (nameForms.ts). */
export interface IndexedQuery {
  essentiel: string | null;
  cle: string | null;
}

export function indexedQuery(text: string): IndexedQuery {
  return { essentiel: essentialName(text), cle: nameKey(text) };
}

const SHOWN = `r.siren, r.denomination, r.etat, r.activite_principale, s.commune, s.code_postal`;
const HEAD_OFFICE = `left join ${SIEGES_TABLE} s on s.siret = r.siret_siege`;
/** Among equal matches: active before ceased, then larger before smaller, then SIREN for a stable order. */
const activeThenLarger = (t: string) => `(${t}.etat = 'A') desc, ${t}.rang_taille desc, ${t}.siren`;

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

/**
 * Stage `nom_exact`: names whose essential words are exactly the query's, in any order (GIN on `cles`). Every
 * match is counted and ranked, but only the `limit` rows kept are joined to their head office: a name of one
 * common word (`SCI LES TILLEULS`) has thousands of exact matches, and joining them all cost more than the
 * rest of the search (a whole scan of the head offices at 100,000 companies).
 */
export async function findExactName(knex: Knex, cle: string, limit: number): Promise<StageRows> {
  const { rows } = await knex.raw<{ rows: RawRow[] }>(
    `select t.siren, t.denomination, t.etat, t.activite_principale, s.commune, s.code_postal,
            1 as pertinence, t.total
       from (
         select r.siren, r.denomination, r.etat, r.activite_principale, r.siret_siege, r.rang_taille,
                count(*) over () as total
           from ${RECHERCHE_TABLE} r
          where r.cles @> array[?]::text[]
          order by ${activeThenLarger('r')}
          limit ?
       ) t
       left join ${SIEGES_TABLE} s on s.siret = t.siret_siege
      order by ${activeThenLarger('t')}`,
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
 * Candidates scored in full, at most, after all of them are ranked by one trigram similarity of their names
 * with the query (plus the active and size bonuses): the full score takes four (`similarity` and
 * `word_similarity` of both name forms), and a common word brings up to 601 candidates. On the bench
 * queries, the pages are those of every candidate scored (bench recherche, bench/HISTORY.md).
 * Ranking first by the query words held exactly, then the shortest name, lost typos: `COIFFURE DUARND`
 * no longer found `COIFFURE DURAND` among the other hairdressers, which hold the same word and are shorter.
 */
export const SCORED_CANDIDATES = 50;

/** What a word-matching statement needs: the essential query and the match of one alternative or another. */
interface WordMatch {
  query: IndexedQuery & { essentiel: string };
  /** SQL over `r` holding a spelling of every word of one alternative at least, and its bindings. */
  sql: string;
  bindings: string[][];
}

/**
 * Stage `nom_approchant`, by words: each essential word of the query stands for its closest spellings in
 * the vocabulary of indexed names (typos), and a company matches when its names hold a spelling of every
 * query word, in any order, among other words or not (GIN on `mots`); when no company holds them all,
 * every word but one. Exact matches are excluded (stage `nom_exact` has them). Candidates are the notable
 * matches plus up to CANDIDATE_CAP others, every one counted; the SCORED_CANDIDATES closest of them by one
 * trigram similarity are scored. A name's `pertinence` is the mean of its trigram similarity with the query (penalises
 * extra words) and the query's word similarity with it (rewards a query found whole inside the name); other
 * names (sigle, usual names) count at 95 %. Results are ranked by that `pertinence` (to the 3 decimals served
 * as `score_confiance`, so the confidence served is the order served; at most 0.99, under an exact match's 1,
 * even for a swap scored as corrected); small bonuses for an active and a large
 * company break its ties (equal names) and pick the candidates worth scoring.
 * `trgm` is pg_trgm's quoted schema (cachedExtensionSchema): its functions and operators are named through it
 * (`operator(schema.%)` is the operator the trigram indexes serve), so the stage answers whatever the
 * search_path. The schema is part of the SQL text, which stays the same per database for a same query shape.
 */
export function findSimilarNames(
  trx: Knex.Transaction,
  trgm: string,
  query: IndexedQuery & { essentiel: string },
  limit: number,
): Promise<StageRows> {
  return byWords(trx, trgm, query, (match) => scoreMatches(trx, trgm, match, limit));
}

/**
 * The count of stage `nom_approchant` without its rows (same matches, nothing scored, see countMatches): what
 * the search runs when the exact stage alone fills the page, since no approximate row could be shown then.
 */
export function countSimilarNames(
  trx: Knex.Transaction,
  trgm: string,
  query: IndexedQuery & { essentiel: string },
): Promise<StageRows> {
  return byWords(trx, trgm, query, (match) => countMatches(trx, match));
}

/** Finds the spellings of the query words, then runs `run` on every word, or every word but one if none. */
async function byWords(
  trx: Knex.Transaction,
  trgm: string,
  query: IndexedQuery & { essentiel: string },
  run: (match: WordMatch) => Promise<StageRows>,
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
         select mot from ${VOCABULAIRE_TABLE} where mot operator(${trgm}.%) q.w
          order by ${trgm}.similarity(mot, q.w) desc, mot limit ?
       ) v`,
    [words, SPELLINGS_PER_WORD],
  );
  // A misspelt generic word (`ETABLISSEMETS`, `SOVIETE`) is no name's word: the names' indexed forms drop
  // the generic words. Kept, it made the name unfindable, or found with a confidence it did not deserve.
  const generic = new Set(
    words.filter((w) => !found.some((f) => f.w === w && f.mot === w) && isMisspeltGenericWord(w)),
  );
  if (generic.size > 0 && generic.size < words.length) {
    return byWords(trx, trgm, { ...query, essentiel: all.filter((w) => !generic.has(w)).join(' ') }, run);
  }
  const spellings = words.map((w) => found.filter((f) => f.w === w).map((f) => f.mot));
  // Two adjacent letters swapped change most of a short word's trigrams: `sodpia` shares too few with
  // `sodipa` to pass the similarity threshold. A word with no spelling is looked up by its transpositions,
  // exactly (one indexed lookup, only for such words).
  let corrected = [...all];
  const unspelt = words.filter((_, i) => spellings[i]!.length === 0);
  if (unspelt.length > 0) {
    const variants = unspelt.flatMap((w) => transpositionsOf(w).map((v) => ({ w, v })));
    if (variants.length > 0) {
      const { rows: exact } = await trx.raw<{ rows: { mot: string }[] }>(
        `select mot from ${VOCABULAIRE_TABLE} where mot = any(?::text[])`,
        [variants.map((x) => x.v)],
      );
      const known = new Set(exact.map((r) => r.mot));
      words.forEach((w, i) => {
        if (spellings[i]!.length === 0) {
          spellings[i] = variants.filter((x) => x.w === w && known.has(x.v)).map((x) => x.v);
          // Scored as corrected: a swap is a slip, not a different name (the confidence says so).
          const fixed = spellings[i]![0];
          if (fixed) corrected = corrected.map((t) => (t === w ? fixed : t));
        }
      });
    }
  }
  const scored = corrected.some((t, i) => t !== all[i])
    ? { ...query, essentiel: corrected.join(' ') }
    : query;
  const matchOf = (alternatives: string[][][], scoredAs = scored): WordMatch | null => {
    // A word with no spelling in the vocabulary: no name holds it.
    const usable = alternatives.filter((ws) => ws.every((s) => s.length > 0));
    if (usable.length === 0) return null;
    const sql = usable.map((ws) => `(${ws.map(() => 'r.mots && ?::text[]').join(' and ')})`).join(' or ');
    return { query: scoredAs, sql, bindings: usable.flat() };
  };
  const holdingAll = matchOf([spellings]);
  const ofAll = holdingAll ? await run(holdingAll) : { rows: [], total: 0 };
  if (ofAll.total > 0 || ofAll.capped || spellings.length < 2) return ofAll;
  // No name holds every word: every word but one (a word the names do not have, or one misspelt beyond reach).
  const allButOne = matchOf(spellings.map((_, skip) => spellings.filter((__, i) => i !== skip)));
  const ofAllButOne = allButOne ? await run(allButOne) : { rows: [], total: 0 };
  if (ofAllButOne.total > 0 || ofAllButOne.capped || spellings.length < 3) return ofAllButOne;
  // Still nothing, with three words or more: a name followed by its town ("… SAINT MARTIN DE RE"), whose
  // words no name holds. The name comes first: its words, the longest run first, scored against themselves.
  for (let k = spellings.length - 2; k >= 1; k--) {
    const cut = all.indexOf(words[k]!);
    const named = { ...scored, essentiel: corrected.slice(0, cut > 0 ? cut : k).join(' ') };
    const prefix = matchOf([spellings.slice(0, k)], named);
    const found = prefix ? await run(prefix) : { rows: [], total: 0 };
    if (found.total > 0 || found.capped) return found;
  }
  return ofAllButOne;
}

/** Generic words long enough for a misspelling of them to be told apart from another word. */
const LONG_GENERIC_WORDS = GENERIC_WORDS.filter((g) => g.length >= 7);

/**
 * A query word that is a generic word misspelt: at most one edit (Levenshtein) from a long generic word
 * (`societe`, `etablissement(s)`, `compagnie`), two for words of nine letters or more, and not the generic
 * word itself (the indexed forms already drop those).
 */
export function isMisspeltGenericWord(word: string): boolean {
  if (word.length < 6 || GENERIC_WORDS.includes(word)) return false;
  const allowed = word.length >= 9 ? 2 : 1;
  return LONG_GENERIC_WORDS.some(
    (g) => Math.abs(g.length - word.length) <= allowed && distance(g, word) <= allowed,
  );
}

/** The word with two adjacent letters swapped, each way it can be (words of 4 letters or more). */
export function transpositionsOf(word: string): string[] {
  if (word.length < 4) return [];
  const out = new Set<string>();
  for (let i = 0; i + 1 < word.length; i++) {
    if (word[i] === word[i + 1]) continue;
    out.add(`${word.slice(0, i)}${word[i + 1]}${word[i]}${word.slice(i + 2)}`);
  }
  return [...out];
}

/** Not an exact match of the query (stage `nom_exact` has those); binds the query's key. */
const NOT_EXACT = 'not (r.cles @> array[?]::text[])';

/**
 * Counts the approximate matches among the first 2 × CANDIDATE_CAP + 1 companies holding the words, exact
 * matches included (as many rows as the scoring path may read): a name of one common word has thousands of
 * exact matches that hold its word, and proving that none of them is approximate meant reading them all a
 * second time (bench recherche, bench/HISTORY.md). When that many were read, the count
 * is a lower bound.
 */
async function countMatches(trx: Knex.Transaction, match: WordMatch): Promise<StageRows> {
  const scanned = 2 * CANDIDATE_CAP + 1;
  const { rows } = await trx.raw<{ rows: { seen: string | number; n: string | number }[] }>(
    `select count(*) as seen, count(*) filter (where not (m.cles @> array[?]::text[])) as n
       from (select r.cles from ${RECHERCHE_TABLE} r where (${match.sql}) limit ?) as m`,
    [match.query.cle ?? '', ...match.bindings, scanned],
  );
  const total = Number(rows[0]?.n ?? 0);
  return Number(rows[0]?.seen ?? 0) >= scanned ? { rows: [], total, capped: true } : { rows: [], total };
}

/** What a candidate carries from its row: enough to rank it cheaply, score it and show it. */
const CANDIDATE = `r.siren, r.denomination, r.etat, r.activite_principale, r.siret_siege, r.rang_taille,
                   r.nom_essentiel, r.autres_essentiels, r.mots`;

/**
 * Scores the companies that `match`, bar the exact matches: up to CANDIDATE_CAP notable ones and up to
 * CANDIDATE_CAP + 1 others are read (each row read once, with what ranking and showing it need) and counted;
 * the SCORED_CANDIDATES closest by `similarity` are scored in full and the `limit` best returned.
 */
async function scoreMatches(
  trx: Knex.Transaction,
  trgm: string,
  match: WordMatch,
  limit: number,
): Promise<StageRows> {
  const { query } = match;
  const cle = query.cle ?? '';
  const q = query.essentiel;
  const { rows } = await trx.raw<{ rows: (RawRow & { sampled: string | number })[] }>(
    `with notables as (
       select ${CANDIDATE} from ${RECHERCHE_TABLE} r where ${NOTABLE} and (${match.sql}) and ${NOT_EXACT} limit ?
     ), sampled as (
       select ${CANDIDATE} from ${RECHERCHE_TABLE} r where (${match.sql}) and ${NOT_EXACT} limit ?
     ), candidates as (
       select * from notables
       union all
       select * from sampled where siren not in (select siren from notables)
     ), ranked as (
       select c.*, (select count(*) from candidates) as total
         from candidates c
        order by greatest(coalesce(${trgm}.similarity(c.nom_essentiel, ?), 0),
                          coalesce(${trgm}.similarity(c.autres_essentiels, ?) * 0.95, 0))
                   + case when c.etat = 'A' then ${ACTIVE_BONUS} else 0 end + ${SIZE_BONUS} * c.rang_taille / 15.0 desc,
                 c.siren
        limit ?
     )
     select t.siren, t.denomination, t.etat, t.activite_principale, s.commune, s.code_postal, t.pertinence, t.total,
            (select count(*) from sampled) as sampled
       from (
         select c.siren, c.denomination, c.etat, c.activite_principale, c.siret_siege, c.total,
                round(least(p.pertinence, 0.99)::numeric, 3) as pertinence,
                case when c.etat = 'A' then ${ACTIVE_BONUS} else 0 end
                  + ${SIZE_BONUS} * c.rang_taille / 15.0 as bonus
           from ranked c
          cross join lateral (
            select greatest(
                     coalesce((${trgm}.similarity(c.nom_essentiel, ?) + ${trgm}.word_similarity(?, c.nom_essentiel)) / 2, 0),
                     coalesce((${trgm}.similarity(c.autres_essentiels, ?)
                               + ${trgm}.word_similarity(?, c.autres_essentiels)) / 2 * 0.95, 0)
                   ) as pertinence
          ) p
          order by round(least(p.pertinence, 0.99)::numeric, 3) desc, bonus desc, c.siren
          limit ?
       ) t
       left join ${SIEGES_TABLE} s on s.siret = t.siret_siege
      order by t.pertinence desc, t.bonus desc, t.siren`,
    [
      ...match.bindings,
      cle,
      CANDIDATE_CAP,
      ...match.bindings,
      cle,
      CANDIDATE_CAP + 1,
      q,
      q,
      SCORED_CANDIDATES,
      q,
      q,
      q,
      q,
      limit,
    ],
  );
  const capped = rows.length > 0 && Number(rows[0]!.sampled) > CANDIDATE_CAP;
  return { ...toStageRows(rows.map(({ sampled: _s, ...row }) => row)), ...(capped ? { capped } : {}) };
}
