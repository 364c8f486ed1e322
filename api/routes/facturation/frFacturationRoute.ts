import { BODACC_ANNONCES_PROJECTION } from '../../../projections/fr-bodacc-annonces/bodaccAnnoncesProjection.ts';
import type { BlocAbsent } from '../../../schemas/enums/blocAbsent.ts';
import { EU_VIES_REGISTER } from '../../../schemas/events/euViesEvents.ts';
import { FR_BODACC_REGISTER } from '../../../schemas/events/frBodaccEvents.ts';
import { FR_SIRENE_REGISTER } from '../../../schemas/events/frSireneEvents.ts';
import { mandatOf } from '../../../schemas/invoicing/mandatFacturation.ts';
import { ibanQueryParam, sirenQueryParam } from '../../../schemas/params/facturation.ts';
import { frFacturationSchema } from '../../../schemas/responses/facturation.ts';
import type { HandlerDeps, HandlerResult, RouteContext, RouteDefinition } from '../../catalogue/route.ts';
import { readBillingFacts } from '../dossier/facturationPrepBlock.ts';
import { readProfile } from '../entreprise/readProfile.ts';
import { assertCovered, SIRENE_COVERAGE_ERRORS } from '../entreprise/sireneCoverage.ts';
import { identityOf } from '../entreprise/unitFields.ts';
import { SIRENE_FRESHNESS, SIRENE_PROJECTIONS } from '../entreprise.ts';
import { readCompanyVat } from '../tva/readCompanyVat.ts';
import { FACTURATION_PRICE } from './euFacturationRoute.ts';
import { type RaisonVerdict, raison, verdictOf } from './invoicingVerdict.ts';
import { banqueOf } from './readBanque.ts';

/**
 * The French e-invoicing directory (annuaire de la facturation électronique, operated by the DGFiP) names each
 * company's receiving platform; no public interface to it, nor any recorded answer of one, was found (see
 * docs/registers.md): the member says so rather than guess a platform.
 */
const PLATEFORME_NON_DISPONIBLE = {
  statut: 'non_disponible',
  raison:
    'L’annuaire public de la facturation électronique n’est pas lu par ce service : aucune interface publique ni réponse réelle enregistrée n’a été trouvée (l’API Annuaire est réservée aux plateformes agréées). Demandez au destinataire sa plateforme de réception. / The French e-invoicing directory is not read by this service: no public interface nor recorded answer was found (the Directory API is reserved to approved platforms).',
} as const;

const NOTE =
  'Identité et état : Sirene ; numéro de TVA calculé du SIREN et vérifié en direct auprès de VIES ; adresse de facturation : le siège dans Sirene ; procédures collectives : annonces BODACC en vigueur (aucune ne prouve pas l’absence de procédure ; facturer une entreprise en liquidation, c’est déclarer sa créance) ; plateforme de réception : non lue (voir plateforme_reception). / Identity and state from Sirene; VAT number checked live with VIES; billing address: the head office; collective proceedings from live BODACC notices; receiving platform not read.';

async function readFrFacturation(ctx: RouteContext, deps: HandlerDeps): Promise<HandlerResult> {
  const params = ctx.state.params ?? {};
  const siren = String(params.siren);
  const iban = params.iban === undefined ? undefined : String(params.iban);
  const row = await readProfile(deps.knex, siren);
  assertCovered(siren, row, identityOf);
  const [vat, facts] = await Promise.all([readCompanyVat(deps, siren, 'tva'), readBillingFacts(deps, row)]);
  // BODACC's copy too old or not loaded: the proceedings are absent, and raise no reason but their own.
  const bodaccMuted = (ctx.state.registresMuets ?? []).some((m) => m.registre === FR_BODACC_REGISTER);
  const raisons: RaisonVerdict[] = [];
  if (row.etat_administratif === 'C') raisons.push(raison('destinataire_inactif', FR_SIRENE_REGISTER));
  if (bodaccMuted) raisons.push(raison('procedures_non_verifiees', FR_BODACC_REGISTER));
  else if (facts.procedures_collectives.length > 0)
    raisons.push(raison('procedure_collective', FR_BODACC_REGISTER));
  if (vat.value === null) raisons.push(raison('tva_non_verifiee', EU_VIES_REGISTER));
  else if (vat.value.tva.statut === 'invalide') raisons.push(raison('tva_invalide', EU_VIES_REGISTER));
  raisons.push(raison('plateforme_non_disponible', 'annuaire de la facturation électronique'));
  const banque = banqueOf(iban, null);
  raisons.push(...banque.raisons);
  const absents: BlocAbsent[] = [
    ...(vat.absent ? [vat.absent] : []),
    ...(bodaccMuted
      ? [
          {
            bloc: 'procedures_collectives',
            raison: 'copie_indisponible' as const,
            message:
              'Copie du BODACC absente ou trop ancienne : procédures non lues. / BODACC copy missing or too old: proceedings not read.',
          },
        ]
      : []),
  ];
  const today = (deps.now ?? (() => new Date()))().toISOString().slice(0, 10);
  return {
    provenance: vat.provenance,
    body: {
      siren,
      destinataire: {
        denomination: row.denomination,
        etat_administratif: row.etat_administratif,
        categorie_juridique: row.categorie_juridique,
      },
      tva: vat.value
        ? {
            numero: vat.value.numero_tva,
            statut: vat.value.tva.statut,
            date_demande: vat.value.tva.date_demande,
            identifiant_consultation: vat.value.tva.identifiant_consultation,
            consulte_le: vat.value.tva.consulte_le,
          }
        : null,
      adresse_facturation: facts.adresse_facturation,
      etablissements_ouverts: facts.etablissements_ouverts,
      procedures_collectives: bodaccMuted ? null : facts.procedures_collectives,
      listes_bornees: facts.listes_bornees,
      plateforme_reception: PLATEFORME_NON_DISPONIBLE,
      banque: banque.banque,
      mandat: mandatOf('FR', today),
      verdict: verdictOf(raisons),
      blocs_absents: absents,
      note: NOTE,
    },
  };
}

/**
 * GET /v1/facturation/dossier: can this French company be invoiced as things stand? The dossier's
 * `facturation_prep` reading (readBillingFacts) plus the verdict of the European route.
 */
export const frFacturationRoute: RouteDefinition = {
  id: 'facturation.dossier',
  tool: {
    name: 'check_french_invoicing_recipient',
    title: 'Invoicing check of a French company',
    description:
      'Before invoicing a French company by SIREN: identity and administrative state (Sirene), the VAT number computed from the SIREN and checked live with VIES, the billing address (head office), open establishments, live collective proceedings from the BODACC (invoicing a company in liquidation means declaring the claim), the bank identified from an optional IBAN, the French e-invoicing obligation (from 1 September 2026 through approved platforms) and a verdict pret_a_facturer with reasons from a closed list, each with its level and source. The receiving platform of the public e-invoicing directory is not read (plateforme_reception says so).',
  },
  method: 'GET',
  path: '/v1/facturation/dossier',
  summary:
    'Vérification avant facturation d’une entreprise française : identité, TVA (VIES), adresse de facturation, procédures collectives, obligation, verdict.',
  description:
    'Mêmes refus que la fiche entreprise (non facturés). `siren` (clé de Luhn) et `iban` (facultatif, forme et clé) sont vérifiés avant tout appel amont (400 `{error, champ, message}`, non facturé). Lit ce que lit le bloc `facturation_prep` du dossier (Sirene, VIES, BODACC). La plateforme de réception de l’annuaire public n’est pas lue : `plateforme_reception.statut` vaut `non_disponible` avec sa raison. Chaque raison du verdict vient de la liste fermée `raisons_facturation` de GET /v1/lecture.',
  params: [sirenQueryParam, ibanQueryParam],
  price: FACTURATION_PRICE,
  freeTier: false,
  errors: [...SIRENE_COVERAGE_ERRORS],
  registers: [FR_SIRENE_REGISTER, FR_BODACC_REGISTER, EU_VIES_REGISTER],
  registersFor: () => [FR_SIRENE_REGISTER, FR_BODACC_REGISTER],
  freshnessDegrades: [FR_BODACC_REGISTER],
  projections: [...SIRENE_PROJECTIONS, BODACC_ANNONCES_PROJECTION],
  freshness: SIRENE_FRESHNESS,
  responseSchema: frFacturationSchema,
  handler: readFrFacturation,
};
