import { EU_CORDIS_PROJECTION } from '../../projections/eu-cordis/euCordisProjection.ts';
import { decpProjection } from '../../projections/fr-decp/decpProjection.ts';
import { LISTE_PROJECTION } from '../../projections/fr-entreprises-liste/listeProjection.ts';
import { etablissementsProjection } from '../../projections/fr-sirene-etablissements/etablissementsProjection.ts';
import { SIGNAUX_PROSPECTION, type SignalProspection } from '../../schemas/enums/signauxProspection.ts';
import { EU_CORDIS_REGISTER } from '../../schemas/events/euCordisEvents.ts';
import { FR_BODACC_REGISTER } from '../../schemas/events/frBodaccEvents.ts';
import { FR_DECP_REGISTER } from '../../schemas/events/frDecpEvents.ts';
import { FR_RATIOS_INPI_BCE_REGISTER } from '../../schemas/events/frRatiosInpiBceEvents.ts';
import { FR_SIRENE_REGISTER } from '../../schemas/events/frSireneEvents.ts';
import { prospectionResponseSchema } from '../../schemas/responses/prospection.ts';
import type { MutedRegister, ParamDefinition, RouteDefinition } from '../catalogue/route.ts';
import { unavailable } from '../errors/apiError.ts';
import { bothOf } from '../lister/buildListQuery.ts';
import { catalogueForOpenApi } from '../lister/fieldCatalogue.ts';
import { listerRefusal } from '../lister/listerRefusal.ts';
import { OPERATOR_MEANINGS } from '../lister/operators.ts';
import { parseCriteria } from '../lister/parseCriteria.ts';
import { parseOutputFields } from '../lister/parseOutputFields.ts';
import { parsePage } from '../lister/parsePage.ts';
import { parseSort } from '../lister/parseSort.ts';
import { type ListRow, runListQuery, tooBroad } from '../lister/runListQuery.ts';
import {
  parseRecenceMois,
  parseSignaux,
  RECENCE_MOIS_DEFAULT,
  RECENCE_MOIS_MAX,
} from '../prospection/parseSignaux.ts';
import {
  anySignalOf,
  NOT_OPTED_OUT,
  SIGNAL_DEFINITIONS,
  type SignalWindow,
  signalDatesSql,
  signalOf,
  signalWindow,
} from '../prospection/prospectSignals.ts';
import {
  accepts,
  LISTER_ERRORS,
  refusal as listerParamRefusal,
  listerParams,
  registersRead as listerRegistersRead,
  listPageBody,
  PAGE_SIZE,
  STATEMENT_BUDGET_MS,
} from './lister.ts';

const prospectionParams: ParamDefinition[] = [
  ...listerParams,
  {
    name: 'signaux',
    in: 'query',
    required: false,
    description: `Signaux séparés par des virgules, parmi ${SIGNAUX_PROSPECTION.join(', ')} : seules les entreprises qui en portent au moins un dans la fenêtre sont listées. Absent : aucun filtre (chaque résultat dit quand même ses signaux). effectif_en_hausse n’est pas calculé (les modèles de lecture ne gardent pas la tranche d’effectif précédente) : refusé.`,
    schema: { type: 'string' },
    check: accepts(parseSignaux),
  },
  {
    name: 'recence_mois',
    in: 'query',
    required: false,
    description: `Fenêtre des signaux, en mois avant le jour de la réponse, de 1 à ${RECENCE_MOIS_MAX} ; défaut ${RECENCE_MOIS_DEFAULT}.`,
    schema: { type: 'string' },
    check: accepts(parseRecenceMois),
  },
];

/** The lister's refusals, and this route's own parameters refused as values of the closed list. */
function refusal(code: string, champ: string, message: string) {
  if (code !== 'parametre_inconnu' && (champ === 'signaux' || champ === 'recence_mois')) {
    return listerRefusal('valeur_invalide', champ, message);
  }
  return listerParamRefusal(code, champ, message);
}

/** The signals' registers degrade: the list (Sirene, accounts) refuses when stale, a signal's source does not. */
const SIGNAL_ONLY_REGISTERS = [FR_DECP_REGISTER, EU_CORDIS_REGISTER];

/** What the lister reads for the criteria, and every signal's register. */
function registersRead(params: Record<string, unknown>): string[] {
  return [...listerRegistersRead(params), ...SIGNAL_ONLY_REGISTERS];
}

/**
 * The signals this answer computes (those whose register has a fresh copy) and those it cannot; a filter on a
 * signal whose register is not fresh is refused with the register's 503, since an empty list would be sold.
 */
function signalsComputed(asked: readonly SignalProspection[], muted: readonly MutedRegister[]) {
  const mutedOf = (register: string) => muted.find((m) => m.registre === register);
  for (const code of asked) {
    const down = mutedOf(signalOf(code)!.register);
    if (down) {
      throw unavailable(
        down.motif as 'collecte_en_cours',
        `Signal « ${code} » demandé, mais ${down.registre} n’a pas de photo fraîche (${down.motif}) : rien n’est vendu. / The signal's register is not fresh.`,
        { registre: down.registre, motif_panne: down.motif },
      );
    }
  }
  return {
    computed: SIGNAL_DEFINITIONS.filter((s) => !mutedOf(s.register)),
    notComputed: SIGNAL_DEFINITIONS.flatMap((s) => {
      const down = mutedOf(s.register);
      return down ? [{ code: s.code, registre: s.register, motif: down.motif }] : [];
    }),
  };
}

interface Signal {
  code: string;
  date: string;
  source: string;
}

/**
 * GET /v1/prospection: the lister's criteria, sort, pages and members (api/routes/lister.ts: same parameters,
 * same refusals, same list table, so the same companies: legal persons whose unit is diffusible, never a sole
 * proprietor), less the companies whose head office opted out (NOT_OPTED_OUT), filtered on signals, each result
 * with every signal it carries in the window.
 */
export function prospectionRoute(
  opts: { pageSize?: number; statementBudgetMs?: number } = {},
): RouteDefinition {
  const pageSize = opts.pageSize ?? PAGE_SIZE;
  const timeoutMs = opts.statementBudgetMs ?? STATEMENT_BUDGET_MS;
  return {
    id: 'prospection',
    tool: {
      name: 'prospect_french_companies',
      title: 'French sales prospects by criteria and signals',
      description:
        'List French companies (legal persons only, never a sole proprietor nor a company opted out of diffusion) by the same criteria as list_french_companies, with their sales signals in a window of months: recent creation, new establishment (Sirene), public contract won (DECP), EU funding (CORDIS), each with its date and source; filter on signals with `signaux`.',
    },
    method: 'GET',
    path: '/v1/prospection',
    summary:
      'Prospection : entreprises (personnes morales) par critères de la liste, avec leurs signaux commerciaux datés et sourcés.',
    description:
      'Mêmes critères, tri, pages (100 entreprises, 100 pages) et refus que /v1/entreprises/requete/lister. Chaque résultat porte `signaux[]` ({code, date, source}) lus dans la fenêtre `recence_mois` : creation_recente (Sirene, dateCreationUniteLegale), nouvel_etablissement (Sirene, établissement actif et diffusible ouvert après la création de l’entreprise), marche_public_gagne (DECP, date de notification d’un marché dont elle est titulaire), financement_ue (CORDIS, début d’un projet où elle reçoit une contribution de l’UE). Jamais d’entrepreneur individuel ni de personne physique ; jamais d’unité ni de siège en diffusion partielle (statutDiffusion P : opposition à la diffusion, prospection commerciale comprise).',
    params: prospectionParams,
    price: 20_000,
    freeTier: true,
    errors: LISTER_ERRORS,
    registers: [
      FR_SIRENE_REGISTER,
      FR_RATIOS_INPI_BCE_REGISTER,
      FR_BODACC_REGISTER,
      ...SIGNAL_ONLY_REGISTERS,
    ],
    registersFor: registersRead,
    projections: [LISTE_PROJECTION, etablissementsProjection.name, decpProjection.name, EU_CORDIS_PROJECTION],
    freshness: { maxAgeDays: 45, code: 'stock_perime' },
    freshnessDegrades: SIGNAL_ONLY_REGISTERS,
    refusal,
    sampleQuery: { signaux: 'nouvel_etablissement', recence_mois: String(RECENCE_MOIS_MAX) },
    openApiExtensions: { 'x-catalogue-champs': catalogueForOpenApi(), 'x-operateurs': OPERATOR_MEANINGS },
    responseSchema: prospectionResponseSchema,
    async handler(ctx, { budgeted, now }) {
      const p = ctx.state.params as Record<string, string | undefined>;
      const request = {
        criteria: parseCriteria(p.criteres),
        sort: parseSort(p.tri),
        page: parsePage(p.page),
        pageSize,
        extra: parseOutputFields(p.champs),
      };
      const asked = parseSignaux(p.signaux);
      const months = parseRecenceMois(p.recence_mois);
      const window = signalWindow((now ?? (() => new Date()))(), months);
      const { computed, notComputed } = signalsComputed(asked, ctx.state.registresMuets ?? []);
      const filter = asked.map((code) => signalOf(code)!);
      const pool = budgeted.get(timeoutMs);
      const found = await runListQuery(pool, {
        ...request,
        withPage: true,
        restrict: filter.length > 0 ? bothOf(NOT_OPTED_OUT, anySignalOf(filter, window)) : NOT_OPTED_OUT,
      });
      const signals = await readSignals(pool.knex, computed, found.rows, window).catch((err) => {
        throw tooBroad(err, pool);
      });
      const page = listPageBody(request, found);
      return {
        body: {
          criteres: page.criteres,
          signaux_demandes: asked,
          fenetre: { recence_mois: months, ...window },
          tri: page.tri,
          page: page.page,
          page_suivante: page.page_suivante,
          nombre_resultats: page.nombre_resultats,
          resultats: page.resultats.map((r, i) => ({
            ...r,
            signaux: signals.get(String(found.rows[i]!.siren)) ?? [],
          })),
          signaux_non_calcules: notComputed,
          listes_bornees: page.listes_bornees,
          champs: page.champs,
        },
      };
    },
  };
}

/** Every computed signal of the page's companies, by SIREN, in the order of the closed list. */
async function readSignals(
  knex: import('knex').Knex,
  computed: typeof SIGNAL_DEFINITIONS,
  rows: readonly ListRow[],
  window: SignalWindow,
): Promise<Map<string, Signal[]>> {
  const bySiren = new Map<string, Signal[]>();
  if (rows.length === 0 || computed.length === 0) return bySiren;
  const q = signalDatesSql(
    computed,
    rows.map((r) => String(r.siren)),
    window,
  );
  const { rows: found } = await knex.raw<{ rows: Record<string, string | null>[] }>(q.sql, q.bindings);
  for (const row of found) {
    const list: Signal[] = [];
    for (const s of computed) {
      const date = row[s.code];
      if (date) list.push({ code: s.code, date, source: s.register });
    }
    bySiren.set(String(row.siren), list);
  }
  return bySiren;
}

export const PROSPECTION_ROUTE: RouteDefinition = prospectionRoute();
