import type { Knex } from 'knex';
import type { EventStore } from '../../ops/eventstore/port.ts';
import type { Logger } from '../../ops/logger.ts';
import type { SecretBox } from '../../ops/signing/sealedSecret.ts';
import type { Signer } from '../../ops/signing/signer.ts';
import { signWebhook } from '../../ops/signing/webhookSignature.ts';
import { type DeliveryResult, deliverWebhook } from '../../ops/webhooks/deliverWebhook.ts';
import type { AddressPolicy } from '../../ops/webhooks/publicAddress.ts';
import { WATCH_CHANGES, WATCHES } from '../../projections/surveillance/watchesSchema.ts';
import {
  WEBHOOK_ATTEMPTED,
  type WebhookAttemptedData,
  type WebhookOutcome,
  watchStreamOf,
} from '../../schemas/events/watchEvents.ts';
import { NOTIFIER_CHECKPOINT, NOTIFIER_DELIVERIES } from './notifierSchema.ts';
import { delayAfter, type RetrySchedule } from './retrySchedule.ts';
import { type ChangeRow, webhookBody } from './webhookBody.ts';

const CHECKPOINT_NAME = 'surveillances';
/** Changes turned into deliveries per transaction. */
const PLAN_BATCH = 500;
/** Deliveries attempted at once. */
const DELIVERY_BATCH = 8;

export interface NotifierDeps {
  knex: Knex;
  /** The log, over a transaction: an attempt's event is appended in the transaction that records its outcome. */
  storeIn(trx: Knex.Transaction): Pick<EventStore, 'append'>;
  signer: Signer;
  secrets: SecretBox;
  logger: Logger;
  policy: AddressPolicy;
  timeoutMs: number;
  schedule: RetrySchedule;
  /** How often the notifier looks for new changes and due attempts. */
  pollMs: number;
  now?: () => Date;
}

export interface Notifier {
  start(): void;
  /** Lets the attempts under way end, and stops. */
  stop(): Promise<void>;
  /** One pass (plan, then deliver what is due); what the loop repeats. For tests and the loop alike. */
  runOnce(): Promise<{ planned: number; attempted: number }>;
}

interface DueDelivery extends ChangeRow {
  tentatives: number;
  premiere_tentative: Date | null;
  webhook_url: string;
  secret_scelle: string;
  fin: Date;
}

/**
 * The webhook notifier (`registres serve --role notifier`). It follows the log through the watches' read model,
 * whose change rows are written in log order, each keyed by its stable delivery id:
 *
 * 1. plan: the changes past its checkpoint, of watches with a webhook, become pending deliveries; the
 *    checkpoint advances in the same transaction (a crash replans nothing twice and loses nothing);
 * 2. deliver: each due delivery is POSTed, signed; then one transaction appends its `WebhookAttempted` event and
 *    records its outcome (delivered, or the next attempt's time, or abandoned 24 h after the first attempt, or
 *    when its watch has ended). A crash between the POST and that transaction leaves it pending: it is sent
 *    again with the same delivery id (at least once; the receiver de-duplicates).
 */
export function createNotifier(deps: NotifierDeps): Notifier {
  const now = deps.now ?? (() => new Date());
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<unknown> | null = null;
  let stopped = false;

  async function plan(): Promise<number> {
    return deps.knex.transaction(async (trx) => {
      const row = await trx(NOTIFIER_CHECKPOINT)
        .where({ nom: CHECKPOINT_NAME })
        .forUpdate()
        .first('position');
      const from = row ? String(row.position) : '0';
      const { rows } = await trx.raw<{
        rows: { livraison: string; surveillance: string; position: string; webhook: boolean }[];
      }>(
        `select c.livraison, c.surveillance, c.position::text as position, s.webhook_url is not null as webhook
           from ${WATCH_CHANGES} c join ${WATCHES} s on s.id = c.surveillance
          where c.position > ? order by c.position limit ${PLAN_BATCH}`,
        [from],
      );
      if (rows.length === 0) return 0;
      // A batch ends on a whole position: the rows of one event are committed together by the read model.
      const last = rows[rows.length - 1]!.position;
      const whole = rows.length < PLAN_BATCH ? rows : rows.filter((r) => r.position !== last);
      const upTo = whole.length > 0 ? whole[whole.length - 1]!.position : last;
      // One event naming more watches than a batch holds: all of its rows at once.
      const taken =
        whole.length > 0
          ? whole
          : (
              await trx.raw<{ rows: typeof rows }>(
                `select c.livraison, c.surveillance, c.position::text as position, s.webhook_url is not null as webhook
                   from ${WATCH_CHANGES} c join ${WATCHES} s on s.id = c.surveillance where c.position = ?`,
                [last],
              )
            ).rows;
      const due = now();
      const owed = taken.filter((r) => r.webhook);
      if (owed.length > 0) {
        await trx(NOTIFIER_DELIVERIES)
          .insert(
            owed.map((r) => ({
              livraison: r.livraison,
              surveillance: r.surveillance,
              position: r.position,
              etat: 'en_attente',
              prochaine_tentative: due,
            })),
          )
          .onConflict('livraison')
          .ignore();
      }
      await trx(NOTIFIER_CHECKPOINT)
        .insert({ nom: CHECKPOINT_NAME, position: upTo })
        .onConflict('nom')
        .merge();
      return owed.length;
    });
  }

  async function dueDeliveries(at: Date): Promise<DueDelivery[]> {
    const { rows } = await deps.knex.raw<{ rows: DueDelivery[] }>(
      `select l.livraison, l.tentatives, l.premiere_tentative, c.surveillance, c.pays, c.id, c.position::text as position,
              c.registre, c.genre, c.constate_le, c.detail, s.webhook_url, s.secret_scelle, s.fin
         from ${NOTIFIER_DELIVERIES} l
         join ${WATCH_CHANGES} c on c.livraison = l.livraison
         join ${WATCHES} s on s.id = c.surveillance
        where l.etat = 'en_attente' and l.prochaine_tentative <= ?
        order by l.prochaine_tentative, l.position limit ${DELIVERY_BATCH}`,
      [at],
    );
    return rows;
  }

  const openSecret = (sealed: string): string | null => {
    try {
      return deps.secrets.open(sealed);
    } catch {
      return null;
    }
  };

  async function attempt(d: DueDelivery): Promise<void> {
    const at = now();
    const attemptNo = d.tentatives + 1;
    let result: DeliveryResult;
    if (new Date(d.fin).getTime() <= at.getTime()) {
      result = { ok: false, status: null, error: 'la surveillance a pris fin', refused: false };
    } else {
      const secret = openSecret(d.secret_scelle);
      if (secret === null) {
        // Sealed under another signing key (replaced since): the HMAC cannot be computed. Retried, then
        // abandoned like any failure; said in the attempt, never the secret.
        result = {
          ok: false,
          status: null,
          error: 'secret illisible sous la clé de signature actuelle',
          refused: false,
        };
      } else {
        const body = webhookBody(d);
        const headers = signWebhook({
          signer: deps.signer,
          url: d.webhook_url,
          deliveryId: d.livraison,
          body,
          secret,
          now: at,
        });
        result = await deliverWebhook({
          url: d.webhook_url,
          headers,
          body,
          policy: deps.policy,
          timeoutMs: deps.timeoutMs,
        });
      }
    }
    const ended = new Date(d.fin).getTime() <= at.getTime();
    const first = d.premiere_tentative ? new Date(d.premiere_tentative) : at;
    const next = result.ok || ended ? null : new Date(at.getTime() + delayAfter(attemptNo, deps.schedule));
    const abandoned = !result.ok && (ended || next!.getTime() > first.getTime() + deps.schedule.windowMs);
    const outcome: WebhookOutcome = result.ok
      ? 'livre'
      : abandoned
        ? 'abandon'
        : result.refused
          ? 'adresse_refusee'
          : 'echec';
    const data: WebhookAttemptedData = {
      deliveryId: d.livraison,
      watchId: d.surveillance,
      pays: d.pays,
      id: d.id,
      changePosition: String(d.position),
      attempt: attemptNo,
      attemptedAt: at.toISOString(),
      outcome,
      status: result.status,
      error: result.ok ? null : result.error,
      nextAttemptAt: outcome === 'echec' || outcome === 'adresse_refusee' ? next!.toISOString() : null,
    };
    await deps.knex.transaction(async (trx) => {
      const appended = await deps
        .storeIn(trx)
        .append(watchStreamOf(d.surveillance), [{ type: WEBHOOK_ATTEMPTED, data }], 'stream_exists');
      if (!appended.ok) throw new Error(appended.message);
      await trx(NOTIFIER_DELIVERIES)
        .where({ livraison: d.livraison, tentatives: d.tentatives })
        .update({
          etat: outcome === 'livre' ? 'livre' : outcome === 'abandon' ? 'abandonne' : 'en_attente',
          tentatives: attemptNo,
          premiere_tentative: first,
          prochaine_tentative: next ?? at,
        });
    });
    deps.logger.info(
      { delivery: d.livraison, watch: d.surveillance, attempt: attemptNo, outcome, status: result.status },
      'webhook attempted',
    );
  }

  async function runOnce() {
    const planned = await plan();
    const due = await dueDeliveries(now());
    await Promise.all(due.map((d) => attempt(d)));
    return { planned, attempted: due.length };
  }

  const loop = async () => {
    timer = null;
    if (stopped) return;
    let busy = false;
    running = runOnce().then(
      (r) => {
        busy = r.attempted > 0 || r.planned > 0;
      },
      (err: Error) => deps.logger.warn({ err: err.message }, 'notifier pass failed; tried again'),
    );
    await running;
    running = null;
    if (!stopped) timer = setTimeout(loop, busy ? 0 : deps.pollMs);
  };

  return {
    start() {
      stopped = false;
      if (!timer && !running) timer = setTimeout(loop, 0);
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = null;
      await running;
    },
    runOnce,
  };
}
