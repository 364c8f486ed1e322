import { ALL_ERROR_CODES, type ErrorCode, type ErrorCodeEntry } from '../errors/errorCodes.ts';
import { PAYMENT_ERROR_CODES } from '../payment/refusals.ts';
import type { RouteDefinition } from './route.ts';

/** Any route: malformed or unexpected parameters, rate limit, and the outages every request can meet. */
const EVERY_ROUTE: readonly ErrorCode[] = [
  'parametre_invalide',
  'parametre_inconnu',
  'trop_de_requetes',
  'base_indisponible',
  'service_en_arret',
  'incident_interne',
];

/** A priced route: the payment step (x402 refusals, the quote itself, a key's balance). */
const PRICED: readonly ErrorCode[] = [
  'paiement_requis',
  'credits_insuffisants',
  ...PAYMENT_ERROR_CODES.map((e) => e.code).filter(
    (c) => c !== 'compte_requis' && c !== 'empreinte_corps_differente',
  ),
];

/** A route with a JSON body: the body's refusals, before payment. */
const WITH_BODY: readonly ErrorCode[] = ['corps_illisible', 'corps_invalide', 'corps_trop_volumineux'];

/** A paid POST route: its quote bound to the body, and its Idempotency-Key. */
const PAID_POST: readonly ErrorCode[] = [
  'empreinte_corps_differente',
  'cle_idempotence_invalide',
  'cle_idempotence_reutilisee',
  'requete_en_cours',
];

const ENTRY = new Map<string, ErrorCodeEntry>(ALL_ERROR_CODES.map((e) => [e.code, e]));

/** The error codes a route may answer, grouped by HTTP status (ascending), each with its meaning. */
export function errorCodesOf(route: RouteDefinition): { status: number; codes: ErrorCodeEntry[] }[] {
  const codes = new Set<ErrorCode>(EVERY_ROUTE);
  if (route.params.some((p) => p.in === 'query' && p.required)) codes.add('parametre_manquant');
  if (route.price > 0) for (const c of PRICED) codes.add(c);
  if (route.keyOnly) codes.add('compte_requis');
  if (route.body) for (const c of WITH_BODY) codes.add(c);
  if (route.price > 0 && route.method === 'POST') for (const c of PAID_POST) codes.add(c);
  // The freshness guard, unless the route answers from the registers that are fresh (freshnessDegrades).
  if (route.registers.length > 0 && route.freshnessDegrades !== true) {
    codes.add('collecte_en_cours');
    codes.add(route.freshness?.code ?? 'photo_perimee');
  }
  for (const c of route.errors ?? []) codes.add(c);
  const byStatus = new Map<number, ErrorCodeEntry[]>();
  for (const code of codes) {
    const entry = ENTRY.get(code);
    if (!entry) throw new Error(`route ${route.id}: error code ${code} is not in the closed list`);
    const list = byStatus.get(entry.statut) ?? [];
    list.push(entry);
    byStatus.set(entry.statut, list);
  }
  return [...byStatus.entries()].sort(([a], [b]) => a - b).map(([status, list]) => ({ status, codes: list }));
}
