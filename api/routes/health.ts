import type { Knex } from 'knex';
import type { AppMiddleware } from '../state.ts';

export interface ProjectionStatus {
  name: string;
  position: bigint;
  head: bigint;
  lag: bigint;
  lastError: string | null;
}

export type ProjectionStatusReader = () => Promise<ProjectionStatus[]>;

/** Free, unsigned: whether the database answers and how far each projection is behind the log. */
export function healthRoute(deps: {
  knex: Knex;
  projectionStatus: ProjectionStatusReader;
  /** The live registers' circuit breakers: `ouvert` means calls are refused at once for a while. */
  liveCircuits?: () => { register: string; circuit: 'closed' | 'open' | 'half-open' }[];
  /** Live registers without access on this server (no credentials): not down, not asked. */
  liveNotConfigured?: readonly string[];
}): AppMiddleware {
  return async function health(ctx) {
    const started = process.hrtime.bigint();
    await deps.knex.raw('select 1');
    const latencyMs = Number(process.hrtime.bigint() - started) / 1e6;
    const projections = await deps.projectionStatus();
    const failing = projections.filter((p) => p.lastError);
    const circuits = deps.liveCircuits?.() ?? [];
    const CIRCUIT = { closed: 'ferme', open: 'ouvert', 'half-open': 'semi_ouvert' } as const;
    ctx.body = {
      statut: failing.length || circuits.some((c) => c.circuit !== 'closed') ? 'degrade' : 'ok',
      base: { joignable: true, latence_ms: Math.round(latencyMs * 10) / 10 },
      projections: projections.map((p) => ({
        nom: p.name,
        position: p.position.toString(),
        tete: p.head.toString(),
        retard: p.lag.toString(),
        erreur: p.lastError,
      })),
      registres_en_direct: circuits.map((c) => ({ registre: c.register, circuit: CIRCUIT[c.circuit] })),
      registres_non_configures: deps.liveNotConfigured ?? [],
    };
  };
}
