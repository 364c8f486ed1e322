import { FR_SIRENE_REGISTER } from '../../schemas/events/frSireneEvents.ts';
import { blocsOf, blocsQueryParam } from '../../schemas/params/blocs.ts';
import { sirenPathParam } from '../../schemas/params/siren.ts';
import { dossierSchema } from '../../schemas/responses/dossier.ts';
import { formatPrice } from '../catalogue/price.ts';
import type { RouteDefinition } from '../catalogue/route.ts';
import type { DossierBlockSource, DossierBlockSources } from './dossier/blockSource.ts';
import { DOSSIER_BLOCK_SOURCES } from './dossier/dossierBlocks.ts';
import { DOSSIER_BASE_PRICE, DOSSIER_PRICE_CAP } from './dossier/dossierPrice.ts';
import { prepareDossier } from './dossier/prepareDossier.ts';
import { SIRENE_COVERAGE_ERRORS } from './entreprise/sireneCoverage.ts';
import { SIRENE_FRESHNESS, SIRENE_PROJECTIONS } from './entreprise.ts';

const unique = <T>(values: Iterable<T>): T[] => [...new Set(values)];

/**
 * GET /v1/entreprise/{siren}/dossier?blocs=…: the company's identity, then each block asked, served or named
 * absent with its reason. Priced per request (`perRequestPrice`): the dossier is prepared before payment, its
 * price is the base plus each block served (capped), and what is prepared is what is served and charged.
 * Built from its block sources, so that a test can add one (the cap is out of reach of today's blocks).
 */
export function dossierRouteOf(sources: DossierBlockSources): RouteDefinition {
  const served = Object.entries(sources).filter(
    (entry): entry is [string, DossierBlockSource] => entry[1] !== undefined,
  );
  const blockRegisters = unique(served.flatMap(([, source]) => source.registers));
  const prices = served.map(([bloc, source]) => `${bloc} ${formatPrice(source.price)}`).join(', ');
  const base = formatPrice(DOSSIER_BASE_PRICE);
  const cap = formatPrice(DOSSIER_PRICE_CAP);
  return {
    id: 'entreprise.dossier',
    tool: {
      name: 'get_french_company_dossier',
      title: 'A la carte dossier of a French company',
      description:
        'A French company’s dossier by SIREN, with the blocks asked for: its Sirene identity, then its establishments, BODACC warning signals, filed annual accounts (turnover, EBITDA, net result by closing date), French and EU public contracts (DECP, TED), approvals (RGE, Qualiopi), its lobbying registration (HATVP), classified industrial installations (Géorisques ICPE, by SIRET: regime, Seveso status, rubriques, inspection dates), its French trademarks and patents held by its SIREN (INPI) and invoicing preparation (the VAT number checked live with VIES, billing address, open establishments, collective proceedings) and the risk score (probability of a collective proceeding within 12 months, its class and model version; model card at /v1/score/modele); each block not served is named with its reason and not charged. The exact price is the one the 402 quote states.',
    },
    method: 'GET',
    path: '/v1/entreprise/{siren}/dossier',
    summary:
      'Dossier à la carte d’une entreprise française : l’identité Sirene, puis les blocs demandés (établissements, alertes BODACC, finances…).',
    description: [
      'L’identité est toujours servie ; mêmes refus que la fiche entreprise (non facturés). Chaque bloc demandé est servi dans `blocs`, ou nommé dans `blocs_absents` avec sa raison (liste fermée de GET /v1/lecture) : un bloc absent n’est pas facturé.',
      `Prix : ${base} de base + chaque bloc servi au prix de sa route (${prices} ; finances, les comptes déposés des ratios INPI-BCE, n’a pas de route propre ; facturation_prep est au prix de /v1/facturation/dossier, son numéro de TVA vérifié en direct auprès de VIES), total plafonné à ${cap}. Le devis 402 donne le montant exact des blocs demandés, celui qui est débité. Hors quota gratuit : un appel gratuit couvrirait jusqu’à ${cap}.`,
    ].join(' '),
    params: [sirenPathParam, blocsQueryParam],
    price: DOSSIER_BASE_PRICE,
    perRequestPrice: {
      label: {
        fr: `${base} + chaque bloc servi au prix de sa route, plafond ${cap}`,
        en: `${base} base plus each block served at its own route's price (at most ${cap})`,
      },
      async quote(ctx, deps) {
        const prepared = await prepareDossier(ctx, deps, sources);
        ctx.state.prepared = prepared.result;
        return prepared.price;
      },
    },
    freeTier: false,
    errors: [...SIRENE_COVERAGE_ERRORS, 'compte_incoherent'],
    registers: unique([FR_SIRENE_REGISTER, ...blockRegisters]),
    projections: unique([...SIRENE_PROJECTIONS, ...served.flatMap(([, source]) => source.projections)]),
    freshness: SIRENE_FRESHNESS,
    // Sirene names the company: stale, it refuses the dossier. A block's copy that is stale makes it absent.
    freshnessDegrades: blockRegisters.filter((code) => code !== FR_SIRENE_REGISTER),
    registersFor: (params) =>
      unique([
        FR_SIRENE_REGISTER,
        ...blocsOf(String(params.blocs ?? '')).flatMap((bloc) => sources[bloc]?.registers ?? []),
      ]),
    responseSchema: dossierSchema,
    async handler(ctx, deps) {
      // Prepared when it was priced; a free sample, never priced, prepares it here.
      return ctx.state.prepared ?? (await prepareDossier(ctx, deps, sources)).result;
    },
  };
}

export const dossierRoute: RouteDefinition = dossierRouteOf(DOSSIER_BLOCK_SOURCES);
