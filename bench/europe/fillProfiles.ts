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

/**
 * Fills a unified-profile table with `rows` synthetic companies in one statement (generate_series), one in
 * ten a sole trader, then analyses it. Names combine the word lists with a number, so every word is shared
 * by many rows, as real registers' are.
 */
export async function fillProfiles(knex: Knex, table: string, rows: number): Promise<void> {
  await knex.raw(
    `insert into ${table} (id_national, personne_physique, denomination, statut, ville)
     select lpad(g::text, 11, '0'), g % 10 = 0,
            (${sqlArray(FIRST)})[1 + g % ${FIRST.length}] || ' ' ||
            (${sqlArray(SECOND)})[1 + (g / ${FIRST.length}) % ${SECOND.length}] || ' ' ||
            (g / ${FIRST.length * SECOND.length})::text || ' ' ||
            (${sqlArray(FORMS)})[1 + g % ${FORMS.length}],
            'actif',
            (${sqlArray(TOWNS)})[1 + g % ${TOWNS.length}]
       from generate_series(1, ?) as g`,
    [rows],
  );
  await knex.raw(`analyze ${table}`);
}

/** Queries a client would type: exact names, a word or two, misspellings, accents dropped, no match. */
export const BENCH_QUERIES = [
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
