import { envelopeSchema, provenanceSchema } from '../../schemas/responses/envelope.ts';
import { errorSchema } from '../../schemas/responses/error.ts';
import { creditsInsuffisantsSchema, paymentRequiredSchema } from '../../schemas/responses/paymentRequired.ts';
import { PRICE_UNITS, priceLabelOf } from '../catalogue/price.ts';
import type { RouteRegistry } from '../catalogue/registry.ts';
import type { JsonSchema, RouteDefinition } from '../catalogue/route.ts';
import { errorCodesOf } from '../catalogue/routeErrors.ts';
import { errorResponseOf } from './errorResponses.ts';
import { serviceDocumentPaths } from './serviceDocuments.ts';

/** The family of the free reading surface: free routes and the free documents beside the registry. */
const FREE_FAMILY = 'Lecture gratuite / Free reading';

/** The security scheme of an API key in `X-Api-Key`: the one a reference shows first. */
export const KEY_SCHEME = 'cleApi';

/** OpenAPI 3.1.0 generated from the route registry and schemas/: never written by hand. */
export function buildOpenApi(
  registry: RouteRegistry,
  opts: { serverUrl: string; examples?: ReadonlyMap<string, unknown> },
): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of registry.routes) {
    paths[route.path] = {
      [route.method === 'POST' ? 'post' : 'get']: operationOf(route, opts.examples?.get(route.id)),
    };
  }
  Object.assign(paths, serviceDocumentPaths(FREE_FAMILY));
  return {
    openapi: '3.1.0',
    info: {
      title: 'Registres API',
      version: '1.0.0',
      description: `Données des registres officiels, payées à l’appel (clé API à crédits, ou x402 USDC/EURC sur eip155:8453), signées Ed25519 (RFC 9421). / Official register data, paid per call, signed.\n\n${PRICE_UNITS.fr}\n\n${PRICE_UNITS.en}`,
    },
    servers: [{ url: opts.serverUrl }],
    tags: [...new Set([...registry.routes.map(familyOf), FREE_FAMILY])].map((name) => ({ name })),
    paths,
    components: {
      schemas: {
        Erreur: errorSchema,
        Enveloppe: envelopeSchema,
        Provenance: provenanceSchema,
        PaiementRequis: paymentRequiredSchema,
        CreditsInsuffisants: creditsInsuffisantsSchema,
      },
      securitySchemes: {
        [KEY_SCHEME]: {
          type: 'apiKey',
          in: 'header',
          name: 'X-Api-Key',
          description: `Clé d’API à crédits prépayés (${PRICE_UNITS.credit}). / API key holding prepaid credits.`,
        },
        bearer: {
          type: 'http',
          scheme: 'bearer',
          description: 'La même clé en `Authorization: Bearer`. / The same key as a bearer token.',
        },
        x402: {
          type: 'apiKey',
          in: 'header',
          name: 'PAYMENT-SIGNATURE',
          description:
            'Paiement x402 v2 par appel : le client paie le devis de `PAYMENT-REQUIRED` (402) et rejoue la requête avec le paiement signé (EIP-3009, USDC ou EURC sur eip155:8453) en base64 JSON dans cet en-tête. / Per-call x402 payment of the 402 quote.',
        },
      },
    },
  };
}

/** The header a paid POST route takes so that a retried request is answered again, not charged again. */
const IDEMPOTENCY_PARAMETER = {
  name: 'Idempotency-Key',
  in: 'header',
  required: false,
  description:
    'Clé choisie par le client (1 à 255 caractères ASCII imprimables), gardée 24 h par payeur : la même clé et le même corps rendent la réponse déjà payée (Idempotent-Replayed: true), sans nouvelle facturation. / A client-chosen key, kept 24 h per payer: the same key and body return the answer already paid for, uncharged.',
  schema: { type: 'string', minLength: 1, maxLength: 255 },
};

/**
 * One operation. `example` is the route's real sample answer (`GET /v1/echantillons/{route}` on this server's
 * data), shown by the reference instead of a placeholder built from the schema.
 */
function operationOf(route: RouteDefinition, example: unknown): Record<string, unknown> {
  const priced = route.price > 0;
  const contentType = route.contentType ?? 'application/json';
  // A priced answer that is not JSON (a filed PDF) has no envelope: its provenance travels in headers.
  const enveloped = priced && contentType.startsWith('application/json');
  const okSchema: JsonSchema = enveloped
    ? { allOf: [{ $ref: '#/components/schemas/Enveloppe' }, route.responseSchema] }
    : route.responseSchema;
  // A second media type of the same answer (the intelligence report as a PDF), chosen by `Accept`.
  const alternate = route.alternate;
  const headers = { ...(route.responseHeaders ?? {}), ...(alternate?.responseHeaders ?? {}) };
  const responses: Record<string, unknown> = {
    '200': {
      description: [
        priced ? 'Réponse signée (Signature-Input, Signature, Content-Digest).' : 'Réponse.',
        ...(alternate ? [`Avec \`Accept: ${alternate.contentType}\` : ${alternate.description}`] : []),
      ].join(' '),
      ...(Object.keys(headers).length > 0 ? { headers } : {}),
      content: {
        [contentType.split(';')[0]!.trim()]: {
          schema: okSchema,
          ...(example === undefined ? {} : { example }),
        },
        ...(alternate ? { [alternate.contentType]: { schema: alternate.schema } } : {}),
      },
    },
  };
  for (const { status, codes } of errorCodesOf(route)) {
    responses[String(status)] = errorResponseOf(status, codes, priced, route.keyOnly === true);
  }
  const description = [route.description, route.tool ? `EN: ${route.tool.description}` : undefined]
    .filter((d) => d !== undefined)
    .join('\n\n');
  return {
    operationId: route.id,
    // French first, as the contract; then the tool's English title.
    summary: route.tool ? `${route.summary} / ${route.tool.title}` : route.summary,
    tags: [familyOf(route)],
    ...(description ? { description } : {}),
    parameters: [
      ...route.params.map((p) => ({
        name: p.name,
        in: p.in,
        required: p.in === 'path' ? true : p.required,
        description: p.description,
        schema: p.schema,
      })),
      ...(priced && route.method === 'POST' ? [IDEMPOTENCY_PARAMETER] : []),
    ],
    ...(route.body
      ? {
          requestBody: {
            required: true,
            description: route.body.description,
            content: { 'application/json': { schema: route.body.schema, example: route.body.example } },
          },
        }
      : {}),
    responses,
    // The key first: a reference (Scalar) builds its examples with the first scheme listed.
    ...(priced ? { security: [{ [KEY_SCHEME]: [] }, { bearer: [] }, { x402: [] }] } : { security: [] }),
    'x-prix': priced ? priceLabelOf(route) : '$0',
    'x-prix-unites-atomiques': route.price,
    'x-quota-gratuit': route.freeTier,
    'x-registres': route.registers,
    ...(route.openApiExtensions ?? {}),
  };
}

/**
 * The family a route is listed under in the document, from its id (`entreprise.profil`, `eu.lv.comptes`):
 * French companies, associations, company lists, the European unified routes, each European register's
 * detail routes, and the free reading surface.
 */
export function familyOf(route: RouteDefinition): string {
  if (route.price === 0) return FREE_FAMILY;
  const [head, second] = route.id.split('.');
  if (head === 'eu') {
    return second && second.length === 2 ? `Europe ${second.toUpperCase()}` : 'Europe';
  }
  if (head === 'association') return 'Associations';
  if (head === 'entreprises') return 'Listes d’entreprises / Company lists';
  return 'Entreprises françaises / French companies';
}
