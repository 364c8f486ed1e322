import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { NO_LIVE_SOURCES } from '../api/catalogue/route.ts';
import { createChangementsRoute } from '../api/routes/changements.ts';
import type { AppContext } from '../api/state.ts';
import { REGISTERS } from '../app/registers.ts';
import { migrateAll } from '../app/server/migrateAll.ts';
import { readOdsExport } from '../ingest/core/readOdsExport.ts';
import { ingestBodaccExport } from '../ingest/fr-bodacc/ingestFrBodacc.ts';
import { createBudgetedPools } from '../ops/database/budgetedPools.ts';
import { createPostgresEventStore } from '../ops/eventstore/postgres/index.ts';
import { createProjectionRunner } from '../projections/core/projectionRunner.ts';
import { bodaccAnnoncesProjection } from '../projections/fr-bodacc-annonces/bodaccAnnoncesProjection.ts';
import type { BenchContext } from './core/benchContext.ts';
import { formatCount } from './core/format.ts';
import { openBenchDatabase } from './core/openBenchDatabase.ts';
import { parseCount } from './core/parseCount.ts';
import { printTable } from './core/printTable.ts';
import { perSecond, timed } from './core/timing.ts';

export const description =
  'BODACC: export read vs notice pass (new, then already known); changes route uncached vs cached';

const TEMPLATE = path.resolve(
  path.dirname(new URL(import.meta.url).pathname),
  '../test/fixtures/fr-bodacc/annonces-commerciales_export_2026-11-16.jsonl',
);

export async function run(argv: string[], ctx: BenchContext): Promise<number> {
  const { values } = parseArgs({
    args: argv,
    options: { notices: { type: 'string' }, calls: { type: 'string' } },
  });
  const count = parseCount('notices', values.notices, 20_000);
  const calls = parseCount('calls', values.calls, 500);
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'bench-gazette-'));
  const db = await openBenchDatabase(ctx.config, ctx.logger, { poolMax: 2 });
  try {
    const file = path.join(dir, 'export.jsonl');
    const companies = await writeExport(file, count);
    await migrateAll(db.knex, [bodaccAnnoncesProjection]);
    const store = createPostgresEventStore({
      knex: db.knex,
      notifications: db.notifications,
      logger: ctx.logger,
    });
    const deps = { knex: db.knex, store, logger: ctx.logger };

    const read = await timed(async () => {
      let n = 0;
      for await (const _ of readOdsExport(file)) n++;
      return n;
    });
    const first = await timed(() => ingestBodaccExport({ ...deps, file, date: '2026-11-20' }));
    await fs.appendFile(file, '\n'); // another file (another SHA-256), the same notices
    const again = await timed(() => ingestBodaccExport({ ...deps, file, date: '2026-11-21' }));
    const runner = createProjectionRunner({
      knex: db.knex,
      eventStore: store,
      logger: ctx.logger,
      projections: [bodaccAnnoncesProjection],
    });
    const projected = await timed(() => runner.catchUp());

    const rows = [
      { step: 'read and parse the export only (baseline)', notices: read.result, seconds: read.seconds },
      { step: 'notice pass, all new (events appended)', notices: count, seconds: first.seconds },
      { step: 'notice pass, all known (nothing appended)', notices: count, seconds: again.seconds },
      { step: 'projection to read tables', notices: count, seconds: projected.seconds },
    ].map((r) => ({
      step: r.step,
      notices: formatCount(r.notices),
      seconds: r.seconds.toFixed(2),
      'notices/s': formatCount(Math.round(perSecond(r.notices, r.seconds))),
    }));
    printTable(`BODACC ingestion (${db.label}, ${formatCount(count)} notices)`, rows, ctx.out);

    const route = createChangementsRoute();
    // The route reads on the application pool only; its budgeted pools stay unopened.
    const handlerDeps = {
      knex: db.knex,
      budgeted: createBudgetedPools(db.knex),
      live: NO_LIVE_SOURCES,
      registers: REGISTERS,
    };
    const call = (i: number) =>
      route.handler(fakeContext(companies[i % companies.length]!, '2020-01-01'), handlerDeps);
    const miss = await timed(async () => {
      for (let i = 0; i < calls; i++)
        await createChangementsRoute().handler(
          fakeContext(companies[i % companies.length]!, '2020-01-01'),
          handlerDeps,
        );
    });
    for (let i = 0; i < Math.min(calls, companies.length); i++) await call(i);
    const hit = await timed(async () => {
      for (let i = 0; i < calls; i++) await call(i);
    });
    printTable(
      `Changes route handler, ${formatCount(calls)} sequential calls (${db.label})`,
      [
        {
          path: 'uncached (baseline): read notices + denomination',
          'calls/s': formatCount(Math.round(perSecond(calls, miss.seconds))),
        },
        {
          path: 'cached: revision + Sirene state check only',
          'calls/s': formatCount(Math.round(perSecond(calls, hit.seconds))),
        },
      ],
      ctx.out,
    );
    return 0;
  } finally {
    await db.close();
    await fs.rm(dir, { recursive: true, force: true });
  }
}

/** `count` notices in the real export format, four per company, from the fixture's notices. */
async function writeExport(file: string, count: number): Promise<string[]> {
  const templates = (await fs.readFile(TEMPLATE, 'utf8'))
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l));
  const companies: string[] = [];
  const lines: string[] = [];
  for (let i = 0; i < count; i++) {
    const company = luhnSiren(100_000_00 + Math.floor(i / 4));
    if (i % 4 === 0) companies.push(company);
    const t = { ...templates[i % templates.length] };
    t.id = `A2026${String(i).padStart(7, '0')}`;
    t.registre = [company, `${company.slice(0, 3)} ${company.slice(3, 6)} ${company.slice(6)}`];
    t.parutionavisprecedent = null;
    lines.push(JSON.stringify(t));
  }
  await fs.writeFile(file, `${lines.join('\n')}\n`);
  return companies;
}

function luhnSiren(prefix: number): string {
  const base = String(prefix).padStart(8, '0');
  for (let d = 0; d <= 9; d++) {
    const s = `${base}${d}`;
    let sum = 0;
    for (let i = 0; i < 9; i++) {
      let v = Number(s[8 - i]);
      if (i % 2 === 1) v = v * 2 > 9 ? v * 2 - 9 : v * 2;
      sum += v;
    }
    if (sum % 10 === 0) return s;
  }
  throw new Error('unreachable');
}

function fakeContext(siren: string, depuis: string): AppContext {
  return { state: { params: { siren, depuis } }, set() {} } as unknown as AppContext;
}
