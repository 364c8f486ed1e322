import type { Knex } from 'knex';
import { cachedExtensionSchema } from '../../ops/database/extensions.ts';
import type { ProfileMatch } from '../../schemas/europe/euProfileRow.ts';

export type { ProfileMatch };

/**
 * The countries a copy covering several (the worldwide LEI copy) is searched in: one country, or all but
 * some, read from each row's `pays_adresse`.
 */
export type CountryScope = { only: string } | { except: readonly string[] };

function countryCondition(scope: CountryScope | undefined): { sql: string; bindings: string[] } {
  if (!scope) return { sql: '', bindings: [] };
  if ('only' in scope) return { sql: ' and pays_adresse = ?', bindings: [scope.only] };
  if (scope.except.length === 0) return { sql: '', bindings: [] };
  return {
    sql: ` and pays_adresse is not null and pays_adresse not in (${scope.except.map(() => '?').join(', ')})`,
    bindings: [...scope.except],
  };
}

/** Names read and ranked at most, per register and query (see searchProfiles). */
export const CANDIDATES = 2000;

/**
 * The best matches of one local copy for a cleaned query: the national identifier when the query is one,
 * otherwise trigram similarity on the unaccented lower-case name (whole-name similarity or the best word
 * window, whichever is higher; the word window must reach 0.6). Sole traders and natural persons are never matched.
 */
export async function searchProfiles(
  knex: Knex,
  table: string,
  q: string,
  opts: { idPattern: RegExp; limit: number; countries?: CountryScope },
): Promise<ProfileMatch[]> {
  const scope = countryCondition(opts.countries);
  if (opts.idPattern.test(q)) {
    const { rows } = await knex.raw(
      `select id_national, denomination, statut, ville, pays_adresse from ${table}
        where id_national = ? and not personne_physique${scope.sql}`,
      [q, ...scope.bindings],
    );
    return (rows as Omit<ProfileMatch, 'score' | 'correspondance'>[]).map((r) => ({
      ...r,
      score: 1,
      correspondance: 'identifiant_national',
    }));
  }
  // Candidates: the names equal to the query, and the names with a run of words close to it (word
  // similarity >= 0.6, pg_trgm's `<%`), both served by the GIN index. A query made of common words matches
  // tens of thousands of names: at most CANDIDATES of them are read and ranked (bench europe: several times
  // faster on such queries), so equal names come first and the rest is ranked among those read.
  // Score: the higher of word and whole-name similarity. pg_trgm's functions and operator are named through
  // its schema, so the search answers whatever the search_path.
  const trgm = await cachedExtensionSchema(knex, 'pg_trgm');
  const q_ = 'eu_unaccent(lower(?::text))';
  const { rows } = await knex.raw(
    `select id_national, denomination, statut, ville, pays_adresse, nom_normalise = ${q_} as exact,
            greatest(${trgm}.word_similarity(${q_}, nom_normalise), ${trgm}.similarity(nom_normalise, ${q_}))::float8
              as score
       from ((select id_national, denomination, statut, ville, pays_adresse, nom_normalise from ${table}
               where not personne_physique and nom_normalise = ${q_}${scope.sql} limit ?)
             union
             (select id_national, denomination, statut, ville, pays_adresse, nom_normalise from ${table}
               where not personne_physique and ${q_} operator(${trgm}.<%) nom_normalise${scope.sql}
               limit ${CANDIDATES}))
             as candidates
      order by score desc, id_national
      limit ?`,
    [q, q, q, q, ...scope.bindings, opts.limit, q, ...scope.bindings, opts.limit],
  );
  return (rows as (Omit<ProfileMatch, 'correspondance'> & { exact: boolean })[]).map(({ exact, ...r }) => ({
    ...r,
    score: Number(r.score),
    correspondance: exact ? 'denomination_exacte' : 'denomination_approchee',
  }));
}

/** Counts kept per database (a test process opens several), each for at most COUNT_TTL_MS. */
const countCaches = new WeakMap<Knex, Map<string, { n: number; at: number }>>();
const COUNT_TTL_MS = 60_000;

/**
 * Legal entities a local copy holds. A snapshot pass changes the fingerprint in the key; an update feed (brreg
 * oppdateringer) changes rows without one, so a count is also recounted once a minute old.
 */
export async function countEntities(knex: Knex, table: string, snapshotKey: string): Promise<number> {
  let cache = countCaches.get(knex);
  if (!cache) {
    cache = new Map();
    countCaches.set(knex, cache);
  }
  const key = `${table}|${snapshotKey}`;
  const cached = cache.get(key);
  if (cached !== undefined && Date.now() - cached.at < COUNT_TTL_MS) return cached.n;
  const { rows } = await knex.raw(`select count(*)::int as n from ${table} where not personne_physique`);
  const n = Number(rows[0].n);
  if (cache.size > 100) cache.clear();
  cache.set(key, { n, at: Date.now() });
  return n;
}
