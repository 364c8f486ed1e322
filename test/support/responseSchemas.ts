import type { IncomingMessage, ServerResponse } from 'node:http';
import zlib from 'node:zlib';
import type { ErrorObject, ValidateFunction } from 'ajv';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import type Koa from 'koa';
import { createRouteRegistry } from '../../api/catalogue/registry.ts';
import type { JsonSchema, RouteDefinition } from '../../api/catalogue/route.ts';
import { buildOpenApi } from '../../api/openapi/buildOpenApi.ts';
import type { AppState } from '../../api/state.ts';

/**
 * Every response an e2e test receives is checked against the schema its route declares, as the OpenAPI
 * document declares it: the document is built by `buildOpenApi` itself (for the one route), so a 2xx of a
 * priced route is checked against exactly what the document promises (envelope + responseSchema), a 402
 * against the quote / credits_insuffisants schemas, other 4xx/5xx against `Erreur` restricted to the codes the
 * operation lists for that status (an error status or code a route does not declare is a violation). Violations are kept here
 * and turned into test failures by the root hook plugin (responseSchemaHooks.ts, loaded by .mocharc.cjs).
 */

// ajv-formats is CommonJS; its default export arrives wrapped under ESM.
const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ?? addFormatsModule) as (
  a: Ajv2020,
) => Ajv2020;

const ajv = addFormats(new Ajv2020({ strict: true, strictTypes: false, allErrors: true }));
// Whole OpenAPI documents are added, and schemas reached by JSON pointer inside them: their top-level members
// are plain annotations to ajv (strict mode stays on for every schema keyword).
ajv.addVocabulary(['openapi', 'info', 'servers', 'tags', 'paths', 'components']);

export interface ResponseViolation {
  routeId: string | null;
  method: string;
  url: string;
  status: number;
  /** What was wrong, in one line. */
  problem: string;
  /** ajv's errors, when the body was JSON but did not match. */
  errors: ErrorObject[];
}

/** The schema a response was checked against: its validator and where it comes from in the document. */
export interface ResponseSchema {
  validate: ValidateFunction;
  /** Where the OpenAPI document declares it (e.g. `GET /v1/x responses.200 application/json`), for messages. */
  declared: string;
}

interface CachedRoute {
  /** What the declared schemas depend on: another route object with the same id is compiled afresh if these differ. */
  responseSchema: JsonSchema;
  price: number;
  contentType: string | undefined;
  errors: RouteDefinition['errors'];
  docId: string;
  doc: OpenApiDoc;
  /** By status (`200` for any 2xx, or the error status) and media type. */
  validators: Map<string, ResponseSchema | null>;
}

type OpenApiOperation = { responses: Record<string, { content?: Record<string, unknown> }> };
interface OpenApiDoc {
  /** Each path's one operation: `get`, or `post` for a route with a JSON body. */
  paths: Record<string, Record<'get' | 'post', OpenApiOperation>>;
}

const byRouteId = new Map<string, CachedRoute>();
let docCount = 0;

const pointerPart = (s: string) => encodeURIComponent(s.replace(/~/g, '~0').replace(/\//g, '~1'));

function openApiOf(route: RouteDefinition): CachedRoute {
  const hit = byRouteId.get(route.id);
  if (
    hit &&
    hit.responseSchema === route.responseSchema &&
    hit.price === route.price &&
    hit.contentType === route.contentType &&
    hit.errors === route.errors
  ) {
    return hit;
  }
  // The document the service would serve for this one route: same composition, same components.
  const doc = buildOpenApi(createRouteRegistry([route]), {
    serverUrl: 'http://127.0.0.1',
  }) as unknown as OpenApiDoc;
  const docId = `https://registres.test/openapi/${docCount++}/${encodeURIComponent(route.id)}.json`;
  ajv.addSchema(doc as unknown as JsonSchema, docId);
  const entry: CachedRoute = {
    responseSchema: route.responseSchema,
    price: route.price,
    contentType: route.contentType,
    errors: route.errors,
    docId,
    doc,
    validators: new Map(),
  };
  byRouteId.set(route.id, entry);
  return entry;
}

/** Answers outside any route (unknown path, /health) are checked against `Erreur` when they are errors. */
let errorOnly: ResponseSchema | null = null;
function errorSchemaOutsideRoutes(): ResponseSchema {
  if (!errorOnly) {
    const doc = buildOpenApi(createRouteRegistry([]), { serverUrl: 'http://127.0.0.1' });
    const docId = 'https://registres.test/openapi/no-route.json';
    ajv.addSchema(doc as unknown as JsonSchema, docId);
    const pointer = '#/components/schemas/Erreur';
    errorOnly = { validate: ajv.compile({ $ref: `${docId}${pointer}` }), declared: pointer };
  }
  return errorOnly;
}

export const baseMediaType = (contentType: string | undefined) =>
  (contentType ?? '').split(';')[0]!.trim().toLowerCase();

export const isJsonMediaType = (mediaType: string) => /^application\/([\w.-]+\+)?json$/.test(mediaType);

/**
 * The schema a response of `route` with `status` must satisfy, as the route's OpenAPI operation declares it:
 * a 2xx uses the `200` response (for a priced route: envelope + responseSchema), an error the response declared
 * for that status, else `#/components/schemas/Erreur`. Null when nothing is declared (a 2xx outside any
 * route, or whose declared media type is not `mediaType`).
 */
export function responseSchemaFor(
  route: RouteDefinition | undefined,
  status: number,
  mediaType = 'application/json',
): ResponseSchema | null {
  const ok = status >= 200 && status < 300;
  if (!route) return ok ? null : errorSchemaOutsideRoutes();
  const entry = openApiOf(route);
  const statusKey = ok ? '200' : String(status);
  const key = `${statusKey} ${mediaType}`;
  if (entry.validators.has(key)) return entry.validators.get(key)!;
  const method = operationMethod(route);
  const operation = entry.doc.paths[route.path]![method];
  const declared = operation.responses[statusKey]?.content;
  let pointer: string | null = null;
  let where = '';
  if (declared && mediaType in declared) {
    pointer = `#/paths/${pointerPart(route.path)}/${method}/responses/${statusKey}/content/${pointerPart(mediaType)}/schema`;
    where = `${route.method} ${route.path} responses.${statusKey} ${mediaType}`;
  } else if (!ok) {
    pointer = '#/components/schemas/Erreur';
    where = `${pointer} (no ${statusKey} declared for ${route.method} ${route.path})`;
  }
  const compiled = pointer
    ? { validate: ajv.compile({ $ref: `${entry.docId}${pointer}` }), declared: where }
    : null;
  entry.validators.set(key, compiled);
  return compiled;
}

/** The route's operation in the OpenAPI document: `get`, or `post` for a route with a JSON body. */
const operationMethod = (route: RouteDefinition): 'get' | 'post' =>
  route.method === 'POST' ? 'post' : 'get';

/** The media type the route's OpenAPI operation declares for its 2xx. */
export function declaredMediaType(route: RouteDefinition): string {
  return baseMediaType(route.contentType ?? 'application/json');
}

/** Every media type declared for its 2xx: the main one, and the one `Accept` may choose instead. */
const declaredMediaTypes = (route: RouteDefinition): string[] => [
  declaredMediaType(route),
  ...(route.alternate ? [baseMediaType(route.alternate.contentType)] : []),
];

export interface ServedResponse {
  route: RouteDefinition | undefined;
  method: string;
  url: string;
  status: number;
  contentType: string | undefined;
  /** The body as the client decodes it (after Content-Encoding). */
  body: Buffer;
}

/** Checks one served response; null when it matches its declared schema, or nothing is declared for it. */
export function checkServedResponse(r: ServedResponse): ResponseViolation | null {
  if (r.body.length === 0 || r.status < 200 || (r.status >= 300 && r.status < 400)) return null;
  const ok = r.status < 300;
  if (ok && !r.route) return null;
  const mediaType = baseMediaType(r.contentType);
  const violation = (problem: string, errors: ErrorObject[] = []): ResponseViolation => ({
    routeId: r.route?.id ?? null,
    method: r.method,
    url: r.url,
    status: r.status,
    problem,
    errors,
  });
  if (ok && r.route && !declaredMediaTypes(r.route).includes(mediaType)) {
    return violation(`served as ${mediaType || '(no Content-Type)'}, declared ${declaredMediaType(r.route)}`);
  }
  // The pages people open in a browser (the account pages) answer their refusals as pages.
  if (!r.route && mediaType === 'text/html') return null;
  if (!isJsonMediaType(mediaType)) {
    return ok ? null : violation(`error answered as ${mediaType || '(no Content-Type)'}, not JSON`);
  }
  let json: unknown;
  try {
    json = JSON.parse(r.body.toString('utf8'));
  } catch (err) {
    return violation(`body is not JSON (${(err as Error).message})`);
  }
  const code = !ok && json && typeof json === 'object' ? (json as { error?: unknown }).error : undefined;
  const codeNote = typeof code === 'string' ? ` (error ${code})` : '';
  if (
    !ok &&
    r.route &&
    !(String(r.status) in openApiOf(r.route).doc.paths[r.route.path]![operationMethod(r.route)].responses)
  ) {
    return violation(`status ${r.status} is not declared for ${r.route.method} ${r.route.path}${codeNote}`);
  }
  const schema = responseSchemaFor(r.route, r.status, mediaType);
  if (!schema) return null;
  if (schema.validate(json)) return null;
  return violation(`body does not match ${schema.declared}${codeNote}`, [...(schema.validate.errors ?? [])]);
}

/**
 * Shared by every copy of this module: mocha loads the root hook plugin (`require` in .mocharc.cjs) through
 * tsx's CommonJS loader while the tests import this file as ESM, and the two are separate module instances.
 * Kept in one module-local array, the violations the tests' service recorded never reached the hook.
 */
interface SharedChecks {
  violations: ResponseViolation[];
  inFlight: Set<Promise<void>>;
}
const SHARED = Symbol.for('registres.test.responseChecks');
const registry = globalThis as Record<symbol, SharedChecks | undefined>;
if (!registry[SHARED]) registry[SHARED] = { violations: [], inFlight: new Set() };
const shared = registry[SHARED];
const violations = shared.violations;
/** Responses whose route has answered but whose bytes are not all written yet. */
const inFlight = shared.inFlight;

/** The violations recorded since the last call, and forgets them. */
export function takeResponseViolations(): ResponseViolation[] {
  return violations.splice(0);
}

/** Waits (at most `timeoutMs`) for the responses still being written, so that their check is recorded. */
export async function responsesWritten(timeoutMs = 2000): Promise<void> {
  if (inFlight.size === 0) return;
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([
    Promise.allSettled([...inFlight]),
    new Promise<void>((resolve) => {
      timer = setTimeout(resolve, timeoutMs);
    }),
  ]);
  clearTimeout(timer);
}

const decoders: Record<string, (b: Buffer) => Buffer> = {
  gzip: zlib.gunzipSync,
  'x-gzip': zlib.gunzipSync,
  deflate: zlib.inflateSync,
  br: zlib.brotliDecompressSync,
};

function decode(bytes: Buffer, contentEncoding: string | undefined): Buffer {
  let out = bytes;
  const codings = (contentEncoding ?? '')
    .split(',')
    .map((c) => c.trim().toLowerCase())
    .filter((c) => c && c !== 'identity')
    .reverse();
  for (const coding of codings) {
    const decoder = decoders[coding];
    if (!decoder) throw new Error(`unknown Content-Encoding ${coding}`);
    out = decoder(out);
  }
  return out;
}

function chunkBytes(chunk: unknown, encoding: unknown): Buffer | null {
  if (chunk === undefined || chunk === null || typeof chunk === 'function') return null;
  if (typeof chunk === 'string')
    return Buffer.from(chunk, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8');
  if (chunk instanceof Uint8Array) return Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
  return null;
}

type Res = ServerResponse<IncomingMessage>;

/**
 * Puts the check first in the app's middleware stack (call before the app's callback is built, i.e. before
 * listen). It reads the bytes actually written to the socket rather than `ctx.body`: by the time the outermost
 * middleware resumes, the body may be an object (errors), bytes (signed answers) or a compression stream (free
 * documents), and only the bytes written are what the client gets. They are collected from `res.write`/`res.end`,
 * decoded by their Content-Encoding, and checked synchronously inside `res.end`, before the last bytes leave:
 * no client can have read a whole body before its check is recorded.
 */
export function checkResponsesOf(koa: Koa<AppState>): void {
  koa.middleware.unshift(async function responseSchemaCheck(ctx, next) {
    await next();
    if (ctx.method === 'HEAD') return;
    const route = ctx.state.route;
    const method = ctx.method;
    const url = ctx.originalUrl;
    const res: Res = ctx.res;
    const chunks: Buffer[] = [];
    let finished!: () => void;
    const written = new Promise<void>((resolve) => {
      finished = resolve;
    });
    inFlight.add(written);
    const done = () => {
      inFlight.delete(written);
      finished();
    };
    res.once('close', done);
    const write = res.write;
    const end = res.end;
    res.write = function (this: Res, chunk: unknown, ...rest: unknown[]) {
      const bytes = chunkBytes(chunk, rest[0]);
      if (bytes) chunks.push(Buffer.from(bytes));
      return (write as (...a: unknown[]) => boolean).call(this, chunk, ...rest);
    } as Res['write'];
    res.end = function (this: Res, chunk?: unknown, ...rest: unknown[]) {
      const bytes = chunkBytes(chunk, rest[0]);
      if (bytes) chunks.push(Buffer.from(bytes));
      try {
        const contentType = res.getHeader('content-type');
        const contentEncoding = res.getHeader('content-encoding');
        const found = checkServedResponse({
          route,
          method,
          url,
          status: res.statusCode,
          contentType: contentType === undefined ? undefined : String(contentType),
          body: decode(
            Buffer.concat(chunks),
            contentEncoding === undefined ? undefined : String(contentEncoding),
          ),
        });
        if (found) violations.push(found);
      } catch (err) {
        violations.push({
          routeId: route?.id ?? null,
          method,
          url,
          status: res.statusCode,
          problem: `the response could not be checked: ${(err as Error).message}`,
          errors: [],
        });
      } finally {
        done();
      }
      return (end as (...a: unknown[]) => Res).call(this, chunk, ...rest);
    } as Res['end'];
  });
}

/** A readable account of the violations, one paragraph each. */
export function describeViolations(found: readonly ResponseViolation[], maxErrors = 8): string {
  const paragraphs = found.map((v) => {
    const head = `${v.method} ${v.url} → ${v.status} (route ${v.routeId ?? 'none'}): ${v.problem}`;
    const lines = v.errors.slice(0, maxErrors).map((e) => {
      const where = e.instancePath || '(body)';
      const extra =
        e.keyword === 'additionalProperties'
          ? ` '${(e.params as { additionalProperty: string }).additionalProperty}'`
          : e.keyword === 'enum'
            ? ` ${JSON.stringify((e.params as { allowedValues: unknown }).allowedValues)}`
            : '';
      return `    ${where} ${e.message}${extra}  [${e.schemaPath}]`;
    });
    if (v.errors.length > maxErrors) lines.push(`    … and ${v.errors.length - maxErrors} more`);
    return [head, ...lines].join('\n');
  });
  return paragraphs.join('\n');
}
