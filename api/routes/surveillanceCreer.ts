import type { EventStore } from '../../ops/eventstore/port.ts';
import type { SecretBox } from '../../ops/signing/sealedSecret.ts';
import { WATCH_WITHDRAWN, type WatchWithdrawnData, watchStreamOf } from '../../schemas/events/watchEvents.ts';
import { watchCreatedSchema, watchRequestSchema } from '../../schemas/responses/surveillance.ts';
import { formatPrice } from '../catalogue/price.ts';
import type { RouteDefinition } from '../catalogue/route.ts';
import { ApiError } from '../errors/apiError.ts';
import {
  prepareWatch,
  recordWatch,
  type WatchRequest,
  type WatchRules,
} from '../surveillance/createWatch.ts';
import { WATCH_PRICE_PER_ENTITY } from '../surveillance/watchPrice.ts';

export interface WatchCreationDeps {
  store: EventStore;
  secrets: SecretBox;
  rules: WatchRules;
  now: () => Date;
}

const prices = `${formatPrice(WATCH_PRICE_PER_ENTITY[30])} (30 jours), ${formatPrice(WATCH_PRICE_PER_ENTITY[90])} (90 jours), ${formatPrice(WATCH_PRICE_PER_ENTITY[365])} (365 jours)`;

/**
 * POST /v1/surveillance/creer: a watch of French SIRENs and European `{pays, id}`, for 30, 90 or 365 days, each
 * distinct entity charged once at the contract's price for that duration. The watch is recorded (its
 * `WatchCreated`) before the answer is charged; a charge that does not go through withdraws it
 * (`WatchWithdrawn`): no unpaid watch lives. Its owner is its payer: the key's account, or the x402 address.
 */
export function watchCreationRoute(deps: WatchCreationDeps): RouteDefinition {
  return {
    id: 'surveillance.creer',
    tool: {
      name: 'create_company_watch',
      title: 'Create a watch on companies',
      description:
        'Creates a watch on French companies (SIREN) and European ones ({pays, id}) for 30, 90 or 365 days: each change the registers record for them (BODACC notices, register changes, removals) is listed at GET /v1/surveillance/{id}/annonces and, with a webhook URL, posted there signed (Ed25519 and an HMAC with the secret returned once). Priced per entity; an Idempotency-Key makes a retried creation free and returns the same watch.',
    },
    method: 'POST',
    path: '/v1/surveillance/creer',
    summary: 'Crée une surveillance d’entités (SIREN, ou {pays, id} européen) pour 30, 90 ou 365 jours.',
    description: [
      `Prix par entité distincte : ${prices}. Le devis 402 est le total des entités ; chacune est facturée une fois.`,
      'La réponse donne l’identifiant de la surveillance, ses entités, sa fin et le secret de ses webhooks, montré cette seule fois.',
      'En-tête Idempotency-Key (facultatif, 24 h) : la même clé, le même payeur et le même corps rendent la même surveillance sans nouvelle facturation (Idempotent-Replayed: true) ; la même clé pour un autre corps : 422 cle_idempotence_reutilisee ; pendant la première requête : 409 requete_en_cours.',
      'En x402, le devis est lié au corps (extra.empreinte_corps, SHA-256 de ses octets) : seul x402 v2 est accepté.',
    ].join(' '),
    params: [],
    body: {
      schema: watchRequestSchema,
      description:
        'Les entités surveillées, la durée et, facultativement, l’adresse du webhook. / The watched entities, the duration and, optionally, the webhook URL.',
      example: { entites: ['005420120'], jours: 30 },
      maxBytes: 128 * 1024,
    },
    price: WATCH_PRICE_PER_ENTITY[30],
    perRequestPrice: {
      label: {
        fr: `${prices}, par entité`,
        en: `${formatPrice(WATCH_PRICE_PER_ENTITY[30])} (30 days), ${formatPrice(WATCH_PRICE_PER_ENTITY[90])} (90 days), ${formatPrice(WATCH_PRICE_PER_ENTITY[365])} (365 days), per entity`,
      },
      async quote(ctx) {
        return prepareWatch(ctx.state.body as WatchRequest, deps.rules).price;
      },
    },
    freeTier: false,
    errors: ['pays_non_couvert', 'paiement_requis'],
    registers: [],
    projections: [],
    responseSchema: watchCreatedSchema,
    async handler(ctx) {
      const owner = ctx.state.payer;
      if (!owner) {
        // A service without payment: a watch has no owner to be read by.
        throw new ApiError(
          402,
          'paiement_requis',
          'Une surveillance appartient à qui la paie : clé d’API ou x402. / A watch belongs to whoever pays for it: API key or x402.',
        );
      }
      const prepared = prepareWatch(ctx.state.body as WatchRequest, deps.rules);
      const created = await recordWatch(prepared, owner, deps.now(), deps);
      ctx.state.undoIfUncharged = ctx.state.undoIfUncharged ?? [];
      ctx.state.undoIfUncharged.push(async () => {
        const data: WatchWithdrawnData = {
          watchId: created.surveillance,
          withdrawnAt: deps.now().toISOString(),
          reason: 'paiement_non_abouti',
        };
        await deps.store.append(
          watchStreamOf(created.surveillance),
          [{ type: WATCH_WITHDRAWN, data }],
          'any',
        );
        ctx.state.log?.warn(
          { watch: created.surveillance },
          'watch withdrawn: its charge did not go through',
        );
      });
      return { body: { ...created } };
    },
  };
}
