import type { RegisterInfo } from '../../schemas/registerInfo.ts';
import type { RouteRegistry } from '../catalogue/registry.ts';
import type { SnapshotReader } from '../catalogue/snapshotReader.ts';
import { answerHtml } from '../pages/html.ts';
import type { SiteLinks } from '../pages/pageLayout.ts';
import { pagePolicy } from '../pages/siteAssets.ts';
import { type LiveCircuit, overallState, type ProjectionStatusReader } from '../routes/health.ts';
import type { AppMiddleware } from '../state.ts';
import type { LagHistory } from './lagHistory.ts';
import { registerStatuses } from './registerStatus.ts';
import { renderStatusPage, type StatusBody } from './statusPage.ts';

export const STATUS_PATH = '/statut';

export interface StatusDeps {
  site: SiteLinks;
  registers: readonly RegisterInfo[];
  registry: () => RouteRegistry;
  readSnapshots: SnapshotReader;
  projectionNames: () => string[];
  /** Read through `recordingLag`: each read is a sample of the lag history. */
  projectionStatus: ProjectionStatusReader;
  history: LagHistory;
  liveCircuits: () => LiveCircuit[];
  liveNotConfigured: readonly string[];
  now?: () => Date;
}

/** Register code → the projections the routes reading it read (from the route registry). */
function projectionsByRegister(registry: RouteRegistry): Map<string, string[]> {
  const map = new Map<string, Set<string>>();
  for (const route of registry.routes) {
    for (const code of route.registers) {
      const set = map.get(code) ?? new Set<string>();
      for (const p of route.projections) set.add(p);
      map.set(code, set);
    }
  }
  return new Map([...map].map(([code, set]) => [code, [...set].sort()]));
}

/**
 * `GET /statut`, free and unsigned: every register with its mode, last snapshot, freshness against its
 * threshold, projection lag and circuit, and the lag of the last 24 hours: the facts of `/health` and of the
 * dictionary, for people (HTML), or as JSON (`Accept: application/json` or `?format=json`).
 */
export function statusRoute(deps: StatusDeps): AppMiddleware {
  const now = deps.now ?? (() => new Date());
  const csp = pagePolicy();
  return async function statusMiddleware(ctx) {
    const at = now();
    const projections = await deps.projectionStatus();
    const views = await deps.readSnapshots({
      projections: deps.projectionNames(),
      registers: deps.registers.map((r) => r.code),
    });
    const circuits = deps.liveCircuits();
    const samples = deps.history.since(at);
    const body: StatusBody = {
      statut: overallState(projections, circuits),
      genere_le: at.toISOString(),
      registres: registerStatuses({
        registers: deps.registers,
        views,
        projectionsOf: projectionsByRegister(deps.registry()),
        projections,
        circuits,
        notConfigured: deps.liveNotConfigured,
        now: at,
      }),
      retard_24h: samples.map((s) => ({ a: s.at, retard: s.lag })),
    };
    ctx.vary('Accept');
    // A status is read now: never kept by a cache.
    ctx.set('Cache-Control', 'no-store');
    if (ctx.query.format === 'json' || ctx.accepts('html', 'json') === 'json') {
      ctx.body = body;
      return;
    }
    answerHtml(ctx, renderStatusPage(deps.site, body, samples), csp);
  };
}
