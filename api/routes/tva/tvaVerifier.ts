import { EU_VIES_REGISTER } from '../../../schemas/events/euViesEvents.ts';
import { parseEuVatNumber } from '../../../schemas/identifiers/euVatNumber.ts';
import { LiveUnavailableError } from '../../../schemas/live/liveUnavailable.ts';
import { tvaNumeroPathParam, tvaNumeroRefusal } from '../../../schemas/params/tvaNumero.ts';
import { tvaVerifierSchema } from '../../../schemas/responses/tvaVerifier.ts';
import type { RouteDefinition } from '../../catalogue/route.ts';
import { ApiError } from '../../errors/apiError.ts';
import { liveProvenance, notConfigured } from '../europeLive.ts';
import { readViesCheck } from './readViesCheck.ts';

/**
 * VIES could not check the number (VIES down, the member state unavailable or throttling, a timeout): 503
 * `amont_indisponible` naming the member state, never `invalide`, never charged.
 */
export function viesDown(memberState: string, err: LiveUnavailableError): ApiError {
  return new ApiError(
    503,
    'amont_indisponible',
    `VIES n’a pas pu vérifier ce numéro auprès de l’État membre ${memberState} (${err.reason}) ; ce n’est pas un verdict sur le numéro, réessayez plus tard. Rien n’est facturé. / VIES could not check this number with member state ${memberState} (${err.reason}); this is no verdict on the number, retry later. Nothing is charged.`,
    {
      extra: {
        registre: EU_VIES_REGISTER,
        motif_panne: 'amont_indisponible',
        raison: err.reason,
        pays: memberState,
      },
      headers: { 'Retry-After': String(err.retryAfterSeconds ?? 60) },
    },
  );
}

/**
 * GET /v1/tva/verifier/{numero}: an EU VAT number checked live with VIES. The number's format and check
 * digits are checked first (jsvat): a bad number is a 400, never charged, and nothing is sent to VIES. The
 * trader's name and address are served as VIES gives them only when nothing says the trader may be a natural
 * person (viesNamePolicy.ts: Sirene for FR, KBO for BE, a legal-form token elsewhere); otherwise
 * `nom_non_servi` says why. With a requester VAT number configured (`VIES_REQUESTER_VAT`), VIES's consultation
 * number is served in `identifiant_consultation`, the proof of the check.
 */
export const tvaVerifierRoute: RouteDefinition = {
  id: 'tva.verifier',
  tool: {
    name: 'check_eu_vat_number',
    title: 'EU VAT number check with VIES',
    description:
      'Checks an EU VAT number (member-state prefix first, e.g. LV44103126607; Greece EL, Northern Ireland XI) live with the European Commission’s VIES: valid or invalid, the request date, VIES’s consultation number when this server declares a requester VAT number, and the trader’s name and address as VIES gives them unless the trader may be a natural person. A number failing its format or check digits is refused before VIES is asked, and not charged.',
  },
  method: 'GET',
  path: '/v1/tva/verifier/{numero}',
  summary:
    'Vérification d’un numéro de TVA intracommunautaire auprès de VIES (Commission européenne), en direct.',
  description:
    'Format et chiffres de contrôle vérifiés d’abord (bibliothèque jsvat) : un numéro invalide est refusé (400, non facturé) sans que VIES soit interrogé. États membres de l’UE et XI (Irlande du Nord) ; la Grèce s’écrit EL (GR accepté et lu EL). Une panne de VIES ou de l’État membre est un 503 amont_indisponible qui nomme l’État membre, jamais « invalide ». Le nom et l’adresse d’une personne physique ne sont jamais servis : servis seulement quand le trader est une personne morale selon notre copie Sirene (FR), BCE (BE) ou, ailleurs, une forme juridique écrite dans le nom ; sinon `nom_non_servi` dit pourquoi. `identifiant_consultation` : le numéro de consultation de VIES quand ce serveur déclare un numéro de TVA demandeur.',
  params: [tvaNumeroPathParam],
  paramsCheck: (params) => tvaNumeroRefusal(String(params.numero)),
  price: 3_000,
  freeTier: true,
  errors: ['pays_non_couvert', 'amont_indisponible', 'registre_non_configure'],
  registers: [EU_VIES_REGISTER],
  // A live register has no snapshot to guard: its answer carries its own observation time.
  projections: [],
  responseSchema: tvaVerifierSchema,
  async handler(ctx, { knex, registers, live }) {
    const vat = parseEuVatNumber(String(ctx.state.params?.numero));
    // paramsCheck refused every other spelling before payment.
    if ('refusal' in vat) throw new Error('tva.verifier: a refused number reached the handler');
    const info = registers.find((r) => r.code === EU_VIES_REGISTER);
    const vies = live.french[EU_VIES_REGISTER];
    if (!vies) throw notConfigured(info, EU_VIES_REGISTER);
    try {
      const { check, observation } = await readViesCheck(knex, vies, vat);
      return {
        body: { ...check },
        provenance: [liveProvenance(EU_VIES_REGISTER, observation)],
        dataFreshness: observation.cached
          ? `VIES lu en direct le ${observation.observedAt}, resservi du cache de ce processus (60 s) / read live, served again within 60 s`
          : `VIES lu en direct le ${observation.observedAt} / read live`,
      };
    } catch (err) {
      if (err instanceof LiveUnavailableError) {
        ctx.state.log.warn(
          { registre: EU_VIES_REGISTER, raison: err.reason, err: err.message },
          'VAT not checked',
        );
        throw viesDown(vat.memberState, err);
      }
      throw err;
    }
  },
};
