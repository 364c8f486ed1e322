import type { Knex } from 'knex';
import type { BudgetedPools } from '../../ops/database/budgetedPools.ts';
import type { Logger } from '../../ops/logger.ts';
import type { EuLiveReader } from '../../schemas/europe/euLiveRegister.ts';
import type { SireneApiSearch } from '../../schemas/events/frSireneApiEvents.ts';
import type { JsonSchema, ParamDefinition } from '../../schemas/jsonSchema.ts';
import type { FrenchLiveReaders } from '../../schemas/live/frenchLiveReaders.ts';
import type { RegisterInfo } from '../../schemas/registerInfo.ts';
import type { ApiError } from '../errors/apiError.ts';
import type { ErrorCode, MotifPanne } from '../errors/errorCodes.ts';
import type { ScoreModelSource } from '../routes/score/scoreModelSource.ts';
import type { SnapshotReader } from './snapshotReader.ts';

// The two types every schema builds on live in schemas/ (below api/); re-exported for the route modules.
export type { JsonSchema, ParamDefinition } from '../../schemas/jsonSchema.ts';

/**
 * What a handler reads of the request's state, set by the middleware before it (api/state.ts: the whole
 * state, which adds what the middleware alone uses).
 */
export interface RouteState {
  log: Logger;
  /** Validated parameters (path and query), coerced to their schema types. */
  params?: Record<string, unknown>;
  /** Provenance gathered for the envelope by the freshness guard. */
  provenance?: ProvenanceEntry[];
  /** Registers the freshness guard set aside for a route that degrades instead of refusing. */
  registresMuets?: MutedRegister[];
  /** The answer a route with a per-request price prepared to quote it (`perRequestPrice`): what it serves. */
  prepared?: HandlerResult;
  /** A free document answers with the last snapshot facts known (the database unreachable): not to be cached. */
  lastKnownFacts?: boolean;
  /** A POST route's JSON body, parsed and checked against its `body.schema` (api/middleware/readBody.ts). */
  body?: unknown;
  /** SHA-256 of the body's exact bytes, lowercase hex: what an x402 quote of a POST route is bound to. */
  bodyDigest?: string;
  /**
   * Who pays this request, once the payment step has identified it: the account of an API key, or the x402
   * payer's address (lowercase). Absent on a free route, or on a service without payment.
   */
  payer?: Payer;
  /**
   * Steps to run if the answer is finally not charged (a commit refused, a settlement failed, the client gone):
   * what a handler wrote that must not outlive an unpaid answer (a watch created: withdrawn).
   */
  undoIfUncharged?: (() => Promise<void>)[];
}

/** Who pays a request: an account (API key) or an x402 payer's address. */
export type Payer = { compte: string } | { payeur: string };

/** `compte:<id>` or `payeur:<address>`: one string per payer (idempotency keys are scoped by it). */
export const payerKeyOf = (payer: Payer): string =>
  'compte' in payer ? `compte:${payer.compte}` : `payeur:${payer.payeur.toLowerCase()}`;

/** The request as a handler sees it: its state and the response headers it may set. */
export interface RouteContext {
  state: RouteState;
  /** A request header (empty when absent). */
  get(field: string): string;
  set(field: string, value: string): void;
}

export interface MutedRegister {
  registre: string;
  /** A `motif_panne` code (api/errors/errorCodes.ts). */
  motif: MotifPanne;
}

export interface ProvenanceEntry {
  registre: string;
  version: string;
  empreinte_sha256?: string;
  date_photo?: string;
  /** A live register: when the answer served was read (its `LiveRecordObserved`), and what was asked. */
  consulte_le?: string;
  url?: string;
}

/** How stale a local copy may be before the route refuses to sell it. */
export interface FreshnessRule {
  /**
   * Maximum age in days of the snapshot date, measured when the request is served. Absent: the register
   * dictionary's threshold (`seuilFraicheurJours`) of each register read.
   */
  maxAgeDays?: number;
  /** The 503 code the spec gives this case. */
  code: 'photo_perimee' | 'stock_perime';
}

export interface HandlerResult {
  status?: number;
  body: Record<string, unknown>;
  /** Provenance the handler adds to what the freshness guard gathered (live sources, extra files). */
  provenance?: ProvenanceEntry[];
  /** Overrides the freshness statement derived from provenance (live queries). */
  dataFreshness?: string;
}

/** Registers queried live at request time, each null when not configured. */
export interface LiveSources {
  /** INSEE's API Sirene: the search's fallback when an index stage is abandoned. */
  sireneSearch: SireneApiSearch | null;
  /** The European registers queried live, by register code (`cz.ares`): absent when not configured. */
  europe: ReadonlyMap<string, EuLiveReader>;
  /**
   * The French routes' live sources (the INPI's RNE for the profile's `dirigeants`, …), by register code: a
   * register absent when this server has no credentials for it.
   */
  french: Partial<FrenchLiveReaders>;
  /** The live registers this server has no access to (credentials not configured): shown in /health. */
  notConfigured?: readonly string[];
}

export const NO_LIVE_SOURCES: LiveSources = { sireneSearch: null, europe: new Map(), french: {} };

export interface HandlerDeps {
  knex: Knex;
  /** Pools whose sessions carry a statement budget, for reads that must end within one (lists). */
  budgeted: BudgetedPools;
  live: LiveSources;
  /** The register dictionary the app was composed with (citations, licences, countries). */
  registers: readonly RegisterInfo[];
  /** The service's clock: what a handler measures a local copy's age against (the freshness guard's). */
  now?: () => Date;
  /**
   * The service's snapshot-state reader (cached between snapshot changes), for handlers that check a local
   * copy per block (the profile's members); unset: they read the states from `knex`.
   */
  readSnapshots?: SnapshotReader;
  /** The risk score's model (the dossier's and the KYB's `score` block); unset: no model, the block is absent. */
  scoreModel?: ScoreModelSource;
}

/** A price computed per request from the answer it prepares (RouteDefinition.perRequestPrice). */
export interface PerRequestPrice {
  /** How the price lists word it: `fr` (catalogue, OpenAPI, samples), `en` (MCP tools). */
  label: { fr: string; en: string };
  quote(ctx: RouteContext, deps: HandlerDeps): Promise<number>;
}

/**
 * One entry of the route registry: the single source of truth for routing, validation, price, freshness,
 * OpenAPI, the catalogue and the MCP tools.
 */
export interface RouteDefinition {
  /** Stable identifier, e.g. `entreprise.profil`. */
  id: string;
  /**
   * Its MCP tool (api/mcp/): a snake_case English verb + object an agent understands, and what the answer
   * holds, in English (the price and free-quota status are added). Every priced route has one (a test).
   */
  tool?: {
    name: string;
    /** A short English title (the MCP tool's `title`, and the English half of the OpenAPI summary). */
    title: string;
    description: string;
  };
  /** GET, or POST for a route that takes a JSON body (`body`). */
  method: 'GET' | 'POST';
  /** A POST route's JSON body: its schema (checked before payment), its OpenAPI description and example. */
  body?: RouteBody;
  /** OpenAPI-style path with `{param}` placeholders. */
  path: string;
  summary: string;
  description?: string;
  params: ParamDefinition[];
  /**
   * A check across parameters, run with the others before payment (e.g. an identifier whose format depends
   * on the country): returns the refusal, or null.
   */
  paramsCheck?: (
    params: Record<string, unknown>,
  ) => { error: ErrorCode; champ: string; message: string } | null;
  /** Price in atomic units of a 6-decimal token ($0.005 = 5000). 0 means a free route. */
  price: number;
  /**
   * A price that depends on the request (the dossier: a base plus each block served, capped). After
   * validation and the freshness guard, before payment, `quote` prepares the whole answer, keeps it in
   * `ctx.state.prepared` (the handler serves it) and returns its exact price in atomic units, which the 402
   * quote, the x402 verification and the credits charged use instead of `price`; `price` is then the lowest
   * price, and the price lists show `label`.
   */
  perRequestPrice?: PerRequestPrice;
  /** Whether the monthly free quota of a key-holding account covers this route. */
  freeTier: boolean;
  /** Register codes this route reads (see the register dictionary). */
  registers: string[];
  /** Projections whose state (snapshot, lag) stands behind the answer. */
  projections: string[];
  freshness?: FreshnessRule;
  /**
   * The registers one request reads, among `registers` (e.g. the country of a European profile). Absent:
   * all of them. The freshness guard checks only these.
   */
  registersFor?: (params: Record<string, unknown>) => string[];
  /**
   * A register that is not fresh (no completed pass, snapshot too old) does not refuse the request: the
   * guard lists it in `ctx.state.registresMuets` and the handler answers from the others (European search).
   * `true`: every register of the route; a list: those registers only, the others refuse as usual (the
   * dossier: its blocks' registers degrade, Sirene, which names the company, refuses).
   */
  freshnessDegrades?: boolean | readonly string[];
  /** Schema of the 2xx body (the envelope members are added by the generator for priced routes). */
  responseSchema: JsonSchema;
  /** Registry filings: paid by API key only; x402 alone is answered 402 `compte_requis`. */
  keyOnly?: boolean;
  /**
   * The query parameters of its free sample (GET /v1/echantillons/{id}) beyond the required ones, which come
   * from each parameter's first `examples` value: those are values the demo data answers.
   */
  sampleQuery?: Record<string, string>;
  /**
   * A route that answers non-JSON: a free one text (the catalogue is text/plain), a priced one bytes (a filed
   * PDF, `application/pdf`: its handler returns `body.bytes`, signed as they are, with no envelope).
   */
  contentType?: string;
  /**
   * A second representation of a priced JSON answer, served when the request's `Accept` prefers it (JSON stays
   * the default): rendered from the enveloped JSON (citation and provenance included), its bytes signed as
   * they are sent, at the same price. The intelligence report as a PDF.
   */
  alternate?: RouteAlternate;
  /** The headers of its 2xx answer (OpenAPI `headers`): a PDF's provenance. */
  responseHeaders?: Record<string, { description: string; schema: JsonSchema }>;
  /**
   * How the route words the validator's own refusals (`parametre_inconnu`, `parametre_invalide`,
   * `parametre_manquant`), for routes whose contract gives refusals more members or other codes.
   * Default: `badRequest` → `{error, champ, message}`.
   */
  refusal?: (code: string, champ: string, message: string) => ApiError;
  /**
   * The codes its handler (or `paramsCheck`, or `refusal`) may answer, beyond those every route of its kind
   * answers (validation, payment, freshness, outages: api/catalogue/routeErrors.ts). The OpenAPI document
   * lists them per status, and the e2e suite refuses an error answer whose code is not listed.
   */
  errors?: readonly ErrorCode[];
  /** Extra members of the route's OpenAPI operation (`x-...`), e.g. a catalogue the route documents. */
  openApiExtensions?: Record<string, unknown>;
  handler(ctx: RouteContext, deps: HandlerDeps): Promise<HandlerResult>;
}

/** The JSON body of a POST route. */
export interface RouteBody {
  schema: JsonSchema;
  description: string;
  /** A body the demo data answers: the OpenAPI example and the MCP tool's illustration. */
  example: Record<string, unknown>;
  /** Bytes the body may have; over it, 413 `corps_trop_volumineux`. Default: 64 KiB. */
  maxBytes?: number;
  /** Whether its free sample answers `example` (a route that reads); a route that writes has none. */
  sample?: boolean;
}

/** Another media type of a route's answer (RouteDefinition.alternate). */
export interface RouteAlternate {
  /** The media type asked in `Accept` and sent as `Content-Type` (`application/pdf`). */
  contentType: string;
  /** What the OpenAPI document says of it, and its schema there. */
  description: string;
  schema: JsonSchema;
  /** The headers sent with it (OpenAPI `headers`): its provenance, since it has no envelope. */
  responseHeaders: Record<string, { description: string; schema: JsonSchema }>;
  /** Its own MCP tool, which returns it as an embedded resource. */
  tool: { name: string; title: string; description: string };
  /** The bytes and headers from the enveloped JSON answer; the same JSON gives the same bytes. */
  render(answer: Record<string, unknown>): Promise<{ bytes: Buffer; headers: Record<string, string> }>;
}

export function isPriced(route: RouteDefinition): boolean {
  return route.price > 0;
}
