import { RAISONS_BLOC_ABSENT } from '../../schemas/enums/blocAbsent.ts';
import { RAISONS_AMONT } from '../../schemas/enums/raisonAmont.ts';
import { RAISONS_FACTURATION } from '../../schemas/enums/raisonsFacturation.ts';
import { CLASSES_SCORE, CONFIANCES_SCORE } from '../../schemas/enums/score.ts';
import { SIGNAUX_KYB } from '../../schemas/enums/signauxKyb.ts';
import type { RegisterInfo } from '../../schemas/registerInfo.ts';
import {
  jwksSchema,
  openApiDocumentSchema,
  priceListSchema,
  readingSchema,
  registerDictionarySchema,
  sampleAnswerSchema,
  samplesListSchema,
  textSchema,
} from '../../schemas/responses/reading.ts';
import { type AccountReader, accountRoute } from '../account/accountRoute.ts';
import { priceLabelOf } from '../catalogue/price.ts';
import { priceListOf } from '../catalogue/priceList.ts';
import type { RouteRegistry } from '../catalogue/registry.ts';
import type { RouteDefinition } from '../catalogue/route.ts';
import type { RegisterSnapshotView } from '../catalogue/snapshotReader.ts';
import { textCatalogue } from '../catalogue/textCatalogue.ts';
import { ALL_ERROR_CODES, MOTIFS_PANNE } from '../errors/errorCodes.ts';
import type { SnapshotReader } from '../middleware/freshnessGuard.ts';
import { buildOpenApi } from '../openapi/buildOpenApi.ts';
import { samplePathOf, sampleRequestOf } from '../samples/sampleRequest.ts';
import { lastKnownSnapshots } from './lastKnownSnapshots.ts';

export interface ReadingRoutesDeps {
  registry: () => RouteRegistry;
  registers: readonly RegisterInfo[];
  readSnapshots: SnapshotReader;
  /** Every projection of the service: the dictionary reports what they hold. */
  projectionNames: () => string[];
  jwks: () => Record<string, unknown>;
  serverUrl: string;
  /** The priced routes: each has a free sample. */
  priced: readonly RouteDefinition[];
  /** Each priced route's real sample answer by route id, shown as its example in the OpenAPI document. */
  sampleExamples?: (routes: readonly RouteDefinition[]) => Promise<ReadonlyMap<string, unknown>>;
  /** With payment: GET /v1/compte reads the key's account. */
  account?: AccountReader;
  /** False while the database has not been reached: the snapshot facts are then the last known. */
  databaseReady?: () => boolean;
  now?: () => Date;
}

const free = {
  price: 0,
  freeTier: false,
  projections: [] as string[],
  registers: [] as string[],
  params: [],
};

/** The free reading surface: register dictionary, closed lists, OpenAPI, text catalogue, public keys. */
export function readingRoutes(deps: ReadingRoutesDeps): RouteDefinition[] {
  return [
    ...snapshotFactRoutes(deps),
    ...documentRoutes(deps),
    ...sampleRoutes(deps.priced),
    ...(deps.account ? [accountRoute(deps.account)] : []),
  ];
}

/**
 * The register dictionary and the closed lists. They answer without the database: their snapshot facts are
 * then the last ones this process read, and say so in `photos`.
 */
function snapshotFactRoutes(deps: ReadingRoutesDeps): RouteDefinition[] {
  const facts = lastKnownSnapshots(deps.readSnapshots, {
    ...(deps.databaseReady ? { databaseReady: deps.databaseReady } : {}),
    ...(deps.now ? { now: deps.now } : {}),
  });
  const snapshots = () =>
    facts({ projections: deps.projectionNames(), registers: deps.registers.map((r) => r.code) });

  return [
    {
      ...free,
      id: 'provenance.registres',
      method: 'GET',
      path: '/v1/provenance/registres',
      summary:
        'Dictionnaire des registres : nom court, licence, mode, seuil de fraîcheur, dernière photo (la dernière connue quand la base est injoignable).',
      responseSchema: registerDictionarySchema,
      async handler(ctx) {
        const { views, photos } = await snapshots();
        if (photos.etat !== 'a_jour') ctx.state.lastKnownFacts = true;
        return {
          body: {
            photos,
            registres: deps.registers.map((r) =>
              dictionaryEntry(
                r,
                views.find((v) => v.register === r.code),
              ),
            ),
          },
        };
      },
    },
    {
      ...free,
      id: 'lecture',
      method: 'GET',
      path: '/v1/lecture',
      summary:
        'Listes fermées : codes d’erreur, motifs de panne, raisons des blocs absents, raisons d’un registre amont indisponible, signaux KYB, classes et confiances du score, empreintes des fichiers amont chargés (les dernières connues quand la base est injoignable).',
      responseSchema: readingSchema,
      async handler(ctx) {
        const { views, photos } = await snapshots();
        if (photos.etat !== 'a_jour') ctx.state.lastKnownFacts = true;
        return {
          body: {
            codes_erreur: ALL_ERROR_CODES,
            motif_panne: MOTIFS_PANNE,
            raisons_bloc_absent: RAISONS_BLOC_ABSENT,
            raisons_amont: RAISONS_AMONT,
            signaux_kyb: SIGNAUX_KYB,
            classes_score: CLASSES_SCORE,
            confiances_score: CONFIANCES_SCORE,
            raisons_facturation: RAISONS_FACTURATION,
            photos,
            empreintes_amont: views
              .filter((v) => v.current)
              .map((v) => ({
                registre: v.register,
                version: v.current!.version,
                date_photo: v.current!.snapshotDate,
                empreinte_sha256: v.current!.sha256,
                completee_le: v.current!.completedAt,
              })),
          },
        };
      },
    },
  ];
}

/** The documents generated from the route registry (OpenAPI, catalogues) and the public keys. */
function documentRoutes(deps: ReadingRoutesDeps): RouteDefinition[] {
  return [
    {
      ...free,
      id: 'openapi',
      method: 'GET',
      path: '/openapi.json',
      summary: 'Description OpenAPI 3.1.0 de toutes les routes, générée du registre des routes.',
      responseSchema: openApiDocumentSchema,
      async handler() {
        const registry = deps.registry();
        const examples = await deps.sampleExamples?.(registry.routes);
        return {
          body: buildOpenApi(registry, { serverUrl: deps.serverUrl, ...(examples ? { examples } : {}) }),
        };
      },
    },
    {
      ...free,
      id: 'catalogue',
      method: 'GET',
      path: '/v1/catalogue',
      summary:
        'Catalogue en texte : une ligne par route (méthode, chemin, prix, quota gratuit, description).',
      contentType: 'text/plain; charset=utf-8',
      responseSchema: textSchema,
      async handler() {
        return { body: { text: textCatalogue(deps.registry()) } };
      },
    },
    {
      ...free,
      id: 'catalogue.json',
      method: 'GET',
      path: '/v1/catalogue.json',
      summary:
        'Catalogue en JSON : ce que vaut un prix (1 crédit = 1 EUR ; en x402, le même nombre en USDC ou en EURC), puis chaque route payante avec son prix.',
      responseSchema: priceListSchema,
      async handler() {
        return { body: priceListOf(deps.registry()) };
      },
    },
    {
      ...free,
      id: 'jwks',
      method: 'GET',
      path: '/.well-known/jwks.json',
      summary: 'Clés publiques Ed25519 (JWK OKP) qui signent les réponses payantes.',
      responseSchema: jwksSchema,
      async handler() {
        return { body: deps.jwks() };
      },
    },
  ];
}

/** One register of the dictionary: what its manifest says, its last published pass, and one under way. */
function dictionaryEntry(r: RegisterInfo, view: RegisterSnapshotView | undefined) {
  return {
    code: r.code,
    nom_court: r.nomCourt,
    nom_complet: r.nomComplet,
    producteur: r.producteur,
    pays: r.pays,
    licence: r.licence,
    licence_url: r.licenceUrl,
    mode: r.mode,
    seuil_fraicheur_jours: r.seuilFraicheurJours,
    source_url: r.sourceUrl,
    derniere_photo: view?.current
      ? {
          version: view.current.version,
          date_photo: view.current.snapshotDate,
          empreinte_sha256: r.photoComplete ? view.current.sha256 : null,
          completee_le: view.current.completedAt,
        }
      : null,
    collecte_en_cours: view?.pending
      ? { version: view.pending.version, depuis: view.pending.startedAt }
      : null,
  };
}

/** The samples surface: the list, and one real answer of each priced route (served by the app, see app.ts). */
function sampleRoutes(priced: readonly RouteDefinition[]): RouteDefinition[] {
  const sampled = priced.flatMap((route) => {
    const request = sampleRequestOf(route);
    return request ? [{ route, request }] : [];
  });
  const list: RouteDefinition = {
    ...free,
    id: 'echantillons',
    method: 'GET',
    path: '/v1/echantillons',
    summary: 'Échantillons gratuits : une réponse réelle et signée de chaque route payante.',
    responseSchema: samplesListSchema,
    async handler() {
      return {
        body: {
          nombre_echantillons: sampled.length,
          echantillons: sampled.map(({ route, request }) => ({
            route: route.id,
            resume: route.summary,
            echantillon: samplePathOf(route),
            requete: request.url,
            prix: priceLabelOf(route),
          })),
        },
      };
    },
  };
  if (sampled.length === 0) return [list];
  return [
    list,
    {
      ...free,
      id: 'echantillon',
      method: 'GET',
      path: '/v1/echantillons/{route}',
      summary:
        'Échantillon d’une route payante : sa réponse réelle et signée sur les données de démonstration, jamais facturée.',
      params: [
        {
          name: 'route',
          in: 'path',
          required: true,
          description: 'Identifiant de la route (GET /v1/echantillons). / Route id.',
          schema: {
            type: 'string',
            enum: sampled.map(({ route }) => route.id),
            examples: ['entreprise.profil'],
          },
        },
      ],
      responseSchema: sampleAnswerSchema,
      async handler() {
        // Every valid id is answered by the sampled route's own chain, registered before this one (app.ts).
        throw new Error('sample route reached without its chain');
      },
    },
  ];
}
