import type { Knex } from 'knex';
import type { Migration } from '../../ops/database/migrations.ts';
import type { AppContext, AppMiddleware } from '../state.ts';
import type { NonceKey } from './nonceKey.ts';

/** How long a settled x402 answer can be fetched again with the same payment (X402_REPLAY_WINDOW_HOURS). */
export const DEFAULT_REPLAY_WINDOW_SECONDS = 24 * 3600;

/** The response headers that make a signed answer what it is, kept with its bytes. */
const KEPT_HEADERS = ['Content-Type', 'Content-Digest', 'Signature-Input', 'Signature', 'PAYMENT-RESPONSE'];

/** The headers of a signed answer that are kept with its bytes, to send it again exactly (x402, Idempotency-Key). */
export function keptHeadersOf(ctx: AppContext): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const name of KEPT_HEADERS) {
    const value = ctx.response.get(name);
    if (value) headers[name] = String(value);
  }
  return headers;
}

/** A settled x402 answer exactly as it was sent: the request it answered, its status, headers and bytes. */
export interface SettledAnswer {
  method: string;
  path: string;
  query: string;
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

/**
 * The answers paid by x402, kept for the replay window: a client that lost its connection after its payment
 * was settled sends the same payment again and receives the same signed answer, byte for byte, without a
 * second settlement. Keyed like the nonces (token, payer, EIP-3009 nonce).
 */
export interface X402AnswerStore {
  keep(key: NonceKey, answer: SettledAnswer): Promise<void>;
  /** The answer a payment bought, if it was kept less than `windowSeconds` ago. */
  find(key: NonceKey, windowSeconds: number): Promise<SettledAnswer | null>;
}

export const x402AnswerMigrations: Migration[] = [
  {
    name: '0301_payment_x402_answers',
    async up(knex) {
      await knex.raw(`
        create table x402_answers (
          asset text not null,
          payer text not null,
          nonce text not null,
          method text not null,
          path text not null,
          query text not null,
          status integer not null,
          headers jsonb not null,
          body bytea not null,
          kept_at timestamptz not null default now(),
          primary key (asset, payer, nonce)
        )`);
      await knex.raw('create index x402_answers_kept_at on x402_answers (kept_at)');
    },
  },
];

const norm = (k: NonceKey) => [k.asset.toLowerCase(), k.payer.toLowerCase(), k.nonce.toLowerCase()];

export function createX402AnswerStore(knex: Knex, opts: { windowSeconds: number }): X402AnswerStore {
  let prunedAt = 0;
  return {
    async keep(key, answer) {
      await knex.raw(
        `insert into x402_answers (asset, payer, nonce, method, path, query, status, headers, body)
         values (?, ?, ?, ?, ?, ?, ?, ?::jsonb, ?) on conflict do nothing`,
        [
          ...norm(key),
          answer.method,
          answer.path,
          answer.query,
          answer.status,
          JSON.stringify(answer.headers),
          answer.body,
        ],
      );
      // Answers past the window are of no use: dropped at most once a minute, by whichever call comes.
      if (Date.now() - prunedAt > 60_000) {
        prunedAt = Date.now();
        await knex.raw(`delete from x402_answers where kept_at < now() - make_interval(secs => ?)`, [
          opts.windowSeconds,
        ]);
      }
    },
    async find(key, windowSeconds) {
      const { rows } = await knex.raw<{
        rows: SettledAnswer[];
      }>(
        `select method, path, query, status, headers, body from x402_answers
          where asset = ? and payer = ? and nonce = ? and kept_at >= now() - make_interval(secs => ?)`,
        [...norm(key), windowSeconds],
      );
      return rows[0] ?? null;
    },
  };
}

/** Set by the x402 rail on a settled answer, so that the keeper stores it once it is signed. */
export interface SettledMark {
  key: NonceKey;
}

export function markSettled(ctx: AppContext, key: NonceKey): void {
  ctx.state.x402Settled = { key } satisfies SettledMark;
}

/** Whether this answer is a kept answer sent again (it is already signed and in the served log). */
export function isReplayed(ctx: AppContext): boolean {
  return ctx.state.x402Replayed === true;
}

/** Whether an earlier answer was bought by this very request (same method, path and query). */
export function answersRequest(answer: SettledAnswer, ctx: AppContext): boolean {
  return (
    answer.method === ctx.method && answer.path === (ctx.path || '/') && answer.query === ctx.querystring
  );
}

/** Sends a kept answer again, as it was: same status, bytes, digest, signature and settlement receipt. */
export function replay(ctx: AppContext, answer: SettledAnswer): void {
  ctx.state.x402Replayed = true;
  ctx.status = answer.status;
  ctx.body = answer.body;
  for (const [name, value] of Object.entries(answer.headers)) ctx.set(name, value);
  ctx.set('X-Payment-Replay', 'true');
}

/**
 * Outside the signature: once a settled x402 answer is signed, keeps its bytes and headers before they leave,
 * so that the same payment sent again within the window receives it again.
 */
export function keepSettledAnswers(store: X402AnswerStore): AppMiddleware {
  return async function keepSettledAnswersMiddleware(ctx, next) {
    await next();
    const mark = ctx.state.x402Settled;
    if (!mark || isReplayed(ctx) || ctx.status < 200 || ctx.status > 299 || !Buffer.isBuffer(ctx.body))
      return;
    const headers = keptHeadersOf(ctx);
    try {
      await store.keep(mark.key, {
        method: ctx.method,
        path: ctx.path || '/',
        query: ctx.querystring,
        status: ctx.status,
        headers,
        body: ctx.body,
      });
    } catch (err) {
      // The answer was paid and is sent anyway; only a later replay of this payment would be refused.
      ctx.state.log?.error({ err: (err as Error).message }, 'x402 answer not kept for replay');
    }
  };
}
