import { parseArgs } from 'node:util';
import { createPostgresEventStore, eventStoreMigrations } from '../ops/eventstore/postgres/index.ts';
import type { BenchContext } from './core/benchContext.ts';
import { formatBytes, formatCount, formatRatio, formatSeconds } from './core/format.ts';
import { type BenchDatabase, type EmbeddedPlacement, openBenchDatabase } from './core/openBenchDatabase.ts';
import { parseCount } from './core/parseCount.ts';
import { printTable, type TableRow } from './core/printTable.ts';
import { processPeakRss, startRssSampler } from './core/rssSampler.ts';
import { perSecond, timed } from './core/timing.ts';
import { BARE_TABLE, bareInsertUnnest, bareInsertValues, createBareTable } from './eventstore/bareInsert.ts';
import { benchEntries } from './eventstore/benchEntries.ts';
import { emptySteps, profiledAppendBulk, type StepTimes } from './eventstore/profiledAppendBulk.ts';

export const description = 'appendBulk into the event log vs a plain multi-row INSERT into a bare table';

const DEFAULT_EVENTS = 1_000_000;
const DEFAULT_BATCH = 5000;
/** The event log must append at least half as fast as the bare insert. */
const TARGET_RATIO = 0.5;

interface Job {
  db: BenchDatabase;
  count: number;
  batch: number;
  logger: BenchContext['logger'];
  out: BenchContext['out'];
}

interface Variant {
  name: string;
  what: string;
  /** Creates its tables, writes `count` events in batches of `batch`, returns how many rows the table holds. */
  run(job: Job): Promise<{ written: number; stored: number }>;
}

const VARIANTS: Variant[] = [
  {
    name: 'bare',
    what: 'plain INSERT ... VALUES into a bare table (baseline)',
    async run({ db, count, batch }) {
      await createBareTable(db.knex);
      const written = await bareInsertValues(db.knex, count, batch);
      return { written, stored: await countAndDrop(db, BARE_TABLE) };
    },
  },
  {
    name: 'store',
    what: 'EventStore.appendBulk into the event log (ours)',
    async run({ db, count, batch, logger }) {
      await createEventsTable(db);
      const store = createPostgresEventStore({ knex: db.knex, notifications: db.notifications, logger });
      const { events } = await store.appendBulk(benchEntries(count), { batchEvents: batch });
      return { written: events, stored: await countAndDrop(db, 'events') };
    },
  },
  {
    name: 'bare-unnest',
    what: 'diagnostic: bare table fed with the event log statement shape (unnest)',
    async run({ db, count, batch }) {
      await createBareTable(db.knex);
      const written = await bareInsertUnnest(db.knex, count, batch);
      return { written, stored: await countAndDrop(db, BARE_TABLE) };
    },
  },
  ...(['any', 'join', 'none'] as const).map(
    (lookup): Variant => ({
      name: `profile-${lookup}`,
      what: `diagnostic: the adapter's bulk path before 2026-11-24, steps timed, version lookup "${lookup}"`,
      async run({ db, count, batch, out }) {
        await createEventsTable(db);
        const steps = Array.from({ length: PROFILE_SLICES }, emptySteps);
        const written = await profiledAppendBulk(db.knex, benchEntries(count), {
          batchEvents: batch,
          lookup,
          total: count,
          steps,
        });
        printSteps(`profile-${lookup}: seconds per step, by tenth of the run`, steps, count, out);
        return { written, stored: await countAndDrop(db, 'events') };
      },
    }),
  ),
];

const PROFILE_SLICES = 10;

function printSteps(title: string, steps: StepTimes[], count: number, out: BenchContext['out']): void {
  const rows: TableRow[] = steps.map((s, i) => {
    const total = s.lock + s.lookup + s.insert + s.commit;
    return {
      events: `${formatCount((i * count) / steps.length)}..`,
      batches: s.batches,
      lock: s.lock.toFixed(2),
      lookup: s.lookup.toFixed(2),
      insert: s.insert.toFixed(2),
      commit: s.commit.toFixed(2),
      'events/s': formatCount(perSecond(count / steps.length, total)),
    };
  });
  printTable(title, rows, out);
}

const USAGE = `registres bench eventstore [options]

${description}.
Writes to DATABASE_URL's server, else to a fresh embedded database (never ./data), in a schema of its own
that is dropped at the end.

Options:
  --events N        events to write per variant (default ${formatCount(DEFAULT_EVENTS)})
  --batch N         events per batch, for both the event log and the bare insert (default ${DEFAULT_BATCH})
  --variants LIST   comma-separated, in order (default bare,store); available: ${VARIANTS.map((v) => v.name).join(', ')}
  --embedded WHERE  without DATABASE_URL: memory (default) or disk (a temporary directory)
`;

export async function run(argv: string[], ctx: BenchContext): Promise<number> {
  const { values } = parseArgs({
    args: argv,
    options: {
      events: { type: 'string' },
      batch: { type: 'string' },
      variants: { type: 'string' },
      embedded: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
    strict: true,
  });
  if (values.help) {
    for (const line of USAGE.trimEnd().split('\n')) ctx.out(line);
    return 0;
  }
  const count = parseCount('events', values.events, DEFAULT_EVENTS);
  const batch = parseCount('batch', values.batch, DEFAULT_BATCH);
  const names = (values.variants ?? 'bare,store').split(',').map((s) => s.trim());
  const variants = names.map((name) => {
    const v = VARIANTS.find((x) => x.name === name);
    if (!v)
      throw new Error(`unknown variant "${name}"; available: ${VARIANTS.map((x) => x.name).join(', ')}`);
    return v;
  });
  const embedded = (values.embedded ?? 'memory') as EmbeddedPlacement;
  if (embedded !== 'memory' && embedded !== 'disk') throw new Error('--embedded must be memory or disk');

  const db = await openBenchDatabase(ctx.config, ctx.logger, { embedded });
  ctx.out(`eventstore bench: ${formatCount(count)} events, batch ${batch}, on ${db.label} ${db.displayUrl}`);
  ctx.out(`  schema ${db.schema} (dropped at the end); node ${process.version}`);
  const results = new Map<string, { seconds: number; rate: number; peakRss: number; stored: number }>();
  try {
    for (const v of variants) {
      ctx.out(`  ${v.name}: ${v.what} ...`);
      const sampler = startRssSampler();
      const { result, seconds } = await timed(() =>
        v.run({ db, count, batch, logger: ctx.logger, out: ctx.out }),
      );
      const peakRss = sampler.stop();
      if (result.written !== count || result.stored !== count)
        throw new Error(
          `${v.name}: wrote ${result.written}, table holds ${result.stored}, expected ${count}`,
        );
      const rate = perSecond(count, seconds);
      results.set(v.name, { seconds, rate, peakRss, stored: result.stored });
      ctx.out(`  ${v.name}: ${formatSeconds(seconds)}, ${formatCount(rate)} events/s`);
    }
  } finally {
    await db.close();
  }

  const bare = results.get('bare');
  const rows: TableRow[] = [...results].map(([name, r]) => ({
    variant: name,
    events: formatCount(count),
    elapsed: formatSeconds(r.seconds),
    'events/s': formatCount(r.rate),
    'vs bare': bare ? formatRatio(r.rate / bare.rate) : '',
    'peak RSS': formatBytes(r.peakRss),
  }));
  printTable(`Variants (${db.label}, batch ${batch})`, rows, ctx.out);

  const store = results.get('store');
  if (bare && store) {
    const ratio = store.rate / bare.rate;
    printTable(
      `Event log vs bare insert (${db.label}, ${formatCount(count)} events, batch ${batch})`,
      [
        {
          measure: 'events/s',
          baseline: formatCount(bare.rate),
          ours: formatCount(store.rate),
          ratio: formatRatio(ratio),
          target: `>= ${formatRatio(TARGET_RATIO)}`,
          verdict: ratio >= TARGET_RATIO ? 'ok' : 'BELOW TARGET',
        },
        {
          measure: 'elapsed',
          baseline: formatSeconds(bare.seconds),
          ours: formatSeconds(store.seconds),
          ratio: formatRatio(store.seconds / bare.seconds),
        },
        {
          measure: 'peak RSS (phase)',
          baseline: formatBytes(bare.peakRss),
          ours: formatBytes(store.peakRss),
          ratio: formatRatio(store.peakRss / bare.peakRss),
        },
      ],
      ctx.out,
    );
  }
  ctx.out('');
  ctx.out(`peak RSS of the process: ${formatBytes(processPeakRss())}`);
  return 0;
}

/** The event store's tables and functions, created afresh for each variant (its migrations run again). */
async function createEventsTable(db: BenchDatabase): Promise<void> {
  await db.knex.raw('drop table if exists events');
  await db.knex.raw(
    'drop function if exists events_append, events_append_bulk(text[], text[], json, json, bigint, text), events_append_bulk(text[], text[], jsonb, jsonb, bigint, text)',
  );
  for (const m of eventStoreMigrations) await m.up(db.knex);
}

async function countAndDrop(db: BenchDatabase, table: string): Promise<number> {
  const { rows } = await db.knex.raw<{ rows: { n: string }[] }>(`select count(*) as n from ${table}`);
  await db.knex.raw(`drop table ${table}`);
  return Number(rows[0]?.n ?? 0);
}
