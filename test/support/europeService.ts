import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { LOADED_REGISTERS, type LoadedRegister, PRICED_ROUTES } from '../../app/readSide.ts';
import { REGISTERS } from '../../app/registers.ts';
import { composedProjections, composeService } from '../../app/server/composeService.ts';
import { schemaMigrations } from '../../app/server/migrateAll.ts';
import { EE_ARIREGISTER_DEMO_FILES } from '../../ingest/ee-ariregister/eeAriregisterDemo.ts';
import { LV_UR_DEMO_FILES } from '../../ingest/lv-ur/lvUrDemo.ts';
import { NO_BRREG_DEMO_FILES } from '../../ingest/no-brreg/noBrregDemo.ts';
import { loadConfig } from '../../ops/config.ts';
import type { Database } from '../../ops/database/openDatabase.ts';
import type { EventStore } from '../../ops/eventstore/port.ts';
import { databaseFromTemplate, migratedRecipe, type TemplateRecipe, testLogger } from './database.ts';
import { type RunningService, startTestService } from './service.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
/** The real brreg sample (30 enheter rows, early-2024 CSV; see test/fixtures/no-brreg/SOURCE.txt). */
export const BRREG_ENHETER_SAMPLE = path.resolve(here, '../fixtures/no-brreg/enheter_csv_sample.csv');
/** The real brreg sub-units sample (30 underenheter rows, early-2024 CSV, same source). */
export const BRREG_UNDERENHETER_SAMPLE = path.resolve(
  here,
  '../fixtures/no-brreg/underenheter_csv_sample.csv',
);
export { EE_ARIREGISTER_DEMO_FILES, LV_UR_DEMO_FILES, NO_BRREG_DEMO_FILES };

/** The European registers held as local copies, as their manifests declare them (app/registers/). */
const EUROPEAN = LOADED_REGISTERS.filter(({ manifest }) => manifest.europe && !manifest.europe.live);
const paysOf = ({ manifest }: LoadedRegister) => manifest.dictionary[0]!.pays;

/** The read models of the European local copies. */
export const EUROPEAN_PROJECTIONS = EUROPEAN.flatMap(({ parts }) => parts.projections ?? []);

/** What the European service is composed with: its read models and routes, priced routes served unpaid. */
const europeComposition = (now: Date) => ({
  projections: EUROPEAN_PROJECTIONS,
  routes: PRICED_ROUTES.filter((r) => r.id.startsWith('eu.')),
  registers: REGISTERS,
  payment: false as const,
  now: () => now,
});

/** The European read models and routes on a fresh database (or `db`), priced routes served unpaid. */
export function startEuropeService(now: Date, db?: Database): Promise<RunningService> {
  return startTestService({ db, ...europeComposition(now) });
}

/**
 * startEuropeService on a copy of a database where every European register's files were ingested with
 * snapshot date `date` (ingestEurope for all countries), the read models caught up: a template built once per
 * run, instead of the same ingests in each suite that reads them all.
 */
export async function startEuropeServiceIngested(now: Date, date: string): Promise<RunningService> {
  return startEuropeService(now, await databaseFromTemplate(europeIngestedRecipe(date)));
}

/** The template of startEuropeServiceIngested. */
export function europeIngestedRecipe(date: string): TemplateRecipe<Database> {
  return {
    key: ['europe-ingested', date, ...EUROPEAN_PROJECTIONS.map((p) => `projection:${p.name}`)],
    base: migratedRecipe(schemaMigrations(composedProjections(europeComposition(new Date(0))))),
    build: async (db) => {
      const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'registres-template-'));
      try {
        const config = { ...loadConfig({ DATA_DIR: dataDir }), host: '127.0.0.1' };
        const service = await composeService(db, config, testLogger, {
          ...europeComposition(new Date(`${date}T12:00:00Z`)),
          servedLogFlushMs: 20,
          rateLimits: false,
          liveRegisters: [],
          frenchLiveSources: [],
        });
        try {
          await service.listen(0, '127.0.0.1'); // starts the read models
          await seedEurope({ knex: db.knex, store: service.store }, date);
          await service.runner.caughtUp();
        } finally {
          await service.close();
        }
      } finally {
        await fs.rm(dataDir, { recursive: true, force: true });
      }
    },
  };
}

/** A European country code (`NO`, `EE`, `LV`, …). */
export type Country = string;

/**
 * Ingests the real-format files each European register ships (its demo data, the samples of its
 * SOURCE.txt) for the given countries with snapshot date `date`, and waits for the projections.
 */
export async function ingestEurope(
  t: RunningService,
  date: string,
  countries: Country[] = EUROPEAN.map(paysOf),
) {
  await seedEurope({ knex: t.db.knex, store: t.service.store }, date, countries);
  await t.service.runner.caughtUp();
}

async function seedEurope(
  to: { knex: Database['knex']; store: EventStore },
  date: string,
  countries: Country[] = EUROPEAN.map(paysOf),
) {
  const ctx = { ...to, logger: testLogger, snapshotDate: date };
  for (const register of EUROPEAN) {
    if (countries.includes(paysOf(register))) await register.parts.demo!.seed(ctx);
  }
}

export async function getJson(url: string) {
  const res = await fetch(url);
  const text = await res.text();
  // biome-ignore lint/suspicious/noExplicitAny: decoded wire JSON, checked field by field
  return { res, text, body: JSON.parse(text) as Record<string, any> };
}
