import { checkSiren } from '../../../schemas/params/siren.ts';
import { KYB_BATCH_MAX, kybBatchRequestSchema, kybBatchSchema } from '../../../schemas/responses/kyb.ts';
import { formatPrice } from '../../catalogue/price.ts';
import type {
  HandlerDeps,
  HandlerResult,
  ProvenanceEntry,
  RouteContext,
  RouteDefinition,
} from '../../catalogue/route.ts';
import { ApiError, notFound } from '../../errors/apiError.ts';
import { isDatabaseOutage } from '../../errors/databaseOutage.ts';
import type { KybSources } from './readKyb.ts';
import { readKyb } from './readKyb.ts';

/** $0.105 per company served (contract). */
export const KYB_BATCH_PRICE_PER_ENTITY = 105_000;
/** Companies read at once: a batch of 100 must not hold every connection of the pool. */
const CONCURRENCY = 4;

interface BatchRefusal {
  siren: string;
  error: string;
  message: string;
}

/** The SIRENs of a body, each once, in the order given. */
function distinct(sirens: readonly string[]): string[] {
  return [...new Set(sirens.map((s) => s.trim()))];
}

/**
 * Each company of the batch read as GET /v1/kyb/{siren} reads it (the same code, the same refusals), within
 * the request's one read of the snapshot state: the served ones in `resultats`, the refused ones in
 * `erreurs`. An outage of the service's own database fails the whole batch (503), as it would fail one KYB.
 */
async function prepareBatch(
  ctx: RouteContext,
  deps: HandlerDeps,
  sources: KybSources,
): Promise<{ result: HandlerResult; served: number }> {
  const sirens = distinct((ctx.state.body as { sirens: string[] }).sirens);
  const outcomes: ({ ok: true; result: HandlerResult } | { ok: false; refusal: BatchRefusal })[] = [];
  let next = 0;
  const worker = async () => {
    while (next < sirens.length) {
      const i = next++;
      const siren = sirens[i]!;
      const malformed = checkSiren(siren);
      if (malformed) {
        outcomes[i] = { ok: false, refusal: { siren, error: 'parametre_invalide', message: malformed } };
        continue;
      }
      const one: RouteContext = {
        state: { ...ctx.state, params: { siren } },
        get: (field) => ctx.get(field),
        set: () => {},
      };
      try {
        outcomes[i] = { ok: true, result: await readKyb(one, deps, sources) };
      } catch (err) {
        if (!(err instanceof ApiError) || err.code === 'base_indisponible' || isDatabaseOutage(err))
          throw err;
        outcomes[i] = { ok: false, refusal: { siren, error: err.code, message: err.message } };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(CONCURRENCY, sirens.length) }, worker));

  const resultats: Record<string, unknown>[] = [];
  const erreurs: BatchRefusal[] = [];
  const provenance = new Map<string, ProvenanceEntry>();
  for (const outcome of outcomes) {
    if (!outcome.ok) {
      erreurs.push(outcome.refusal);
      continue;
    }
    resultats.push(outcome.result.body);
    for (const p of outcome.result.provenance ?? []) provenance.set(JSON.stringify(p), p);
  }
  if (resultats.length === 0) {
    throw notFound(
      'aucune_entite_servie',
      'Aucune entreprise du lot n’a pu être servie ; chacune est dans `erreurs` avec son code. Rien n’est facturé. / No company of the batch could be served; each is in `erreurs` with its code. Nothing is charged.',
      { erreurs },
    );
  }
  return {
    served: resultats.length,
    result: {
      provenance: [...provenance.values()],
      body: {
        resultats,
        erreurs,
        facturation: {
          entites_servies: resultats.length,
          prix_par_entite: KYB_BATCH_PRICE_PER_ENTITY,
          total: resultats.length * KYB_BATCH_PRICE_PER_ENTITY,
        },
      },
    },
  };
}

/**
 * POST /v1/kyb/batch: up to 100 KYB checks in one call, priced per company served: the 402 quote, the x402
 * amount and the credits charged are $0.105 × the companies in `resultats`; the refused ones (`erreurs`) cost
 * nothing, and a batch with none served is 404 `aucune_entite_servie`, uncharged. Built from the single KYB's
 * route (its sources, registers and freshness), so the two answer alike.
 */
export function kybBatchRouteOf(single: RouteDefinition, sources: KybSources): RouteDefinition {
  const unit = formatPrice(KYB_BATCH_PRICE_PER_ENTITY);
  return {
    id: 'kyb.batch',
    tool: {
      name: 'check_french_companies_kyb_batch',
      title: 'KYB checks of French companies in a batch',
      description:
        'KYB checks of up to 100 French companies by SIREN in one call: each served company has the same answer as get_french_company_kyb (identity, officers with natural persons counted and never named, proceedings, VAT, LEI group, score, sanctions screening, red flags); SIRENs refused (malformed, unknown, not covered) are listed in erreurs and not charged. Priced per company served.',
    },
    method: 'POST',
    path: '/v1/kyb/batch',
    summary: `Vérification KYB de 1 à ${KYB_BATCH_MAX} entreprises françaises en un appel, facturée par entreprise servie.`,
    description: [
      `Prix : ${unit} par entreprise servie (dans \`resultats\`, le corps de GET /v1/kyb/{siren}) ; chaque SIREN refusé (mal formé, inconnu, non couvert) est dans \`erreurs\` avec son code et n’est pas facturé. Le devis 402 donne le total exact. Aucune servie : 404 aucune_entite_servie, non facturé.`,
      'En-tête Idempotency-Key (facultatif, 24 h) : la même clé, le même payeur et le même corps rendent la même réponse sans nouvelle facturation (Idempotent-Replayed: true) ; la même clé pour un autre corps : 422 cle_idempotence_reutilisee ; pendant la première requête : 409 requete_en_cours.',
      'En x402, le devis est lié au corps (extra.empreinte_corps, SHA-256 de ses octets) : seul x402 v2 est accepté.',
    ].join(' '),
    params: [],
    body: {
      schema: kybBatchRequestSchema,
      description: `Les SIREN à vérifier, 1 à ${KYB_BATCH_MAX}. / The SIRENs to check, 1 to ${KYB_BATCH_MAX}.`,
      example: { sirens: ['005420120', '552100554'] },
      maxBytes: 16 * 1024,
      sample: true,
    },
    price: KYB_BATCH_PRICE_PER_ENTITY,
    perRequestPrice: {
      label: { fr: `${unit} par entreprise servie`, en: `${unit} per company served` },
      async quote(ctx, deps) {
        const prepared = await prepareBatch(ctx, deps, sources);
        ctx.state.prepared = prepared.result;
        return prepared.served * KYB_BATCH_PRICE_PER_ENTITY;
      },
    },
    freeTier: false,
    errors: ['aucune_entite_servie'],
    registers: single.registers,
    ...(single.registersFor ? { registersFor: single.registersFor } : {}),
    ...(single.freshnessDegrades !== undefined ? { freshnessDegrades: single.freshnessDegrades } : {}),
    projections: single.projections,
    ...(single.freshness ? { freshness: single.freshness } : {}),
    responseSchema: kybBatchSchema,
    async handler(ctx, deps) {
      return ctx.state.prepared ?? (await prepareBatch(ctx, deps, sources)).result;
    },
  };
}
