import type { RegisterInfo } from '../../schemas/registerInfo.ts';
import { prefersAlternate } from '../catalogue/alternateMediaType.ts';
import type { HandlerDeps, ProvenanceEntry, RouteDefinition } from '../catalogue/route.ts';
import type { SnapshotSessions } from '../catalogue/snapshotReader.ts';
import type { AppMiddleware } from '../state.ts';
import { readConsistently } from './readConsistently.ts';

export const DISCLAIMER =
  'Données publiées telles quelles par les registres officiels cités ; ce document n’est pas un extrait officiel. / Data as published by the cited official registers; this is not an official extract.';

/**
 * Runs the handler and, for a priced route's 2xx, wraps its body in the envelope: `citation` first, then
 * `provenance[]`, `source`, `disclaimer`, `data_freshness`, then the data. The JSON is serialised once here;
 * those bytes are what is signed and sent.
 */
export function envelope(
  route: RouteDefinition,
  deps: {
    handlerDeps: HandlerDeps;
    registers: readonly RegisterInfo[];
    now?: () => Date;
    snapshotSessions?: SnapshotSessions;
  },
): AppMiddleware {
  const heads: EnvelopeHeads = new Map();
  return async function envelopeMiddleware(ctx) {
    // A route priced per request read its rows when it was quoted (requestPrice.ts), consistently there.
    const result =
      ctx.state.prepared !== undefined
        ? await route.handler(ctx, deps.handlerDeps)
        : await readConsistently(ctx, deps.snapshotSessions, (readSnapshots) =>
            route.handler(ctx, readSnapshots ? { ...deps.handlerDeps, readSnapshots } : deps.handlerDeps),
          );
    const status = result.status ?? 200;
    ctx.status = status;
    if (route.contentType && !route.contentType.startsWith('application/json')) {
      ctx.type = route.contentType;
      const bytes = result.body.bytes;
      if (Buffer.isBuffer(bytes)) {
        // A document (a filed PDF): these bytes are what is signed and sent, unchanged.
        ctx.state.bodyBytes = bytes;
        ctx.body = bytes;
      } else ctx.body = result.body.text as string;
      return;
    }
    let json: string;
    if (route.price > 0 && status >= 200 && status < 300) {
      const provenance = [...(ctx.state.provenance ?? []), ...(result.provenance ?? [])];
      const servedAt = (deps.now ?? (() => new Date()))();
      json = envelopedJson(heads, provenance, deps.registers, servedAt, result.body, result.dataFreshness);
    } else {
      json = JSON.stringify(result.body);
    }
    if (route.alternate) ctx.vary('Accept');
    if (route.alternate && status >= 200 && status < 300 && prefersAlternate(ctx, route.alternate)) {
      // The same answer in another media type, rendered from this JSON: those bytes are signed and sent.
      const rendered = await route.alternate.render(JSON.parse(json) as Record<string, unknown>);
      for (const [name, value] of Object.entries(rendered.headers)) ctx.set(name, value);
      ctx.state.bodyBytes = rendered.bytes;
      ctx.type = route.alternate.contentType;
      ctx.body = rendered.bytes;
      return;
    }
    const bytes = Buffer.from(json, 'utf8');
    ctx.state.bodyBytes = bytes;
    ctx.type = 'application/json; charset=utf-8';
    ctx.body = bytes;
  };
}

const shortName = (code: string, registers: readonly RegisterInfo[]) =>
  registers.find((r) => r.code === code)?.nomCourt ?? code;

/** The members the envelope writes before the data: a handler's own member of the same name is not served. */
const ENVELOPE_MEMBERS = ['citation', 'provenance', 'source', 'disclaimer', 'data_freshness'];

/**
 * What the envelope writes for one provenance (and freshness statement), apart from the serving time: the
 * citation's registers, and `provenance` to `data_freshness` as JSON. The same few provenances come back on
 * every answer of a route until the next snapshot, so they are written once (a few per route, kept until a
 * bound); a paid answer then serialises only its citation line and its data.
 */
type EnvelopeHeads = Map<string, { citedRegisters: string; membersJson: string }>;
const MAX_HEADS = 256;

function envelopedJson(
  heads: EnvelopeHeads,
  provenance: ProvenanceEntry[],
  registers: readonly RegisterInfo[],
  servedAt: Date,
  body: Record<string, unknown>,
  dataFreshness: string | undefined,
): string {
  if (ENVELOPE_MEMBERS.some((m) => m in body)) {
    // The general form, as the object spread always wrote it.
    return JSON.stringify({
      citation: citationOf(provenance, registers, servedAt),
      provenance,
      source: sourceOf(provenance, registers),
      disclaimer: DISCLAIMER,
      data_freshness: dataFreshness ?? freshnessOf(provenance, registers),
      ...body,
    });
  }
  const provenanceJson = JSON.stringify(provenance);
  const key = dataFreshness === undefined ? provenanceJson : `${provenanceJson}\u0000${dataFreshness}`;
  let head = heads.get(key);
  if (!head) {
    if (heads.size >= MAX_HEADS) heads.clear();
    head = {
      citedRegisters: citedRegistersOf(provenance, registers),
      membersJson: `"provenance":${provenanceJson},"source":${JSON.stringify(sourceOf(provenance, registers))},"disclaimer":${JSON.stringify(DISCLAIMER)},"data_freshness":${JSON.stringify(dataFreshness ?? freshnessOf(provenance, registers))}`,
    };
    heads.set(key, head);
  }
  const citation = JSON.stringify(citationLine(head.citedRegisters, servedAt));
  const data = JSON.stringify(body);
  return `{"citation":${citation},${head.membersJson}${data === '{}' ? '}' : `,${data.slice(1)}`}`;
}

/** One line to cite verbatim: each register's short name, version and file fingerprint, and the serving time. */
export function citationOf(
  provenance: ProvenanceEntry[],
  registers: readonly RegisterInfo[],
  servedAt: Date,
): string {
  return citationLine(citedRegistersOf(provenance, registers), servedAt);
}

function citedRegistersOf(provenance: ProvenanceEntry[], registers: readonly RegisterInfo[]): string {
  const parts = provenance.map((p) => {
    const print = p.empreinte_sha256 ? `, sha256 ${p.empreinte_sha256.slice(0, 12)}` : '';
    return `${shortName(p.registre, registers)} (version ${p.version}${print})`;
  });
  return parts.join(' ; ') || 'Registres API';
}

const citationLine = (citedRegisters: string, servedAt: Date) =>
  `${citedRegisters} — servi par Registres API le ${servedAt.toISOString().slice(0, 19)}Z`;

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
