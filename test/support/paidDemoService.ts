import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { DEFAULT_ASSETS, type PaymentConfig } from '../../api/payment/paymentConfig.ts';
import { DEMO_SEEDERS, PROJECTIONS } from '../../app/readSide.ts';
import { type ComposeOptions, composedProjections, composeService } from '../../app/server/composeService.ts';
import { schemaMigrations } from '../../app/server/migrateAll.ts';
import { seedDemoData } from '../../app/server/seedDemoData.ts';
import type { DemoSeeder } from '../../ingest/core/demoSeeder.ts';
import { loadConfig } from '../../ops/config.ts';
import type { Database } from '../../ops/database/openDatabase.ts';
import type { Projection } from '../../projections/core/projection.ts';
import { type FacilitatorStub, startFacilitatorStub } from '../api/payment/support/facilitatorStub.ts';
import {
  childrenStartOnTemplate,
  databaseFromTemplate,
  migratedRecipe,
  type TemplateRecipe,
  testLogger,
} from './database.ts';
import { type RunningService, startTestService } from './service.ts';

export interface PaidDemoService {
  t: RunningService;
  facilitator: FacilitatorStub;
  stop(): Promise<void>;
}

/** A register's code, as its demo seeder names it (`fr.sirene`, `no.brreg`, …). */
export type RegisterCode = string;

/**
 * The demo seeders of the named registers, in manifest order (all of them without a list): what a suite
 * loads is what it reads. An unknown name is an error, not an empty demo.
 */
export function demoSeeders(registers?: readonly RegisterCode[]): DemoSeeder[] {
  if (!registers) return [...DEMO_SEEDERS];
  const known = new Set(DEMO_SEEDERS.map((s) => s.register));
  const unknown = registers.filter((r) => !known.has(r));
  if (unknown.length > 0) {
    throw new Error(`no demo data for ${unknown.join(', ')} (known: ${[...known].join(', ')})`);
  }
  return DEMO_SEEDERS.filter((s) => registers.includes(s.register));
}

/**
 * A database holding what a fresh one holds once a service running `projections` was started on it, the
 * seeders' demo data loaded (seedDemoData) and the projections caught up: a copy of a template built once per
 * run (and per day: the demo's passes are dated today).
 */
export function demoDatabase(
  projections: readonly Projection[],
  seeders: readonly DemoSeeder[],
): Promise<Database> {
  return databaseFromTemplate(demoRecipe(projections, seeders));
}

/** The template of demoDatabase. */
export function demoRecipe(
  projections: readonly Projection[],
  seeders: readonly DemoSeeder[],
): TemplateRecipe<Database> {
  return {
    key: [
      'demo',
      new Date().toISOString().slice(0, 10),
      ...projections.map((p) => `projection:${p.name}`),
      ...seeders.map((s) => `seeder:${s.register}`),
    ],
    // What the service composed below migrates at its start, already migrated.
    base: migratedRecipe(schemaMigrations(composedProjections({ projections, payment: false }))),
    build: async (db) => {
      const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'registres-template-'));
      try {
        const service = await composeService(
          db,
          { ...loadConfig({ DATA_DIR: dataDir }), host: '127.0.0.1' },
          testLogger,
          {
            projections,
            payment: false,
            servedLogFlushMs: 20,
            rateLimits: false,
            liveRegisters: [],
            frenchLiveSources: [],
          },
        );
        try {
          await service.listen(0, '127.0.0.1');
          await seedDemoData(db, service.store, testLogger, seeders);
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

/**
 * The whole service as `npm start` composes it, on its demo data, with payment on: x402 against a local
 * facilitator stub (eip155:8453), API keys with `freeCallsPerMonth` free calls. `demo`: the registers whose
 * demo data the suite reads (default: all of them).
 */
export async function startPaidDemoService(
  opts: {
    freeCallsPerMonth?: number;
    compose?: Omit<ComposeOptions, 'payment'>;
    demo?: readonly RegisterCode[];
  } = {},
): Promise<PaidDemoService> {
  demoSeeders(opts.demo); // an unknown register fails before anything is opened
  const facilitator = await startFacilitatorStub();
  let t: RunningService;
  try {
    const payment = testPaymentConfig(facilitator.url, {
      freeCallsPerMonth: opts.freeCallsPerMonth ?? 150,
    });
    t = await startDemoService({ ...opts.compose, payment, demo: opts.demo });
  } catch (err) {
    // A suite whose `before` fails must not leave anything open (startDemoService closed its database).
    await facilitator.close().catch(() => {});
    throw err;
  }
  const running = t;
  return {
    t: running,
    facilitator,
    async stop() {
      await running.stop();
      await facilitator.close();
    },
  };
}

/**
 * The service composed with `opts` on the demo data of the registers `demo` names (default: all), its read
 * models caught up: a copy of the demo template (demoDatabase). What a suite that read the demo used to get by
 * seeding a fresh database itself (seedDemoData), without the 15 to 25 s of seeding.
 */
export async function startDemoService(
  opts: ComposeOptions & { demo?: readonly RegisterCode[] } = {},
): Promise<RunningService> {
  const { demo, ...compose } = opts;
  const seeders = demoSeeders(demo);
  const db = compose.deferDatabase ? undefined : await demoDatabase(composedProjections(compose), seeders);
  const t = await startTestService({ ...compose, db });
  try {
    // A copy of the demo template needs no seeding: its build ran these seeders on these sources (the
    // template's key, templates.ts) and every register's pass completed; checking so again cost about 0.25 s of
    // CPU a suite. A deferred database is a fresh one, seeded here as `serve` seeds it.
    if (!db) await seedDemoData(t.db, t.service.store, testLogger, seeders);
    await t.service.runner.caughtUp();
  } catch (err) {
    await t.stop().catch(() => {});
    throw err;
  }
  return t;
}

/**
 * Payment as the suites configure it: x402 on Base (eip155:8453) to a new address, against the facilitator at
 * `facilitatorUrl`, API keys with 150 free calls a month unless `overrides` says otherwise.
 */
export function testPaymentConfig(
  facilitatorUrl: string,
  overrides: Partial<PaymentConfig> = {},
): PaymentConfig {
  return {
    network: 'eip155:8453',
    payTo: privateKeyToAccount(generatePrivateKey()).address,
    facilitatorUrl,
    accountUrl: 'https://registres.example/compte',
    assets: DEFAULT_ASSETS,
    maxTimeoutSeconds: 60,
    freeCallsPerMonth: 150,
    ...overrides,
  };
}

/**
 * `registres` child processes started with `env` open a copy of the whole demo (the template the run's global
 * setup builds): they find every register seeded and their read models caught up, as a second start would.
 * For suites that do not test the seeding itself.
 */
export function childrenStartOnDemo(env: NodeJS.ProcessEnv): Promise<void> {
  return childrenStartOnTemplate(demoRecipe(PROJECTIONS, demoSeeders()), env);
}
