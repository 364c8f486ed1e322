import { monthOf } from '../../ops/accounts/accountEvents.ts';
import { type AccountState, balanceOf, freeCallsUsed } from '../../ops/accounts/accountState.ts';
import { formatCredits } from '../../ops/accounts/credits.ts';
import { accountSchema } from '../../schemas/responses/account.ts';
import type { RouteDefinition } from '../catalogue/route.ts';
import { ApiError } from '../errors/apiError.ts';
import { presentedKeys } from '../payment/presentedKeys.ts';

/** What the account route reads: the key's account, and that account's state. */
export interface AccountReader {
  /** The account of an issued key, or null. */
  accountOf(key: string): Promise<string | null>;
  load(accountId: string): Promise<AccountState | null>;
  freeCallsPerMonth: number;
  accountUrl: string;
  now?: () => Date;
}

const keyRequired = () =>
  new ApiError(
    401,
    'cle_requise',
    'Clé d’API absente ou inconnue : X-Api-Key ou Authorization: Bearer. / API key missing or unknown.',
    { headers: { 'WWW-Authenticate': 'Bearer realm="registres"' } },
  );

/**
 * `GET /v1/compte`: the account of the key presented, as JSON: balance and lots by expiry, free calls used
 * this month. Only that key's account: an unknown key is refused like a missing one, and nothing tells
 * whether another account exists. Free: it reads the caller's own facts.
 */
export function accountRoute(reader: AccountReader): RouteDefinition {
  return {
    id: 'compte',
    method: 'GET',
    path: '/v1/compte',
    summary:
      'Le compte de la clé présentée : solde, lots de crédits par échéance, appels gratuits du mois. / The account of the key presented.',
    params: [],
    price: 0,
    freeTier: false,
    errors: ['cle_requise'],
    registers: [],
    projections: [],
    responseSchema: accountSchema,
    async handler(ctx) {
      let accountId: string | null = null;
      for (const key of presentedKeys(ctx)) {
        accountId = await reader.accountOf(key);
        if (accountId) break;
      }
      const state = accountId ? await reader.load(accountId) : null;
      if (!state) throw keyRequired();
      // The caller's own facts, asked with a key: a shared cache must never keep them (RFC 9111 §3.5 lets
      // one store an authorised answer marked public).
      ctx.set('Cache-Control', 'private, no-store');
      const now = (reader.now ?? (() => new Date()))();
      const month = monthOf(now);
      const lots = [...state.lots].sort((a, b) => Date.parse(a.expiresAt) - Date.parse(b.expiresAt));
      const balance = balanceOf(state, now);
      return {
        body: {
          compte: state.accountId,
          solde: { credits: formatCredits(balance), unites_atomiques: balance },
          lots: lots.map((lot) => ({
            lot: lot.lotId,
            montant: formatCredits(lot.amount),
            restant: formatCredits(lot.remaining),
            achete_le: lot.purchasedAt,
            expire_le: lot.expiresAt,
            expire: Date.parse(lot.expiresAt) <= now.getTime(),
          })),
          appels_gratuits: {
            mois: month,
            utilises: freeCallsUsed(state, month),
            par_mois: reader.freeCallsPerMonth,
          },
          compte_url: reader.accountUrl,
        },
      };
    },
  };
}
