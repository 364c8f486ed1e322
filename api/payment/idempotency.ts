import type { Knex } from 'knex';
import { formatCredits } from '../../ops/accounts/credits.ts';
import type { Migration } from '../../ops/database/migrations.ts';
import type { SecretBox } from '../../ops/signing/sealedSecret.ts';
import { payerKeyOf } from '../catalogue/route.ts';
import { ApiError, badRequest } from '../errors/apiError.ts';
import type { AppContext, AppMiddleware } from '../state.ts';
import { keptHeadersOf } from './x402Answers.ts';

/** The request header a client names a paid POST request with, so that a retry of it is not paid twice. */
export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
/** Said on an answer sent again for its Idempotency-Key. */
export const REPLAYED_HEADER = 'Idempotent-Replayed';
/** How long a key holds its answer. */
export const IDEMPOTENCY_WINDOW_MS = 24 * 3600 * 1000;
/** A request still marked running after this is taken as dead (its process stopped): its key is free again. */
export const IDEMPOTENCY_STALE_MS = 10 * 60 * 1000;

export const idempotencyMigrations: Migration[] = [
  {
    name: '0310_idempotency_keys',
    async up(knex) {
      await knex.raw(`
        create table idempotency_keys (
          payeur text not null,
          cle text not null,
          empreinte text not null,
          statut text not null check (statut in ('en_cours', 'termine')),
          reponse_scellee text,
          cree_le timestamptz not null,
          primary key (payeur, cle)
        )`);
      await knex.raw('create index idempotency_keys_cree_le on idempotency_keys (cree_le)');
    },
  },
];

/** An answer kept for its key: as it was sent, signature included. */
export interface KeptAnswer {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

export type Claim =
  | { kind: 'claimed' }
  | { kind: 'running' }
  | { kind: 'other_request' }
  | { kind: 'answered'; answer: KeptAnswer };

/**
 * The Idempotency-Keys of the last 24 hours, per payer: the request each named (route and body digest), and
 * once answered its signed answer, sealed (AES-256-GCM under a key derived from the signing key): an answer
 * may name what a client paid to know, and the table is not where it is proven from (the served log is).
 */
export interface IdempotencyStore {
  /** Takes the key for this request, or says what holds it. */
  claim(args: { payer: string; key: string; request: string; now: Date }): Promise<Claim>;
  /** What holds the key, without taking it (`absent`: nothing, or only an expired or stale request). */
  peek(args: { payer: string; key: string; request: string; now: Date }): Promise<Claim | { kind: 'absent' }>;
  complete(args: { payer: string; key: string; answer: KeptAnswer }): Promise<void>;
  /** Frees the key: its request was not answered 2xx (nothing charged), a retry runs again. */
  release(args: { payer: string; key: string }): Promise<void>;
}

export function createIdempotencyStore(knex: Knex, box: SecretBox): IdempotencyStore {
  let prunedAt = 0;
  const holder: IdempotencyStore['peek'] = async ({ payer, key, request, now }) => {
    const row = await knex('idempotency_keys')
      .where({ payeur: payer, cle: key })
      .andWhere('cree_le', '>=', new Date(now.getTime() - IDEMPOTENCY_WINDOW_MS))
      .first<
        { empreinte: string; statut: string; reponse_scellee: string | null; cree_le: Date } | undefined
      >();
    if (!row) return { kind: 'absent' };
    if (row.empreinte !== request) return { kind: 'other_request' };
    if (row.statut === 'en_cours' || !row.reponse_scellee) {
      const stale = new Date(row.cree_le).getTime() < now.getTime() - IDEMPOTENCY_STALE_MS;
      return stale ? { kind: 'absent' } : { kind: 'running' };
    }
    const kept = JSON.parse(box.open(row.reponse_scellee)) as {
      status: number;
      headers: Record<string, string>;
      body: string;
    };
    return {
      kind: 'answered',
      answer: { status: kept.status, headers: kept.headers, body: Buffer.from(kept.body, 'base64') },
    };
  };
  return {
    async claim({ payer, key, request, now }) {
      const expired = new Date(now.getTime() - IDEMPOTENCY_WINDOW_MS);
      const stale = new Date(now.getTime() - IDEMPOTENCY_STALE_MS);
      if (now.getTime() - prunedAt > 60_000) {
        prunedAt = now.getTime();
        await knex('idempotency_keys').where('cree_le', '<', expired).delete();
      }
      await knex('idempotency_keys')
        .where({ payeur: payer, cle: key })
        .andWhere((q) =>
          q
            .where('cree_le', '<', expired)
            .orWhere((r) => r.where('statut', 'en_cours').andWhere('cree_le', '<', stale)),
        )
        .delete();
      const inserted = await knex('idempotency_keys')
        .insert({ payeur: payer, cle: key, empreinte: request, statut: 'en_cours', cree_le: now })
        .onConflict(['payeur', 'cle'])
        .ignore()
        .returning('cle');
      if (inserted.length > 0) return { kind: 'claimed' };
      const held = await holder({ payer, key, request, now });
      // Freed between the two statements: the client retries and finds it free.
      return held.kind === 'absent' ? { kind: 'running' } : held;
    },
    peek: holder,
    async complete({ payer, key, answer }) {
      const sealed = box.seal(
        JSON.stringify({
          status: answer.status,
          headers: answer.headers,
          body: answer.body.toString('base64'),
        }),
      );
      await knex('idempotency_keys')
        .where({ payeur: payer, cle: key })
        .update({ statut: 'termine', reponse_scellee: sealed });
    },
    async release({ payer, key }) {
      await knex('idempotency_keys').where({ payeur: payer, cle: key, statut: 'en_cours' }).delete();
    },
  };
}

const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

/**
 * After payment (the payer known), before the handler: a request carrying an Idempotency-Key takes it, or is
 * answered from it. The same key, payer and request (route and body digest) answered before: its kept answer,
 * signed as it was, `Idempotent-Replayed: true`, and the payment step charges nothing. The same key for another
 * request: 422 `cle_idempotence_reutilisee`. Its first request still running: 409 `requete_en_cours`. Neither
 * refusal is charged (not 2xx).
 */
export function idempotencyGate(store: IdempotencyStore, now: () => Date): AppMiddleware {
  return async function idempotencyGateMiddleware(ctx, next) {
    const key = idempotencyKeyOf(ctx);
    if (!key) return next();
    const payer = ctx.state.payer ? payerKeyOf(ctx.state.payer) : 'aucun';
    const claim = await store.claim({ payer, key, request: requestOf(ctx), now: now() });
    if (held(ctx, claim)) return;
    ctx.state.idempotencyClaim = { key, payer };
    await next();
  };
}

/**
 * Before the quote, for a request paid with one of our API keys: a key already answered for this account is
 * answered again at once, neither priced again (a batch is not read again) nor charged, whatever the balance;
 * the same refusals as the gate's. An x402 payer is known only once its payment is verified: the gate decides.
 */
export function idempotentReplayForKeys(
  store: IdempotencyStore,
  accountOf: (ctx: AppContext) => Promise<string | null>,
  now: () => Date,
): AppMiddleware {
  return async function idempotentReplayForKeysMiddleware(ctx, next) {
    const key = idempotencyKeyOf(ctx);
    if (!key || ctx.get('payment-signature') || ctx.get('x-payment')) return next();
    const account = await accountOf(ctx);
    if (!account) return next();
    const payer = payerKeyOf({ compte: account });
    const found = await store.peek({ payer, key, request: requestOf(ctx), now: now() });
    if (found.kind !== 'absent' && held(ctx, found)) {
      ctx.set('X-Credits-Charged', formatCredits(0));
      return;
    }
    await next();
  };
}

/** The request's Idempotency-Key, checked; null without one. */
function idempotencyKeyOf(ctx: AppContext): string | null {
  const key = ctx.get(IDEMPOTENCY_HEADER);
  if (!key) return null;
  if (!KEY_PATTERN.test(key)) {
    throw badRequest(
      'cle_idempotence_invalide',
      IDEMPOTENCY_HEADER,
      'Idempotency-Key : 1 à 255 caractères ASCII imprimables. / Idempotency-Key: 1 to 255 printable ASCII characters.',
    );
  }
  return key;
}

/** What a key names: the route and the digest of the body. */
const requestOf = (ctx: AppContext) => `${ctx.state.route?.id ?? ctx.path} ${ctx.state.bodyDigest ?? ''}`;

/** Answers a request whose key is held (refused, or replayed); false when the key is this request's. */
function held(ctx: AppContext, claim: Claim): boolean {
  if (claim.kind === 'other_request') {
    throw new ApiError(
      422,
      'cle_idempotence_reutilisee',
      'Cette Idempotency-Key a déjà servi à une autre requête (autre corps ou autre route) ; prenez-en une nouvelle. / This Idempotency-Key was already used for another request (another body or route); use a new one.',
      { champ: IDEMPOTENCY_HEADER },
    );
  }
  if (claim.kind === 'running') {
    throw new ApiError(
      409,
      'requete_en_cours',
      'La première requête de cette Idempotency-Key n’est pas finie ; réessayez après elle. / The first request with this Idempotency-Key has not finished; retry after it.',
      { champ: IDEMPOTENCY_HEADER, headers: { 'Retry-After': '2' } },
    );
  }
  if (claim.kind === 'answered') {
    replayKept(ctx, claim.answer);
    return true;
  }
  return false;
}

function replayKept(ctx: AppContext, answer: KeptAnswer): void {
  ctx.state.idempotentReplay = true;
  // Already signed and in the served log: the signature step leaves it as it is.
  ctx.state.x402Replayed = true;
  ctx.status = answer.status;
  ctx.body = answer.body;
  for (const [name, value] of Object.entries(answer.headers)) ctx.set(name, value);
  ctx.set(REPLAYED_HEADER, 'true');
}

/**
 * Outside the signature: once the answer of a request that took its key is signed, keeps it for the key (2xx),
 * or frees the key (any other end: a refusal, a charge refused, a fault), so that a retry runs again.
 */
export function keepIdempotentAnswers(store: IdempotencyStore): AppMiddleware {
  return async function keepIdempotentAnswersMiddleware(ctx, next) {
    try {
      await next();
    } catch (err) {
      const claim = ctx.state.idempotencyClaim;
      if (claim) await store.release(claim).catch(() => {});
      throw err;
    }
    const claim = ctx.state.idempotencyClaim;
    if (!claim) return;
    if (ctx.status < 200 || ctx.status > 299 || !Buffer.isBuffer(ctx.body)) {
      await store.release(claim);
      return;
    }
    const headers = keptHeadersOf(ctx);
    try {
      await store.complete({ ...claim, answer: { status: ctx.status, headers, body: ctx.body } });
    } catch (err) {
      // The answer was paid and is sent anyway; a retry of this key would run (and be charged) again.
      ctx.state.log?.error({ err: (err as Error).message }, 'idempotent answer not kept');
      await store.release(claim).catch(() => {});
    }
  };
}
