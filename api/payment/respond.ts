import type { AppContext } from '../state.ts';

export const is2xx = (status: number) => status >= 200 && status < 300;

/** Answers 402 with a JSON body (the quote, or a refusal); never cached. */
export function answer402(
  ctx: AppContext,
  body: Record<string, unknown>,
  headers: Record<string, string> = {},
): void {
  ctx.status = 402;
  ctx.body = body;
  ctx.set('Cache-Control', 'no-store');
  for (const [k, v] of Object.entries(headers)) ctx.set(k, v);
}

/**
 * Withholds what the handler produced and answers 402 with no body at all (the bytes are dropped before
 * the signature middleware sees them, since it signs 2xx only).
 */
export function withhold(ctx: AppContext, headers: Record<string, string> = {}): void {
  ctx.state.bodyBytes = undefined;
  ctx.remove('Content-Type');
  ctx.body = null;
  ctx.status = 402;
  ctx.set('Cache-Control', 'no-store');
  for (const [k, v] of Object.entries(headers)) ctx.set(k, v);
}

/**
 * The client closed its connection while the handler ran (an abort, a timeout on its side): whatever is
 * answered now reaches nobody.
 */
export const clientGone = (ctx: AppContext): boolean => ctx.res.destroyed;

/**
 * Drops an answer nobody will receive. 499 (a client that closed its request, as nginx logs it) is never
 * sent, since the connection is gone; it is not 2xx, so the answer is neither charged nor settled, neither
 * signed nor recorded in the served log, and the request log and metrics say what happened.
 */
export function abandon(ctx: AppContext): void {
  ctx.state.bodyBytes = undefined;
  ctx.body = null;
  ctx.status = 499;
}

/**
 * The answer is finally not charged (not 2xx, the client gone, a charge refused, a settlement failed): undoes
 * what the handler wrote that must not outlive an unpaid answer (RouteState.undoIfUncharged), once.
 */
export async function undoUncharged(ctx: AppContext): Promise<void> {
  const steps = ctx.state.undoIfUncharged ?? [];
  ctx.state.undoIfUncharged = [];
  for (const step of steps) {
    try {
      await step();
    } catch (err) {
      ctx.state.log?.error({ err: (err as Error).message }, 'undo of an uncharged answer failed');
    }
  }
}
