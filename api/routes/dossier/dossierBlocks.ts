import { euTedProjection } from '../../../projections/eu-ted/euTedProjection.ts';
import { BODACC_ANNONCES_PROJECTION } from '../../../projections/fr-bodacc-annonces/bodaccAnnoncesProjection.ts';
import { decpProjection } from '../../../projections/fr-decp/decpProjection.ts';
import { LISTE_PROJECTION } from '../../../projections/fr-entreprises-liste/listeProjection.ts';
import { hatvpProjection } from '../../../projections/fr-hatvp/hatvpProjection.ts';
import { icpeProjection } from '../../../projections/fr-icpe/icpeProjection.ts';
import { inpiPiProjection } from '../../../projections/fr-inpi-pi/inpiPiProjection.ts';
import { qualiopiProjection } from '../../../projections/fr-qualiopi/qualiopiProjection.ts';
import { rgeProjection } from '../../../projections/fr-rge/rgeProjection.ts';
import { EU_TED_REGISTER } from '../../../schemas/events/euTedEvents.ts';
import { FR_BODACC_REGISTER } from '../../../schemas/events/frBodaccEvents.ts';
import { FR_DECP_REGISTER } from '../../../schemas/events/frDecpEvents.ts';
import { FR_HATVP_REGISTER } from '../../../schemas/events/frHatvpEvents.ts';
import { FR_ICPE_REGISTER } from '../../../schemas/events/frIcpeEvents.ts';
import { FR_INPI_PI_REGISTER } from '../../../schemas/events/frInpiPiEvents.ts';
import { FR_QUALIOPI_REGISTER } from '../../../schemas/events/frQualiopiEvents.ts';
import { FR_RATIOS_INPI_BCE_REGISTER } from '../../../schemas/events/frRatiosInpiBceEvents.ts';
import { FR_RGE_REGISTER } from '../../../schemas/events/frRgeEvents.ts';
import { FR_SIRENE_REGISTER } from '../../../schemas/events/frSireneEvents.ts';
import { alertesRoute, readAlertes } from '../alertes.ts';
import { served } from '../entreprise/blockReading.ts';
import { entrepriseEtablissementsRoute, SIRENE_PROJECTIONS } from '../entreprise.ts';
import { marchesPublicsRoute } from '../marchesPublics.ts';
import { marchesPublicsUeRoute } from '../marchesPublicsUe.ts';
import { readScoreBlock, SCORE_BLOCK_PRICE } from '../score/scoreBlock.ts';
import { NO_SCORE_MODEL } from '../score/scoreModelSource.ts';
import { AGREMENTS_PRICE, readAgrementsBlock } from './agrementsBlock.ts';
import type { DossierBlockSources } from './blockSource.ts';
import { DOCUMENTS_BLOCK_SOURCE } from './documentsBlock.ts';
import { readEtablissementsBlock } from './etablissementsBlock.ts';
import { FACTURATION_PREP_PRICE, readFacturationPrepBlock } from './facturationPrepBlock.ts';
import { readFinancesBlock } from './financesBlock.ts';
import { LOBBYING_PRICE, readLobbyingBlock } from './lobbyingBlock.ts';
import { readMarchesPublicsBlock } from './marchesPublicsBlock.ts';
import { readMarchesPublicsUeBlock } from './marchesPublicsUeBlock.ts';
import { PI_PRICE, readPiBlock } from './piBlock.ts';
import { RISQUES_INDUSTRIELS_PRICE, readRisquesIndustrielsBlock } from './risquesIndustrielsBlock.ts';

/**
 * `finances` has no route of its own: $0.01, the price of one page of accounts elsewhere (the alerts, a
 * register's accounts list), for the company's whole series of filed accounts.
 */
export const FINANCES_PRICE = 10_000;

/** The blocks served today, each at its own route's price. */
export const DOSSIER_BLOCK_SOURCES: DossierBlockSources = {
  etablissements: {
    price: entrepriseEtablissementsRoute.price,
    registers: [FR_SIRENE_REGISTER],
    projections: SIRENE_PROJECTIONS,
    read: ({ knex }, unit) => readEtablissementsBlock(knex, unit),
  },
  alertes_bodacc: {
    price: alertesRoute.price,
    registers: [FR_BODACC_REGISTER],
    projections: [BODACC_ANNONCES_PROJECTION],
    read: async ({ knex }, unit) => served(await readAlertes(knex, unit), []),
  },
  finances: {
    price: FINANCES_PRICE,
    registers: [FR_RATIOS_INPI_BCE_REGISTER],
    projections: [LISTE_PROJECTION],
    read: ({ knex }, unit) => readFinancesBlock(knex, unit.siren),
  },
  marches_publics: {
    price: marchesPublicsRoute.price,
    registers: [FR_DECP_REGISTER],
    projections: [decpProjection.name],
    read: ({ knex }, unit) => readMarchesPublicsBlock(knex, unit),
  },
  agrements: {
    price: AGREMENTS_PRICE,
    // Both lists' copies: the block says `aucune_donnee` only when neither holds anything for the company.
    registers: [FR_RGE_REGISTER, FR_QUALIOPI_REGISTER],
    projections: [rgeProjection.name, qualiopiProjection.name],
    read: ({ knex }, unit) => readAgrementsBlock(knex, unit.siren),
  },
  lobbying: {
    price: LOBBYING_PRICE,
    registers: [FR_HATVP_REGISTER],
    projections: [hatvpProjection.name],
    read: ({ knex }, unit) => readLobbyingBlock(knex, unit.siren),
  },
  risques_industriels: {
    price: RISQUES_INDUSTRIELS_PRICE,
    registers: [FR_ICPE_REGISTER],
    projections: [icpeProjection.name],
    read: ({ knex }, unit) => readRisquesIndustrielsBlock(knex, unit.siren),
  },
  marches_publics_ue: {
    price: marchesPublicsUeRoute.price,
    registers: [EU_TED_REGISTER],
    projections: [euTedProjection.name],
    read: ({ knex }, unit) => readMarchesPublicsUeBlock(knex, unit),
  },
  pi: {
    price: PI_PRICE,
    registers: [FR_INPI_PI_REGISTER],
    projections: [inpiPiProjection.name],
    read: ({ knex }, unit) => readPiBlock(knex, unit.siren),
  },
  // VIES is read live (its outage makes the block absent); the local copies are Sirene's and the BODACC's.
  facturation_prep: {
    price: FACTURATION_PREP_PRICE,
    registers: [FR_BODACC_REGISTER],
    projections: [BODACC_ANNONCES_PROJECTION],
    read: (deps, unit) => readFacturationPrepBlock(deps, unit),
  },
  documents: DOCUMENTS_BLOCK_SOURCE,
  // The model the service holds (HandlerDeps.scoreModel), on the features it reads from these copies.
  score: {
    price: SCORE_BLOCK_PRICE,
    registers: [FR_SIRENE_REGISTER, FR_BODACC_REGISTER],
    projections: [...SIRENE_PROJECTIONS, BODACC_ANNONCES_PROJECTION],
    read: (deps, unit) =>
      readScoreBlock(
        deps.knex,
        unit.siren,
        (deps.now ?? (() => new Date()))(),
        deps.scoreModel ?? NO_SCORE_MODEL,
      ),
  },
};
