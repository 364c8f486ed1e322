import { declareDiscoveryExtension } from '@x402/extensions/bazaar';
import { toRouterPath } from '../catalogue/registry.ts';
import type { JsonSchema, ParamDefinition, RouteDefinition } from '../catalogue/route.ts';

/** The first example a parameter's schema gives, if any (`examples` of JSON Schema 2020-12). */
function exampleOf(param: ParamDefinition): unknown {
  const examples = (param.schema as { examples?: unknown[] }).examples;
  return Array.isArray(examples) && examples.length > 0 ? examples[0] : undefined;
}

function paramsSchema(params: readonly ParamDefinition[]): Record<string, unknown> {
  const properties: Record<string, JsonSchema> = {};
  for (const p of params) properties[p.name] = { ...p.schema, description: p.description };
  return { properties, required: params.filter((p) => p.required).map((p) => p.name) };
}

function examples(params: readonly ParamDefinition[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const p of params) {
    const example = exampleOf(p);
    if (example !== undefined) out[p.name] = example;
  }
  return out;
}

/**
 * The x402 `bazaar` discovery extension of a priced route (x402 v2, @x402/extensions), put in every 402
 * quote so that a facilitator that catalogs resources (`/discovery/resources`) lists the route: GET, its
 * query and path parameters with their schemas and examples (the path parameters as asked, when known) and
 * the route template. Declared from the route registry, like OpenAPI, which describes the response (the
 * extension's `output` carries an example answer only, and no route ships one yet).
 */
export function bazaarExtensionOf(
  route: RouteDefinition,
  askedPathParams: Record<string, unknown> = {},
): Record<string, unknown> {
  const query = route.params.filter((p) => p.in === 'query');
  const path = route.params.filter((p) => p.in === 'path');
  if (route.method === 'POST' && route.body) {
    // A POST route: its JSON body, with its schema and the example the demo answers.
    const declared = declareDiscoveryExtension({
      method: 'POST',
      bodyType: 'json',
      input: route.body.example,
      inputSchema: route.body.schema,
    } as Parameters<typeof declareDiscoveryExtension>[0]);
    return { bazaar: declared.bazaar as unknown as Record<string, unknown> };
  }
  const declared = declareDiscoveryExtension({
    method: 'GET',
    ...(query.length > 0 ? { input: examples(query), inputSchema: paramsSchema(query) } : {}),
    ...(path.length > 0
      ? {
          pathParams: { ...examples(path), ...pick(askedPathParams, path) },
          pathParamsSchema: paramsSchema(path),
        }
      : {}),
  } as Parameters<typeof declareDiscoveryExtension>[0]);
  const bazaar = declared.bazaar as unknown as Record<string, unknown>;
  return { bazaar: path.length > 0 ? { ...bazaar, routeTemplate: toRouterPath(route.path) } : bazaar };
}

function pick(values: Record<string, unknown>, params: readonly ParamDefinition[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const p of params) if (typeof values[p.name] === 'string') out[p.name] = values[p.name];
  return out;
}
