import type { Knex } from 'knex';

/** Word lists for synthetic company names: Norwegian, Estonian and Latvian flavoured, with diacritics. */
const FIRST = [
  'Nordlys',
  'Fjord',
  'Bergen',
  'Havbris',
  'Skog',
  'Tähe',
  'Põhja',
  'Läänemere',
  'Kuuse',
  'Rüütli',
  'Dzintars',
  'Rīgas',
  'Daugava',
  'Kokapstrāde',
  'Liepājas',
  'Solvind',
  'Tarkvara',
  'Laevandus',
  'Kinnisvara',
  'Ozols',
  'Bērzs',
  'Jūras',
  'Smiltis',
  'Vikings',
  'Aurora',
  'Polar',
  'Saga',
  'Midnatt',
  'Søndre',
  'Østre',
  'Ægir',
  'Kalev',
  'Vanemuine',
  'Emajõe',
  'Saaremaa',
  'Hiiu',
  'Latgale',
  'Kurzeme',
  'Zemgale',
  'Vidzeme',
];
const SECOND = [
  'Bygg',
  'Invest',
  'Holding',
  'Eiendom',
  'Consult',
  'Transport',
  'Logistika',
  'Teenused',
  'Ehitus',
  'Grupp',
  'Tehnika',
  'Energia',
  'Būvniecība',
  'Tirdzniecība',
  'Serviss',
  'Partneri',
  'Media',
  'Data',
  'Fisk',
  'Marine',
];
const FORMS = ['AS', 'ASA', 'OÜ', 'SIA', 'ANS', 'DA'];
const TOWNS = [
  'OSLO',
  'BERGEN',
  'Tallinn',
  'Tartu',
  'Rīga',
  'Liepāja',
  'TROMSØ',
  'Pärnu',
  'Daugavpils',
  'STAVANGER',
];

const sqlArray = (words: readonly string[]) => `array[${words.map((w) => `'${w}'`).join(',')}]`;

/** Syllables of the pseudo-words that make most names distinctive, as real registers' names are. */
const SYLLABLES = [
  'ber',
  'gen',
  'fjo',
  'ral',
  'tä',
  'he',
  'põh',
  'ja',
  'rī',
  'gas',
  'oz',
  'ols',
  'sal',
  'vik',
  'kal',
  'ev',
  'mar',
  'lin',
  'sko',
  'gøy',
  'nor',
  'dal',
  'vä',
  'ike',
  'lie',
  'pā',
  'jas',
  'dau',
  'ga',
  'va',
];

/**
 * Fills a unified-profile table with `rows` synthetic companies in one statement (generate_series), one in
 * ten a sole trader, then analyses it. `names`:
 * - `diverse`: a pseudo-word of three syllables (27,000 of them) + a common word + a legal form, so most
 *   names are distinctive and common words are shared, as in a real register;
 * - `repetitive`: two words from short lists + a number, so every word is shared by thousands of rows
 *   (a worst case for trigram search).
 */
export async function fillProfiles(
  knex: Knex,
  table: string,
  rows: number,
  names: 'diverse' | 'repetitive',
): Promise<void> {
  const n = SYLLABLES.length;
  const name =
    names === 'diverse'
      ? `initcap((${sqlArray(SYLLABLES)})[1 + g % ${n}] || (${sqlArray(SYLLABLES)})[1 + (g / ${n}) % ${n}] ||
            (${sqlArray(SYLLABLES)})[1 + (g / ${n * n}) % ${n}]) || ' ' ||
            (${sqlArray(SECOND)})[1 + (g / ${n * n * n}) % ${SECOND.length}] || ' ' ||
            (${sqlArray(FORMS)})[1 + g % ${FORMS.length}]`
      : `(${sqlArray(FIRST)})[1 + g % ${FIRST.length}] || ' ' ||
            (${sqlArray(SECOND)})[1 + (g / ${FIRST.length}) % ${SECOND.length}] || ' ' ||
            (g / ${FIRST.length * SECOND.length})::text || ' ' ||
            (${sqlArray(FORMS)})[1 + g % ${FORMS.length}]`;
  await knex.raw(
    `insert into ${table} (id_national, personne_physique, denomination, statut, ville)
     select lpad(g::text, 11, '0'), g % 10 = 0, ${name}, 'actif',
            (${sqlArray(TOWNS)})[1 + g % ${TOWNS.length}]
       from generate_series(1, ?) as g`,
    [rows],
  );
  await knex.raw(`analyze ${table}`);
}

/** Queries a client would type: exact names, a word or two, misspellings, accents dropped, no match. */
export const REPETITIVE_QUERIES = [
  'Nordlys Bygg 12 AS',
  'fjord invest',
  'Tähe Tarkvara',
  'tahe tarkvara',
  'Kokapstrade Tirdzniecība',
  'kokapstrāde',
  'Rigas Buvnieciba',
  'laanemere logistika 3',
  'Havbriss Eiendom',
  'Vikings Serviss 40',
  'Saaremaa Energia OÜ',
  'Zemgale Data',
  'Polar Marine',
  'Ozols',
  'Nothing Like This',
  'Xyzzy Quux Frobnicate',
];

/** Against `diverse` names: a distinctive name (exact, misspelt, without accents), common words, no match. */
export const DIVERSE_QUERIES = [
  'Bergenfjo Invest AS',
  'Bergenfjo Invest',
  'Rīgasoz Holding',
  'rigasoz holding',
  'Tähepõhja',
  'tahepohja',
  'Salvikkal Bygg',
  'Salvikal Byg',
  'Norlinsko',
  'Daugava Energia',
  'Invest AS',
  'Holding',
  'Mardalvä Grupp OÜ',
  'Liepājas',
  'Nothing Like This',
  'Xyzzy Quux Frobnicate',
];
