import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';
import type { ParamDefinition, RouteDefinition } from '../catalogue/route.ts';
import { badRequest } from '../errors/apiError.ts';
import type { AppMiddleware } from '../state.ts';

// ajv-formats is CommonJS; its default export arrives wrapped under ESM.
const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ?? addFormatsModule) as (
  a: Ajv,
) => Ajv;

const ajv = addFormats(new Ajv({ coerceTypes: true, allErrors: false, strict: true }));

/**
 * One compiled validator per parameter schema for the process: routes share their schemas (a SIREN, a page
 * size), and a service composed again (a second app, each test suite) reuses them instead of compiling about
 * a thousand again.
 */
const validators = new Map<string, ValidateFunction<{ value: unknown }>>();
function validatorOf(schema: ParamDefinition['schema']): ValidateFunction<{ value: unknown }> {
  // By content: route modules build their schemas afresh each time a service is composed.
  const key = JSON.stringify(schema);
  let validate = validators.get(key);
  if (!validate) {
    validate = ajv.compile<{ value: unknown }>({
      type: 'object',
      properties: { value: schema },
      required: ['value'],
    });
    validators.set(key, validate);
  }
  return validate;
}

interface CompiledParam {
  def: ParamDefinition;
  validate: ValidateFunction<{ value: unknown }>;
}

/**
 * Checks path and query parameters against the route's declared schemas (ajv, with coercion of query
 * strings to booleans and integers) and its extra checks. Refusals are `400 {error, champ, message}` and
 * happen before payment, so bad input never costs anything. Validated values land in `ctx.state.params`.
 */
export function validateParams(route: RouteDefinition): AppMiddleware {
  const compiled: CompiledParam[] = route.params.map((def) => ({ def, validate: validatorOf(def.schema) }));
  const known = new Set(route.params.filter((p) => p.in === 'query').map((p) => p.name));

  const refuse = route.refusal ?? badRequest;

  return async function validateParamsMiddleware(ctx, next) {
    for (const name of Object.keys(ctx.query)) {
      if (!known.has(name)) {
        throw refuse(
          'parametre_inconnu',
          name,
          `Paramètre inconnu « ${name} » ; acceptés : ${[...known].join(', ') || 'aucun'}. / Unknown parameter.`,
        );
      }
    }
    const values: Record<string, unknown> = {};
    for (const { def, validate } of compiled) {
      const raw = def.in === 'path' ? ctx.params[def.name] : ctx.query[def.name];
      if (Array.isArray(raw)) {
        throw refuse(
          'parametre_invalide',
          def.name,
          `« ${def.name} » est donné plusieurs fois. / Given more than once.`,
        );
      }
      if (raw === undefined || raw === '') {
        if (def.required) {
          throw refuse(
            'parametre_manquant',
            def.name,
            `« ${def.name} » est obligatoire. / Required: ${def.description}`,
          );
        }
        continue;
      }
      const holder = { value: raw as unknown };
      if (!validate(holder)) {
        throw refuse('parametre_invalide', def.name, describe(def, validate.errors ?? []));
      }
      const refusal = def.check?.(String(holder.value));
      if (refusal) throw refuse('parametre_invalide', def.name, refusal);
      values[def.name] = holder.value;
    }
    const refusal = route.paramsCheck?.(values);
    if (refusal) throw badRequest(refusal.error, refusal.champ, refusal.message);
    ctx.state.params = values;
    await next();
  };
}

function describe(def: ParamDefinition, errors: ErrorObject[]): string {
  const first = errors[0];
  const expected =
    first?.keyword === 'pattern'
      ? `format attendu ${String((first.params as { pattern: string }).pattern)}`
      : first?.keyword === 'type'
        ? `type attendu ${String((first.params as { type: string }).type)}`
        : first?.keyword === 'enum'
          ? `valeurs permises : ${((first.params as { allowedValues: unknown[] }).allowedValues ?? []).join(', ')}`
          : (first?.message ?? 'valeur refusée');
  return `« ${def.name} » invalide : ${expected}. / Invalid ${def.name}: ${def.description}`;
}
