import type { Knex } from 'knex';
import { liveSignalNotices } from '../../projections/fr-bodacc-annonces/liveNotices.ts';
import { type Signal, signalOf } from '../../projections/fr-bodacc-annonces/signalOf.ts';
import { sirenPathParam } from '../../schemas/params/siren.ts';
import { alertesSchema } from '../../schemas/responses/alertes.ts';
import type { RouteDefinition } from '../catalogue/route.ts';
import { BODACC_NOTICE_SOURCES } from './bodaccNoticeSources.ts';
import { readCoveredUnit } from './entreprise/readCoveredUnit.ts';

/** Candidate notices read per call (collective procedures and radiations); a company rarely has more than a few. */
const NOTICES_READ = 500;

const NOTE =
  'Faits publiés au BODACC (procédures collectives, radiations), tels que publiés ; aucune alerte ne prouve pas l’absence de procédure (couverture du BODACC en ligne, annonces sans SIREN). / Facts published in the BODACC, as published; no alert does not prove that no proceeding exists.';

/**
 * GET /v1/entreprise/{siren}/alertes: the company's collective-procedure and striking-off signals, each with
 * its date, tribunal, nature as published and the notice id; cancelled or replaced notices are left out.
 */
export const alertesRoute: RouteDefinition = {
  id: 'entreprise.alertes',
  tool: {
    name: 'get_french_company_alerts',
    title: 'BODACC warning signals of a French company',
    description:
      'The public warning signals of a French company from the BODACC gazette (collective proceedings, radiation), newest first, by SIREN.',
  },
  method: 'GET',
  path: '/v1/entreprise/{siren}/alertes',
  summary: 'Signaux BODACC d’une entreprise : ouverture de procédure, plan, liquidation, clôture, radiation.',
  description:
    'Chaque alerte donne sa catégorie, la procédure nommée, la date du jugement (ou de parution), le tribunal, la nature publiée et l’identifiant de l’annonce. Annonces annulées ou remplacées exclues ; les personnes physiques ne sont jamais nommées. Mêmes refus que la fiche entreprise (non facturés).',
  params: [sirenPathParam],
  price: 10_000,
  freeTier: true,
  ...BODACC_NOTICE_SOURCES,
  responseSchema: alertesSchema,
  async handler(ctx, { knex }) {
    const unit = await readCoveredUnit(knex, String(ctx.state.params?.siren));
    return { body: await readAlertes(knex, unit) };
  },
};

/** The alerts of a company, as the route serves them. */
export type Alertes = {
  siren: string;
  denomination: string | null;
  nombre_alertes: number;
  alertes: Signal[];
  listes_bornees: { alertes: { nombre_total: number; tronque: boolean; total_borne_basse: boolean } };
  note: string;
};

/**
 * The alerts of a company the coverage rules let through: this route's body, the dossier's `alertes_bodacc`,
 * and the collective proceedings of its `facturation_prep`.
 */
export async function readAlertes(
  knex: Knex,
  unit: { siren: string; denomination: string | null },
): Promise<Alertes> {
  const { total, notices } = await liveSignalNotices(knex, { siren: unit.siren, limit: NOTICES_READ });
  const alertes = notices.map(signalOf).filter((s): s is Signal => s !== null);
  const tronque = total > notices.length;
  return {
    siren: unit.siren,
    denomination: unit.denomination,
    nombre_alertes: alertes.length,
    alertes,
    listes_bornees: {
      alertes: { nombre_total: alertes.length, tronque, total_borne_basse: tronque },
    },
    note: NOTE,
  };
}
