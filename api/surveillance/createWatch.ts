import { randomBytes, randomUUID } from 'node:crypto';
import net from 'node:net';
import type { EventStore } from '../../ops/eventstore/port.ts';
import type { SecretBox } from '../../ops/signing/sealedSecret.ts';
import { type AddressPolicy, refusedAddress } from '../../ops/webhooks/publicAddress.ts';
import { FR_BODACC_REGISTER } from '../../schemas/events/frBodaccEvents.ts';
import { FR_SIRENE_REGISTER } from '../../schemas/events/frSireneEvents.ts';
import {
  WATCH_CREATED,
  WATCH_DURATIONS,
  type WatchCreatedData,
  type WatchDays,
  type WatchedEntity,
  type WatchOwner,
  watchStreamOf,
} from '../../schemas/events/watchEvents.ts';
import { checkSiren } from '../../schemas/params/siren.ts';
import { ApiError, badRequest } from '../errors/apiError.ts';
import { FRANCE, type WatchableCountry } from './watchableCountries.ts';
import { watchQuote } from './watchPrice.ts';

/** Entities one watch may hold (after de-duplication). */
export const MAX_WATCHED_ENTITIES = 1000;
const MAX_URL_LENGTH = 2048;
/** The French registers whose events name a SIREN: Sirene's units and establishments, BODACC's notices. */
const FRENCH_REGISTERS = [FR_SIRENE_REGISTER, FR_BODACC_REGISTER];

/** What a client asks for (the POST body, already parsed as JSON). */
export interface WatchRequest {
  /** A SIREN (string) or `{pays, id}`; `{pays: 'FR', id: <SIREN>}` is a SIREN too. */
  entites: unknown;
  jours: unknown;
  webhook_url?: unknown;
}

/** A request validated: its distinct entities, duration, webhook and quote. Nothing recorded yet. */
export interface PreparedWatch {
  entities: WatchedEntity[];
  days: WatchDays;
  webhookUrl: string | null;
  /** Price units (1e-6 USD): what the 402 quotes, what the payment must cover. */
  pricePerEntity: number;
  price: number;
}

export interface WatchRules {
  countries: readonly WatchableCountry[];
  /** `public` (production): a webhook URL must be https and not name a refused address; `any`: tests. */
  addressPolicy: AddressPolicy;
}

const invalid = (champ: string, message: string) => badRequest('parametre_invalide', champ, message);

/**
 * Validates a watch request: entities (a Luhn-valid SIREN; a European `{pays, id}` where a register of that
 * country records changes, its identifier as that register writes it), de-duplicated; 30, 90 or 365 days; an
 * optional webhook URL. Throws the 400 (`{error, champ, message}`); returns the quote.
 */
export function prepareWatch(request: WatchRequest, rules: WatchRules): PreparedWatch {
  const days = Number(request.jours);
  if (!(WATCH_DURATIONS as readonly number[]).includes(days) || typeof request.jours !== 'number')
    throw invalid('jours', 'Durée attendue : 30, 90 ou 365 (jours). / Duration: 30, 90 or 365 days.');
  if (!Array.isArray(request.entites) || request.entites.length === 0)
    throw invalid(
      'entites',
      'Liste d’entités attendue : des SIREN, ou {pays, id}. / A list of entities: SIRENs or {pays, id}.',
    );
  const seen = new Map<string, WatchedEntity>();
  request.entites.forEach((raw, i) => {
    const entity = readEntity(raw, `entites[${i}]`, rules.countries);
    seen.set(`${entity.pays}|${entity.id}`, entity);
  });
  if (seen.size > MAX_WATCHED_ENTITIES)
    throw invalid(
      'entites',
      `Au plus ${MAX_WATCHED_ENTITIES} entités par surveillance. / At most ${MAX_WATCHED_ENTITIES} entities per watch.`,
    );
  const webhookUrl = readWebhookUrl(request.webhook_url, rules.addressPolicy);
  const entities = [...seen.values()];
  const quote = watchQuote(days as WatchDays, entities.length);
  return {
    entities,
    days: days as WatchDays,
    webhookUrl,
    pricePerEntity: quote.perEntity,
    price: quote.total,
  };
}

function readEntity(raw: unknown, champ: string, countries: readonly WatchableCountry[]): WatchedEntity {
  const given =
    typeof raw === 'string'
      ? { pays: FRANCE, id: raw }
      : raw && typeof raw === 'object' && !Array.isArray(raw)
        ? (raw as { pays?: unknown; id?: unknown })
        : null;
  if (!given || typeof given.pays !== 'string' || typeof given.id !== 'string')
    throw invalid(champ, 'Entité attendue : un SIREN, ou {pays, id}. / Entity: a SIREN, or {pays, id}.');
  const pays = given.pays.toUpperCase();
  const id = given.id.trim();
  if (pays === FRANCE) {
    const refused = checkSiren(id);
    if (refused) throw invalid(champ, refused);
    return { pays, id, registres: FRENCH_REGISTERS };
  }
  const country = countries.find((c) => c.pays === pays);
  if (!country)
    throw badRequest(
      'pays_non_couvert',
      champ,
      `Aucun registre de ${pays} n’enregistre de changements : ${['FR', ...countries.map((c) => c.pays)].join(', ')}. / No register of ${pays} records changes.`,
    );
  if (!country.idPattern.test(id) || (country.idCheck && !country.idCheck(id)))
    throw invalid(champ, `${country.idDescription}`);
  return { pays, id: country.canonicalId ? country.canonicalId(id) : id, registres: country.registres };
}

function readWebhookUrl(raw: unknown, policy: AddressPolicy): string | null {
  if (raw === undefined || raw === null) return null;
  const refuse = (why: string) =>
    invalid('webhook_url', `Adresse de webhook refusée : ${why}. / Webhook URL refused: ${why}.`);
  if (typeof raw !== 'string' || raw.length > MAX_URL_LENGTH)
    throw refuse('une URL https de 2048 caractères au plus');
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw refuse('URL illisible');
  }
  if (url.username || url.password) throw refuse('identifiants dans l’URL');
  if (url.protocol !== 'https:' && !(policy === 'any' && url.protocol === 'http:'))
    throw refuse('https seulement');
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (policy === 'public' && net.isIP(host) && refusedAddress(host))
    throw refuse(`${host} n’est pas publique`);
  if (policy === 'public' && /^localhost$|\.localhost$/i.test(host))
    throw refuse(`${host} n’est pas publique`);
  return url.toString();
}

/** A watch as its creation answers it (the secret shown once). */
export interface CreatedWatch {
  surveillance: string;
  entites: { pays: string; id: string }[];
  jours: WatchDays;
  cree_le: string;
  fin: string;
  prix: { par_entite: number; total: number };
  webhook_url: string | null;
  /** Shown once: the HMAC key of its webhooks. */
  secret: string;
}

const DAY_MS = 86_400_000;

/**
 * Records a prepared watch for its owner (after payment): a random id and a random 32-byte secret, the
 * secret sealed in the `WatchCreated` event (see sealedSecret.ts). Returns the answer, secret included: the
 * only time it is shown.
 */
export async function recordWatch(
  prepared: PreparedWatch,
  owner: WatchOwner,
  now: Date,
  deps: { store: EventStore; secrets: SecretBox },
): Promise<CreatedWatch> {
  const watchId = randomUUID();
  const secret = randomBytes(32).toString('base64url');
  const endsAt = new Date(now.getTime() + prepared.days * DAY_MS);
  const data: WatchCreatedData = {
    watchId,
    owner: 'payeur' in owner ? { payeur: owner.payeur.toLowerCase() } : owner,
    entities: prepared.entities,
    days: prepared.days,
    createdAt: now.toISOString(),
    endsAt: endsAt.toISOString(),
    pricePerEntity: prepared.pricePerEntity,
    price: prepared.price,
    webhookUrl: prepared.webhookUrl,
    secretSealed: deps.secrets.seal(secret),
  };
  const appended = await deps.store.append(
    watchStreamOf(watchId),
    [{ type: WATCH_CREATED, data }],
    'no_stream',
  );
  if (!appended.ok)
    throw new ApiError(
      503,
      'base_indisponible',
      'La surveillance n’a pu être inscrite. / The watch could not be recorded.',
    );
  return {
    surveillance: watchId,
    entites: prepared.entities.map(({ pays, id }) => ({ pays, id })),
    jours: prepared.days,
    cree_le: data.createdAt,
    fin: data.endsAt,
    prix: { par_entite: prepared.pricePerEntity, total: prepared.price },
    webhook_url: prepared.webhookUrl,
    secret,
  };
}

/** `createWatch({owner, entities, days, webhookUrl?}, now)`: validation, quote and record in one call. */
export async function createWatch(
  input: { owner: WatchOwner; entities: unknown; days: unknown; webhookUrl?: unknown },
  now: Date,
  deps: { store: EventStore; secrets: SecretBox; rules: WatchRules },
): Promise<CreatedWatch> {
  const prepared = prepareWatch(
    { entites: input.entities, jours: input.days, webhook_url: input.webhookUrl },
    deps.rules,
  );
  return recordWatch(prepared, input.owner, now, deps);
}
