import type { JsonSchema } from '../../schemas/jsonSchema.ts';
import { envelopeSchema } from '../../schemas/responses/envelope.ts';
import { priceLabelOf } from '../catalogue/price.ts';
import type { RouteDefinition } from '../catalogue/route.ts';
import { SCORE_MODELE_PATH } from '../routes/score/scoreModeleRoute.ts';
import { samplePathOf, sampleRequestOf } from '../samples/sampleRequest.ts';

type ObjectSchema = JsonSchema & { type: 'object' };

/** An MCP tool of the service: what tools/list shows, and the HTTP request a call becomes. */
export interface McpTool {
  name: string;
  /** For people: a short English title. */
  title: string;
  description: string;
  inputSchema: ObjectSchema;
  outputSchema?: ObjectSchema;
  /** The HTTP request (path and query) a call with these arguments becomes. */
  requestFor(args: Record<string, unknown>): string;
  /** A POST route's tool: the arguments are its JSON body. */
  method?: 'POST';
  /** A priced route's tool: paid exactly like its HTTP route. */
  priced: boolean;
  /** A route that answers a document, not JSON (`application/pdf`): returned as an embedded resource. */
  documentType?: string;
}

/** The route's URL for the arguments of a call: path parameters filled in, the others as the query. */
function urlOf(route: RouteDefinition, args: Record<string, unknown>): string {
  const query = new URLSearchParams();
  for (const p of route.params) {
    const value = args[p.name];
    if (value === undefined || value === null || p.in === 'path') continue;
    query.set(p.name, String(value));
  }
  const path = route.path.replace(/\{(\w+)\}/g, (_, name: string) =>
    encodeURIComponent(String(args[name] ?? '')),
  );
  const qs = query.toString();
  return qs ? `${path}?${qs}` : path;
}

/**
 * The route's parameters as the tool's input: each with its schema and description (values are strings). A
 * POST route's input is its JSON body.
 */
function inputSchemaOf(route: RouteDefinition): ObjectSchema {
  if (route.body) return route.body.schema as ObjectSchema;
  const properties: Record<string, JsonSchema> = {};
  for (const p of route.params) properties[p.name] = { ...p.schema, description: p.description };
  return {
    type: 'object',
    properties,
    required: route.params.filter((p) => p.required).map((p) => p.name),
    additionalProperties: false,
  };
}

const freeTool = (name: string, title: string, description: string, path: string): McpTool => ({
  name,
  title,
  description: `${description} Free.`,
  inputSchema: { type: 'object', properties: {}, additionalProperties: false },
  requestFor: () => path,
  priced: false,
});

/**
 * One tool per priced route (its `tool` declaration), then the free tools: the catalogue, the register
 * dictionary, the closed lists, and a sample of any paid tool.
 */
export function mcpToolsOf(routes: readonly RouteDefinition[]): McpTool[] {
  const priced = routes.filter((r) => r.price > 0 && r.tool);
  const tools: McpTool[] = priced.map((route) => {
    const document = route.contentType && !route.contentType.startsWith('application/json');
    const price =
      `${route.tool!.description} Price: ${priceLabelOf(route, 'en')} per call (${route.keyOnly ? "an API key's credits only" : "USDC or EURC over x402, or an API key's credits"}); ` +
      `${route.freeTier ? 'covered by' : 'not covered by'} an API key's free monthly quota. `;
    return {
      name: route.tool!.name,
      title: route.tool!.title,
      description: document
        ? `${price}Returns the document GET ${route.path} serves (${route.contentType}) as an embedded resource (base64 blob), its signature and provenance in _meta.`
        : `${price}Returns the signed JSON body that ${route.method} ${route.path} serves, starting with its citation.`,
      inputSchema: inputSchemaOf(route),
      ...(route.method === 'POST' ? { method: 'POST' as const } : {}),
      ...(document
        ? { documentType: route.contentType }
        : { outputSchema: { type: 'object' as const, allOf: [envelopeSchema, route.responseSchema] } }),
      requestFor: (args) => (route.method === 'POST' ? route.path : urlOf(route, args)),
      priced: true,
    };
  });
  // A route's other media type (the intelligence report as a PDF) is a tool of its own, answered as a document.
  for (const route of priced) {
    const alternate = route.alternate;
    if (!alternate) continue;
    tools.push({
      name: alternate.tool.name,
      title: alternate.tool.title,
      description:
        `${alternate.tool.description} Price: ${priceLabelOf(route, 'en')} per call (${route.keyOnly ? "an API key's credits only" : "USDC or EURC over x402, or an API key's credits"}); ` +
        `${route.freeTier ? 'covered by' : 'not covered by'} an API key's free monthly quota. ` +
        `Returns the document GET ${route.path} serves with Accept: ${alternate.contentType} as an embedded resource (base64 blob), its signature and provenance in _meta.`,
      inputSchema: inputSchemaOf(route),
      documentType: alternate.contentType,
      requestFor: (args) => urlOf(route, args),
      priced: true,
    });
  }
  tools.push(
    freeTool(
      'get_catalogue',
      'Catalogue of routes and prices',
      'The catalogue of every route as plain text: method, path, price, free-quota flag, description.',
      '/v1/catalogue',
    ),
    freeTool(
      'get_register_dictionary',
      'Register dictionary',
      'The registers the service reads: names, producer, country, licence, mode (local copy or live), freshness threshold and last complete snapshot.',
      '/v1/provenance/registres',
    ),
    freeTool(
      'get_closed_lists',
      'Error codes and outage reasons',
      'The closed lists: every error code with its HTTP status and meaning, the outage reasons (motif_panne), and the fingerprints of the upstream files held.',
      '/v1/lecture',
    ),
    freeTool(
      'get_score_model_card',
      'Risk score model card',
      "The card of the model behind the risk score (the dossier's, KYB's and intelligence report's score block): training and test windows and sizes, test AUC and average precision, observed failure rate per class, features and their weights; an error (modele_score_absent) when the server holds no model.",
      SCORE_MODELE_PATH,
    ),
  );
  const sampled = priced.filter((r) => sampleRequestOf(r) !== null);
  if (sampled.length > 0) {
    tools.push({
      name: 'get_sample',
      title: 'Free sample of a paid tool',
      description:
        'A real, signed answer of a paid tool, produced on the demo data by its real route and never charged: name the tool (e.g. get_french_company). Free.',
      inputSchema: {
        type: 'object',
        properties: { tool: { type: 'string', enum: sampled.map((r) => r.tool!.name) } },
        required: ['tool'],
        additionalProperties: false,
      },
      requestFor: (args) => samplePathOf(sampled.find((r) => r.tool!.name === args.tool) ?? sampled[0]!),
      priced: false,
    });
  }
  return tools;
}
