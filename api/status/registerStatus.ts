import type { ProjectionStatus } from '../../projections/core/projectionRunner.ts';
import type { RegisterInfo } from '../../schemas/registerInfo.ts';
import type { RegisterSnapshotView } from '../catalogue/snapshotReader.ts';
import { CIRCUIT_STATE, type LiveCircuit } from '../routes/health.ts';

const DAY_MS = 86_400_000;

/** How fresh a register's copy is against its threshold (`seuil_fraicheur_jours`). */
export type FreshnessState = 'a_jour' | 'perimee' | 'sans_seuil' | 'aucune_photo' | 'en_direct';

/** One register as `/statut` shows it. */
export interface RegisterStatus {
  code: string;
  nom_court: string;
  pays: string;
  mode: RegisterInfo['mode'];
  derniere_photo: { version: string; date_photo: string; completee_le: string } | null;
  fraicheur: { etat: FreshnessState; age_jours: number | null; seuil_jours: number | null };
  /** Events its furthest-behind projection has still to apply (as `/health`'s `retard`); null: none. */
  retard_projection: string | null;
  projections: string[];
  /** Live registers only: its circuit breaker, or `non_configure` (no credentials on this server). */
  circuit: (typeof CIRCUIT_STATE)[keyof typeof CIRCUIT_STATE] | 'non_configure' | null;
}

function freshnessOf(info: RegisterInfo, view: RegisterSnapshotView | undefined, now: Date) {
  const threshold = info.seuilFraicheurJours;
  if (info.mode === 'direct') return { etat: 'en_direct' as const, age_jours: null, seuil_jours: threshold };
  if (!view?.current) return { etat: 'aucune_photo' as const, age_jours: null, seuil_jours: threshold };
  // Counted as the freshness guard counts it: whole days since the snapshot's date (middleware/freshnessGuard.ts).
  const age = Math.floor((now.getTime() - Date.parse(`${view.current.snapshotDate}T00:00:00Z`)) / DAY_MS);
  const etat: FreshnessState = threshold === null ? 'sans_seuil' : age > threshold ? 'perimee' : 'a_jour';
  return { etat, age_jours: age, seuil_jours: threshold };
}

/** The largest of some bigints (Math.max takes numbers only); undefined when there is none. */
function largest(values: readonly bigint[]): bigint | undefined {
  let max: bigint | undefined;
  for (const v of values) if (max === undefined || v > max) max = v;
  return max;
}

/**
 * Each register's status from the facts `/health` and the dictionary read: its last complete snapshot and its
 * age against its threshold, the lag of the projections that read it (from the route registry), and for a
 * live register its circuit.
 */
export function registerStatuses(args: {
  registers: readonly RegisterInfo[];
  views: readonly RegisterSnapshotView[];
  projectionsOf: ReadonlyMap<string, readonly string[]>;
  projections: readonly ProjectionStatus[];
  circuits: readonly LiveCircuit[];
  notConfigured: readonly string[];
  now: Date;
}): RegisterStatus[] {
  return args.registers.map((info) => {
    const view = args.views.find((v) => v.register === info.code);
    const names = [...(args.projectionsOf.get(info.code) ?? [])];
    const lags = args.projections.filter((p) => names.includes(p.name)).map((p) => p.lag);
    const circuit = args.circuits.find((c) => c.register === info.code);
    return {
      code: info.code,
      nom_court: info.nomCourt,
      pays: info.pays,
      mode: info.mode,
      derniere_photo: view?.current
        ? {
            version: view.current.version,
            date_photo: view.current.snapshotDate,
            completee_le: view.current.completedAt,
          }
        : null,
      fraicheur: freshnessOf(info, view, args.now),
      retard_projection: largest(lags)?.toString() ?? null,
      projections: names,
      circuit: circuit
        ? CIRCUIT_STATE[circuit.circuit]
        : args.notConfigured.includes(info.code)
          ? 'non_configure'
          : null,
    };
  });
}
