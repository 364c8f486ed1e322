import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { EUROPE_ROUTES } from '../../api/routes/europe.ts';
import { ARIREGISTER_DEMO_FILES } from '../../ingest/ee-ariregister/ariregisterDemo.ts';
import { ingestAriregister } from '../../ingest/ee-ariregister/ingestAriregister.ts';
import { ingestUr } from '../../ingest/lv-ur/ingestUr.ts';
import { UR_DEMO_FILES } from '../../ingest/lv-ur/urDemo.ts';
import { ingestBrreg } from '../../ingest/no-brreg/ingestBrreg.ts';
import { REGISTERS } from '../../ingest/registers.ts';
import type { Database } from '../../ops/database/openDatabase.ts';
import { eeProjection } from '../../projections/eu-ee/eeProjection.ts';
import { lvProjection } from '../../projections/eu-lv/lvProjection.ts';
import { noProjection } from '../../projections/eu-no/noProjection.ts';
import { testLogger } from './database.ts';
import { type RunningService, startTestService } from './service.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
/** The real brreg sample (30 enheter rows, early-2024 CSV; see test/fixtures/brreg/SOURCE.txt). */
export const BRREG_ENHETER_SAMPLE = path.resolve(here, '../fixtures/brreg/enheter_csv_sample.csv');
/** The real brreg sub-units sample (30 underenheter rows, early-2024 CSV, same source). */
export const BRREG_UNDERENHETER_SAMPLE = path.resolve(here, '../fixtures/brreg/underenheter_csv_sample.csv');
export { ARIREGISTER_DEMO_FILES, UR_DEMO_FILES };

/** The European read models and routes on a fresh database (or `db`), priced routes served unpaid. */
export function startEuropeService(now: Date, db?: Database): Promise<RunningService> {
  return startTestService({
    db,
    projections: [noProjection, eeProjection, lvProjection],
    routes: EUROPE_ROUTES,
    registers: REGISTERS,
    payment: false,
    now: () => now,
  });
}

export type Country = 'NO' | 'EE' | 'LV';

/** Ingests the real-format files of the given countries with snapshot date `date`, and waits for the projections. */
export async function ingestEurope(
  t: RunningService,
  date: string,
  countries: Country[] = ['NO', 'EE', 'LV'],
) {
  const ctx = { knex: t.db.knex, store: t.service.store, logger: testLogger, snapshotDate: date };
  if (countries.includes('NO')) {
    await ingestBrreg({
      ...ctx,
      files: { enheter: BRREG_ENHETER_SAMPLE, underenheter: BRREG_UNDERENHETER_SAMPLE },
    });
  }
  if (countries.includes('EE')) await ingestAriregister({ ...ctx, files: ARIREGISTER_DEMO_FILES });
  if (countries.includes('LV')) await ingestUr({ ...ctx, files: UR_DEMO_FILES });
  await t.service.runner.caughtUp();
}

export async function getJson(url: string) {
  const res = await fetch(url);
  const text = await res.text();
  // biome-ignore lint/suspicious/noExplicitAny: decoded wire JSON, checked field by field
  return { res, text, body: JSON.parse(text) as Record<string, any> };
}
