import { createHash } from 'node:crypto';
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';
import type { JsonSchema, RouteDefinition } from '../catalogue/route.ts';
import { ApiError, badRequest } from '../errors/apiError.ts';
import type { AppContext, AppMiddleware } from '../state.ts';

// ajv-formats is CommonJS; its default export arrives wrapped under ESM.
const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ?? addFormatsModule) as (
  a: Ajv,
) => Ajv;

/** Bodies are JSON already typed: no coercion (a string "30" is not the number 30). */
const ajv = addFormats(new Ajv({ coerceTypes: false, allErrors: false, strict: true }));
const validators = new Map<string, ValidateFunction>();
function validatorOf(schema: JsonSchema): ValidateFunction {
  const key = JSON.stringify(schema);
  let validate = validators.get(key);
  if (!validate) {
    validate = ajv.compile(schema);
    validators.set(key, validate);
  }
  return validate;
}

/** A POST route's body limit when it declares none. */
export const DEFAULT_BODY_MAX_BYTES = 64 * 1024;

/**
 * Reads a POST route's JSON body before payment: at most `maxBytes` (over it, 413 `corps_trop_volumineux`,
 * without reading further), parsed (`corps_illisible`), checked against the route's schema (`corps_invalide`,
 * `champ` naming the member). Every refusal is a 4xx, so a bad body is never charged. The parsed body lands in
 * `ctx.state.body`, the SHA-256 of its exact bytes in `ctx.state.bodyDigest`.
 */
export function readBody(route: RouteDefinition): AppMiddleware {
  const declared = route.body;
  if (!declared) throw new Error(`route ${route.id}: readBody needs a body schema`);
  const validate = validatorOf(declared.schema);
  const maxBytes = declared.maxBytes ?? DEFAULT_BODY_MAX_BYTES;

  return async function readBodyMiddleware(ctx, next) {
    const type = ctx.get('content-type').split(';')[0]!.trim().toLowerCase();
    if (type !== 'application/json') {
      throw badRequest(
        'corps_illisible',
        'corps',
        'Corps JSON attendu (Content-Type: application/json). / A JSON body is expected (Content-Type: application/json).',
      );
    }
    const bytes = await readLimited(ctx, maxBytes);
    let body: unknown;
    try {
      body = JSON.parse(bytes.toString('utf8'));
    } catch {
      throw badRequest('corps_illisible', 'corps', 'Corps JSON illisible. / Unreadable JSON body.');
    }
    if (!validate(body)) {
      const first = validate.errors?.[0];
      throw badRequest('corps_invalide', champOf(first), describe(first));
    }
    ctx.state.body = body;
    ctx.state.bodyDigest = createHash('sha256').update(bytes).digest('hex');
    await next();
  };
}

const tooLarge = (maxBytes: number) =>
  new ApiError(
    413,
    'corps_trop_volumineux',
    `Corps de plus de ${maxBytes} octets. / Body over ${maxBytes} bytes.`,
    { champ: 'corps' },
  );

/** The request's bytes, refused as soon as they pass `maxBytes` (a declared length over it is not read). */
async function readLimited(ctx: AppContext, maxBytes: number): Promise<Buffer> {
  const declared = Number(ctx.get('content-length'));
  if (Number.isFinite(declared) && declared > maxBytes) throw tooLarge(maxBytes);
  const chunks: Buffer[] = [];
  let length = 0;
  for await (const chunk of ctx.req) {
    const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string);
    length += buffer.length;
    if (length > maxBytes) throw tooLarge(maxBytes);
    chunks.push(buffer);
  }
  if (length === 0) throw badRequest('corps_illisible', 'corps', 'Corps absent. / Body missing.');
  return Buffer.concat(chunks);
}

/** `/sirens/3` → `sirens[3]`; the missing member of a `required` refusal; `corps` for the whole body. */
function champOf(error: ErrorObject | undefined): string {
  if (!error) return 'corps';
  let path = error.instancePath
    .split('/')
    .slice(1)
    .map((part) => (/^\d+$/.test(part) ? `[${part}]` : `.${part}`))
    .join('')
    .replace(/^\./, '');
  if (error.keyword === 'required')
    path = `${path ? `${path}.` : ''}${(error.params as { missingProperty: string }).missingProperty}`;
  if (error.keyword === 'additionalProperties')
    path = `${path ? `${path}.` : ''}${(error.params as { additionalProperty: string }).additionalProperty}`;
  return path || 'corps';
}

function describe(error: ErrorObject | undefined): string {
  const champ = champOf(error);
  switch (error?.keyword) {
    case 'required':
      return `« ${champ} » est obligatoire. / « ${champ} » is required.`;
    case 'additionalProperties':
      return `Membre inconnu « ${champ} ». / Unknown member « ${champ} ».`;
    case 'maxItems':
    case 'minItems':
      return `« ${champ} » : ${error.keyword === 'maxItems' ? 'au plus' : 'au moins'} ${String((error.params as { limit: number }).limit)} éléments. / « ${champ} »: ${error.keyword === 'maxItems' ? 'at most' : 'at least'} ${String((error.params as { limit: number }).limit)} items.`;
    case 'enum':
      return `« ${champ} » : valeurs permises ${((error.params as { allowedValues: unknown[] }).allowedValues ?? []).join(', ')}. / Allowed values: ${((error.params as { allowedValues: unknown[] }).allowedValues ?? []).join(', ')}.`;
    default:
      return `« ${champ} » invalide : ${error?.message ?? 'valeur refusée'}. / Invalid « ${champ} »: ${error?.message ?? 'value refused'}.`;
  }
}
