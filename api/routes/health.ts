import type { Knex } from 'knex';
import type { ProjectionStatus } from '../../projections/core/projectionRunner.ts';
import type { AppMiddleware } from '../state.ts';

export type ProjectionStatusReader = () => Promise<ProjectionStatus[]>;

/** What one process is: its `--role`, and whether it applies the log to the read tables now. */
export interface ProcessDescription {
  role: 'api' | 'projector' | 'all';
  /** `active`: it projects; `standby`: another process holds the projector lock; `stopped`: it does not project. */
  projector: () => 'active' | 'standby' | 'stopped';
}

const PROJECTOR_STATE = { active: 'actif', standby: 'en_attente', stopped: 'aucun' } as const;

/**
 * Free, unsigned: whether the database answers, how far each projection is behind the log (read from the
 * checkpoints the projecting process commits, so every role reports the same positions), and what this
 * process is. Before the database has been reached and migrated, a starting service answers 503 `demarrage`.
 */
export function healthRoute(deps: {
  knex: Knex;
  projectionStatus: ProjectionStatusReader;
  /** The live registers' circuit breakers: `ouvert` means calls are refused at once for a while. */
  liveCircuits?: () => { register: string; circuit: 'closed' | 'open' | 'half-open' }[];
  /** Live registers without access on this server (no credentials): not down, not asked. */
  liveNotConfigured?: readonly string[];
  /** False until the database has been reached and migrated. */
  databaseReady?: () => boolean;
  process?: ProcessDescription;
}): AppMiddleware {
  const processBody = () =>
    deps.process
      ? { role: deps.process.role, projection: PROJECTOR_STATE[deps.process.projector()] }
      : undefined;
  return async function health(ctx) {
    const started = process.hrtime.bigint();
    await deps.knex.raw('select 1');
    const latencyMs = Math.round((Number(process.hrtime.bigint() - started) / 1e6) * 10) / 10;
    if (deps.databaseReady?.() === false) {
      // Reached, but its migrations have not finished (a first start on an empty database): not an incident.
      ctx.status = 503;
      ctx.set('Retry-After', '5');
      ctx.body = {
        statut: 'demarrage',
        message:
          'Le service démarre (migrations de la base en cours) ; réessayez. / The service is starting (database migrations running); retry.',
        processus: processBody(),
        base: { joignable: true, latence_ms: latencyMs },
      };
      return;
    }
    const projections = await deps.projectionStatus();
    const failing = projections.filter((p) => p.lastError);
    const circuits = deps.liveCircuits?.() ?? [];
    const CIRCUIT = { closed: 'ferme', open: 'ouvert', 'half-open': 'semi_ouvert' } as const;
    ctx.body = {
      statut: failing.length || circuits.some((c) => c.circuit !== 'closed') ? 'degrade' : 'ok',
      processus: processBody(),
      base: { joignable: true, latence_ms: latencyMs },
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
