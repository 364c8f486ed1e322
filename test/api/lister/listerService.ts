import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { listerRoutes } from '../../../api/routes/lister.ts';
import { ingestBodaccExport } from '../../../ingest/fr-bodacc/ingestFrBodacc.ts';
import { ingestFrRatiosInpiBce } from '../../../ingest/fr-ratios-inpi-bce/ingestFrRatiosInpiBce.ts';
import { listeProjection } from '../../../projections/fr-entreprises-liste/listeProjection.ts';
import { testLogger } from '../../support/database.ts';
import { type RunningService, startTestService } from '../../support/service.ts';
import { ingestSireneSample } from '../../support/sireneSample.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
export const RATIOS_SAMPLE = path.resolve(
  here,
  '../../fixtures/fr-ratios-inpi-bce/ratios_inpi_bce_sample.csv',
);

export const SNAPSHOT = '2026-11-01';

/**
 * The whole service with the list projection and routes (served unpaid: payment has its own suites), fed
 * with the real Sirene samples and the ratios fixture through their passes. `pageSize` narrows pages so
 * that the samples' few companies span several.
 */
export async function startListerService(
  opts: {
    clock?: { now: Date };
    pageSize?: number;
    statementBudgetMs?: number;
    sireneVersion?: string;
    ratios?: boolean;
    /** BODACC notices (`{file, date}`) to ingest after Sirene and the accounts. */
    bodacc?: readonly { file: string; date: string }[];
  } = {},
): Promise<RunningService> {
  const t = await startTestService({
    projections: [listeProjection],
    routes: listerRoutes({ pageSize: opts.pageSize, statementBudgetMs: opts.statementBudgetMs }),
    payment: false,
    now: () => opts.clock?.now ?? new Date('2026-11-20T10:00:00Z'),
  });
  const deps = { knex: t.db.knex, store: t.service.store };
  await ingestSireneSample(deps, { version: opts.sireneVersion ?? SNAPSHOT });
  if (opts.ratios !== false) {
    await ingestFrRatiosInpiBce({ ...deps, logger: testLogger, file: RATIOS_SAMPLE, snapshotDate: SNAPSHOT });
  }
  for (const { file, date } of opts.bodacc ?? []) {
    await ingestBodaccExport({ ...deps, logger: testLogger, file, date });
  }
  await t.service.runner.caughtUp();
  return t;
}

export interface JsonAnswer {
  status: number;
  // biome-ignore lint/suspicious/noExplicitAny: bodies are read as the client reads them
  body: any;
  text: string;
}

export async function getJson(
  t: RunningService,
  route: string,
  query: Record<string, unknown> = {},
): Promise<JsonAnswer> {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) params.set(k, typeof v === 'string' ? v : JSON.stringify(v));
  const qs = params.toString();
  const res = await fetch(`${t.baseUrl}/v1/entreprises/requete/${route}${qs ? `?${qs}` : ''}`);
  const text = await res.text();
  return { status: res.status, body: JSON.parse(text), text };
}
