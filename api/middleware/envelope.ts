import type { RegisterInfo } from '../../schemas/registerInfo.ts';
import type { HandlerDeps, ProvenanceEntry, RouteDefinition } from '../catalogue/route.ts';
import type { AppMiddleware } from '../state.ts';

export const DISCLAIMER =
  'Données publiées telles quelles par les registres officiels cités ; ce document n’est pas un extrait officiel. / Data as published by the cited official registers; this is not an official extract.';

/**
 * Runs the handler and, for a priced route's 2xx, wraps its body in the envelope: `citation` first, then
 * `provenance[]`, `source`, `disclaimer`, `data_freshness`, then the data. The JSON is serialised once here;
 * those bytes are what is signed and sent.
 */
export function envelope(
  route: RouteDefinition,
  deps: { handlerDeps: HandlerDeps; registers: readonly RegisterInfo[]; now?: () => Date },
): AppMiddleware {
  return async function envelopeMiddleware(ctx) {
    const result = await route.handler(ctx, deps.handlerDeps);
    const status = result.status ?? 200;
    ctx.status = status;
    if (route.contentType && !route.contentType.startsWith('application/json')) {
      ctx.type = route.contentType;
      ctx.body = result.body.text as string;
      return;
    }
    let body: Record<string, unknown> = result.body;
    if (route.price > 0 && status >= 200 && status < 300) {
      const provenance = [...(ctx.state.provenance ?? []), ...(result.provenance ?? [])];
      const servedAt = (deps.now ?? (() => new Date()))();
      body = {
        citation: citationOf(provenance, deps.registers, servedAt),
        provenance,
        source: sourceOf(provenance, deps.registers),
        disclaimer: DISCLAIMER,
        data_freshness: result.dataFreshness ?? freshnessOf(provenance, deps.registers),
        ...result.body,
      };
    }
    const bytes = Buffer.from(JSON.stringify(body), 'utf8');
    ctx.state.bodyBytes = bytes;
    ctx.type = 'application/json; charset=utf-8';
    ctx.body = bytes;
  };
}

const shortName = (code: string, registers: readonly RegisterInfo[]) =>
  registers.find((r) => r.code === code)?.nomCourt ?? code;

/** One line to cite verbatim: each register's short name, version and file fingerprint, and the serving time. */
export function citationOf(
  provenance: ProvenanceEntry[],
  registers: readonly RegisterInfo[],
  servedAt: Date,
): string {
  const parts = provenance.map((p) => {
    const print = p.empreinte_sha256 ? `, sha256 ${p.empreinte_sha256.slice(0, 12)}` : '';
    return `${shortName(p.registre, registers)} (version ${p.version}${print})`;
  });
  const stamp = `${servedAt.toISOString().slice(0, 19)}Z`;
  return `${parts.join(' ; ') || 'Registres API'} — servi par Registres API le ${stamp}`;
}

function sourceOf(provenance: ProvenanceEntry[], registers: readonly RegisterInfo[]): string {
  const seen = new Set<string>();
  const parts: string[] = [];
  for (const p of provenance) {
    if (seen.has(p.registre)) continue;
    seen.add(p.registre);
    const r = registers.find((x) => x.code === p.registre);
    parts.push(r ? `${r.nomComplet} — ${r.producteur} (${r.licence})` : p.registre);
  }
  return parts.join(' ; ');
}

function freshnessOf(provenance: ProvenanceEntry[], registers: readonly RegisterInfo[]): string {
  if (provenance.length === 0) return 'Sans photo datée. / No dated snapshot.';
  return provenance
    .map((p) =>
      p.date_photo
        ? `${shortName(p.registre, registers)} : photo du ${p.date_photo} / snapshot of ${p.date_photo}`
        : `${shortName(p.registre, registers)} : version ${p.version}`,
    )
    .join(' ; ');
}
