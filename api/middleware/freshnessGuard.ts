import type { RegisterInfo } from '../../schemas/registerInfo.ts';
import type { MutedRegister, ProvenanceEntry, RouteDefinition } from '../catalogue/route.ts';
import type { RegisterSnapshotView, SnapshotReader, SnapshotSessions } from '../catalogue/snapshotReader.ts';
import { unavailable } from '../errors/apiError.ts';
import type { AppContext, AppMiddleware } from '../state.ts';

export type { RegisterSnapshotView, SnapshotReader, SnapshotSessions };

const DAY_MS = 86_400_000;

/**
 * Refuses to sell what the read side does not hold fresh: from projection state only, never from a handler.
 * No completed snapshot → 503 collecte_en_cours; snapshot older than the route's threshold → its 503 code.
 * Otherwise records each register's provenance for the envelope. Only the registers the request reads are
 * checked (`registersFor`); a route that degrades (`freshnessDegrades`) gets the unfresh ones listed in
 * `ctx.state.registresMuets` instead of a refusal. The state is read through the request's snapshot session,
 * which the envelope confirms once the rows are read; `ctx.state.recheckFreshness` reads it again when a pass
 * was published in between (one version per answer).
 */
export function freshnessGuard(
  route: RouteDefinition,
  deps: { snapshotSessions: SnapshotSessions; registers: readonly RegisterInfo[]; now?: () => Date },
): AppMiddleware {
  const local = route.registers.filter(
    (code) => deps.registers.find((r) => r.code === code)?.mode !== 'direct',
  );
  const degrades = (code: string) =>
    route.freshnessDegrades === true ||
    (Array.isArray(route.freshnessDegrades) && route.freshnessDegrades.includes(code));
  return async function freshnessGuardMiddleware(ctx, next) {
    const wanted = route.registersFor ? route.registersFor(ctx.state.params ?? {}) : null;
    const checked = wanted ? local.filter((code) => wanted.includes(code)) : local;
    if (checked.length === 0) return next();
    const check = async () => {
      ctx.state.snapshotSession ??= deps.snapshotSessions();
      const views = await ctx.state.snapshotSession.read({
        projections: route.projections,
        registers: checked,
      });
      judge(ctx, checked, views);
    };
    await check();
    ctx.state.recheckFreshness = check;
    await next();
  };

  function judge(ctx: AppContext, checked: readonly string[], views: readonly RegisterSnapshotView[]): void {
    const now = (deps.now ?? (() => new Date()))();
    const provenance: ProvenanceEntry[] = [];
    const muted: MutedRegister[] = [];
    for (const code of checked) {
      const info = deps.registers.find((r) => r.code === code);
      const view = views.find((v) => v.register === code);
      if (!view?.current && degrades(code)) {
        muted.push({ registre: code, motif: 'collecte_en_cours' });
        continue;
      }
      if (!view?.current) {
        throw unavailable(
          'collecte_en_cours',
          `Collecte initiale de ${info?.nomCourt ?? code} en cours : aucune photo complète n’est encore publiée. / Initial collection of ${code} still running.`,
          {
            registre: code,
            motif_panne: 'collecte_en_cours',
            version_en_cours: view?.pending?.version ?? null,
          },
        );
      }
      const ageDays = Math.floor(
        (now.getTime() - Date.parse(`${view.current.snapshotDate}T00:00:00Z`)) / DAY_MS,
      );
      const threshold = route.freshness?.maxAgeDays ?? info?.seuilFraicheurJours ?? null;
      if (threshold !== null && ageDays > threshold) {
        const code503 = route.freshness?.code ?? 'photo_perimee';
        if (degrades(code)) {
          muted.push({ registre: code, motif: code503 });
          continue;
        }
        throw unavailable(
          code503,
          `Photo ${info?.nomCourt ?? code} du ${view.current.snapshotDate} : ${ageDays} jours, au-delà du seuil de ${threshold} jours. / Snapshot older than the ${threshold}-day threshold.`,
          {
            registre: code,
            motif_panne: code503,
            date_photo: view.current.snapshotDate,
            age_jours: ageDays,
            seuil_jours: threshold,
          },
        );
      }
      provenance.push({
        registre: code,
        version: view.current.version,
        ...(info?.photoComplete && view.current.sha256 ? { empreinte_sha256: view.current.sha256 } : {}),
        date_photo: view.current.snapshotDate,
      });
    }
    ctx.state.provenance = provenance;
    if (route.freshnessDegrades) ctx.state.registresMuets = muted;
  }
}
