import { parseArgs } from 'node:util';
import { createProfileTable, ensureEuSearchSupport } from '../projections/eu-profile/euProfileTable.ts';
import { searchProfiles } from '../projections/eu-profile/searchProfiles.ts';
import type { BenchContext } from './core/benchContext.ts';
import { formatCount } from './core/format.ts';
import { type EmbeddedPlacement, openBenchDatabase } from './core/openBenchDatabase.ts';
import { parseCount } from './core/parseCount.ts';
import { printTable } from './core/printTable.ts';
import { timed } from './core/timing.ts';
import { DIVERSE_QUERIES, fillProfiles, REPETITIVE_QUERIES } from './europe/fillProfiles.ts';

export const description =
  'European search: trigram word-similarity search (GIN) of the three local copies vs sequential scans (same query, and ILIKE)';

const TABLES = ['bench_eu_no', 'bench_eu_ee', 'bench_eu_lv'];
const DEFAULT_ROWS = 300_000;
const DEFAULT_ROUNDS = 3;

type Variant = {
  name: string;
  what: string;
  setup: string[];
  teardown: string[];
  query: (q: string) => string;
};

const NO_INDEX = ['set enable_bitmapscan = off', 'set enable_indexscan = off'];
const WITH_INDEX = ['reset enable_bitmapscan', 'reset enable_indexscan'];

const USAGE = `
npx registres bench europe [--rows N] [--rounds N] [--embedded memory|disk]
  --rows N     companies per register table (three tables), default ${formatCount(DEFAULT_ROWS)}
  --rounds N   passes over the ${DIVERSE_QUERIES.length} queries per variant, default ${DEFAULT_ROUNDS}
  --names      diverse (distinctive pseudo-words + common words, default) or repetitive (worst case)
  --variants   comma list among ilike-seq, trgm-seq, trgm-gin; default ilike-seq,trgm-gin
               (trgm-seq scores every row: seconds per search at 300,000 rows)
`;

export async function run(argv: string[], ctx: BenchContext): Promise<number> {
  const { values } = parseArgs({
    args: argv,
    options: {
      rows: { type: 'string' },
      rounds: { type: 'string' },
      embedded: { type: 'string' },
      variants: { type: 'string' },
      names: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
    strict: true,
  });
  if (values.help) {
    for (const line of USAGE.trim().split('\n')) ctx.out(line);
    return 0;
  }
  const rows = parseCount('rows', values.rows, DEFAULT_ROWS);
  const rounds = parseCount('rounds', values.rounds, DEFAULT_ROUNDS);
  const embedded = (values.embedded ?? 'memory') as EmbeddedPlacement;
  const names = (values.names ?? 'diverse') as 'diverse' | 'repetitive';
  if (names !== 'diverse' && names !== 'repetitive') throw new Error('--names must be diverse or repetitive');
  const queries = names === 'diverse' ? DIVERSE_QUERIES : REPETITIVE_QUERIES;
  // One connection, so the session's search_path (bench schema, then public for the extensions) holds.
  const db = await openBenchDatabase(ctx.config, ctx.logger, { embedded, poolMax: 1 });
  const knex = db.knex;
  try {
    await knex.raw(`set search_path to "${db.schema}", public`);
    ctx.out(
      `europe bench: 3 tables x ${formatCount(rows)} companies (${names} names), on ${db.label} ${db.displayUrl}`,
    );
    await ensureEuSearchSupport(knex);
    const fill = await timed(async () => {
      for (const table of TABLES) {
        await createProfileTable(knex, table);
        await fillProfiles(knex, table, rows, names);
      }
    });
    ctx.out(`  filled and indexed in ${fill.seconds.toFixed(1)} s`);

    const all: Variant[] = [
      {
        name: 'ilike-seq',
        what: 'baseline: ILIKE %q% on the unaccented name, sequential scan',
        setup: NO_INDEX,
        teardown: WITH_INDEX,
        query: (q) => `ilike:${q}`,
      },
      {
        name: 'trgm-seq',
        what: 'baseline: our trigram predicate with index scans disabled',
        setup: NO_INDEX,
        teardown: WITH_INDEX,
        query: (q) => q,
      },
      {
        name: 'trgm-gin',
        what: 'ours: searchProfiles (GIN trigram index), the three tables in turn',
        setup: [],
        teardown: [],
        query: (q) => q,
      },
    ];
    const wanted = (values.variants ?? 'ilike-seq,trgm-gin').split(',').map((x) => x.trim());
    const variants = wanted.map((name) => {
      const v = all.find((x) => x.name === name);
      if (!v) throw new Error(`unknown variant "${name}"; available: ${all.map((x) => x.name).join(', ')}`);
      return v;
    });
    const table: Record<string, string | number>[] = [];
    for (const v of variants) {
      for (const s of v.setup) await knex.raw(s);
      const times: number[] = [];
      let found = 0;
      for (let round = 0; round < rounds; round++) {
        for (const q of queries) {
          const { seconds, result } = await timed(async () => {
            let n = 0;
            for (const t of TABLES) n += (await searchOne(knex, t, v.query(q))).length;
            return n;
          });
          times.push(seconds * 1000);
          if (round === 0) found += result;
        }
      }
      for (const s of v.teardown) await knex.raw(s);
      times.sort((a, b) => a - b);
      const pct = (p: number) => times[Math.min(times.length - 1, Math.floor(p * times.length))] ?? 0;
      table.push({
        variant: v.name,
        what: v.what,
        searches: times.length,
        'p50 ms': pct(0.5).toFixed(1),
        'p95 ms': pct(0.95).toFixed(1),
        'max ms': (times[times.length - 1] ?? 0).toFixed(1),
        'results (1st round)': found,
      });
    }
    printTable(
      `European search over 3 x ${formatCount(rows)} companies (${names} names), ${queries.length} queries x ${rounds}`,
      table,
      ctx.out,
    );
    return 0;
  } finally {
    await db.close();
  }
}

/** One register's answer; `ilike:` queries run the naive baseline instead of the trigram search. */
async function searchOne(knex: Parameters<typeof searchProfiles>[0], table: string, query: string) {
  if (query.startsWith('ilike:')) {
    const { rows } = await knex.raw(
      `select id_national from ${table}
        where not personne_physique and nom_normalise like '%' || eu_unaccent(lower(?)) || '%' limit 10`,
      [query.slice('ilike:'.length)],
    );
    return rows as unknown[];
  }
  return searchProfiles(knex, table, query, { idPattern: /^\d{11}$/, limit: 10 });
}
