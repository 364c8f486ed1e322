import type { Knex } from 'knex';
import type { ProjectionStatus } from '../../projections/core/projectionRunner.ts';
import type { AppMiddleware } from '../state.ts';

export type ProjectionStatusReader = () => Promise<ProjectionStatus[]>;

/** What one process is: its `--role`, and whether it applies the log to the read tables now. */
export interface ProcessDescription {
  role: 'api' | 'projector' | 'all' | 'notifier';
  /** `active`: it projects; `standby`: another process holds the projector lock; `stopped`: it does not project. */
  projector: () => 'active' | 'standby' | 'stopped';
}

const PROJECTOR_STATE = { active: 'actif', standby: 'en_attente', stopped: 'aucun' } as const;

/** A live register's circuit breaker, as `/health` and `/statut` name it. */
export const CIRCUIT_STATE = { closed: 'ferme', open: 'ouvert', 'half-open': 'semi_ouvert' } as const;

export type LiveCircuit = { register: string; circuit: keyof typeof CIRCUIT_STATE };

/** `ok`, or `degrade` when a projection fails or a live register's circuit is not closed. */
export function overallState(
  projections: readonly ProjectionStatus[],
  circuits: readonly LiveCircuit[],
): 'ok' | 'degrade' {
  return projections.some((p) => p.lastError) || circuits.some((c) => c.circuit !== 'closed')
    ? 'degrade'
    : 'ok';
}

/**
 * Free, unsigned: whether the database answers, how far each projection is behind the log (read from the
 * checkpoints the projecting process commits, so every role reports the same positions), and what this
 * process is. Before the database has been reached and migrated, a starting service answers 503 `demarrage`.
 */
export function healthRoute(deps: {
  knex: Knex;
  projectionStatus: ProjectionStatusReader;
  /** The live registers' circuit breakers: `ouvert` means calls are refused at once for a while. */
  liveCircuits?: () => LiveCircuit[];
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
    const circuits = deps.liveCircuits?.() ?? [];
    ctx.body = {
      statut: overallState(projections, circuits),
      processus: processBody(),
      base: { joignable: true, latence_ms: latencyMs },
      projections: projections.map((p) => ({
        nom: p.name,
        position: p.position.toString(),
        tete: p.head.toString(),
        retard: p.lag.toString(),
        erreur: p.lastError,
      })),
      registres_en_direct: circuits.map((c) => ({ registre: c.register, circuit: CIRCUIT_STATE[c.circuit] })),
      registres_non_configures: deps.liveNotConfigured ?? [],
    };
  };
}
