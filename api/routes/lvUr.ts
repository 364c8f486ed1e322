import { readDetails } from '../../projections/eu-profile/detailDocuments.ts';
import { lvAccounts } from '../../projections/lv-ur/lvAccounts.ts';
import { lvBeneficialOwners } from '../../projections/lv-ur/lvBeneficialOwners.ts';
import { lvEvents } from '../../projections/lv-ur/lvEvents.ts';
import { lvProceedings } from '../../projections/lv-ur/lvInsolvency.ts';
import { capitalOf, lvMembers } from '../../projections/lv-ur/lvMembers.ts';
import { lvMandates } from '../../projections/lv-ur/lvOfficers.ts';
import { readStatements } from '../../projections/lv-ur/lvStatementsTable.ts';
import {
  LV_ACCOUNTS,
  LV_BALANCE_SHEETS,
  LV_CASH_FLOWS,
  LV_FILES,
  LV_INCOME_STATEMENTS,
  LV_INSOLVENCY,
  LV_LIQUIDATIONS,
  LV_MEMBERS,
  LV_OFFICERS,
  LV_OWNERS,
  LV_REORGANISATIONS,
  LV_SECURING,
  LV_SUSPENSIONS,
  LV_UR_PROFILES,
  lvUrProjection,
} from '../../projections/lv-ur/lvUrProjection.ts';
import { LV_UR_REGISTER } from '../../schemas/events/lvUrEvents.ts';
import {
  lvAccountsSchema,
  lvBeneficialOwnersSchema,
  lvEventsSchema,
  lvInsolvencySchema,
  lvMembersSchema,
  lvOfficersSchema,
} from '../../schemas/responses/lvUr.ts';
import type { RouteDefinition } from '../catalogue/route.ts';
import { detailLists, europeanDetailRoutes, listDetail } from './europeanDetailRoute.ts';

// Freshness: the register's own threshold (its manifest, app/registers/lvUr.ts) gives 503 photo_perimee.
export const LV_UR_ROUTES: readonly RouteDefinition[] = europeanDetailRoutes(
  {
    pays: 'LV',
    adjective: 'latvian',
    register: LV_UR_REGISTER,
    projection: lvUrProjection.name,
    profilesTable: LV_UR_PROFILES,
    filesTable: LV_FILES,
    idParam: {
      name: 'regnr',
      in: 'path',
      required: true,
      description: 'Numéro d’enregistrement letton, 11 chiffres. / Latvian registration number, 11 digits.',
      schema: { type: 'string', pattern: '^\\d{11}$', examples: ['40003900001'] },
    },
  },
  [
    {
      segment: 'associes',
      tool: {
        object: 'members',
        description:
          "A Latvian company's registered members: legal persons named, natural persons counted, never named; shares and capital, by national registration number.",
      },
      summary: 'Associés inscrits d’une entreprise lettone.',
      description:
        'Personnes physiques comptées, jamais nommées. Parts telles que publiées (LVL avant 2014) ; part du capital calculée seulement quand chaque ligne le permet.',
      price: 20_000,
      responseSchema: lvMembersSchema,
      measuredBy: 'members',
      async read({ knex, id, company, measured }) {
        const associes = lvMembers(await readDetails(knex, LV_MEMBERS, id), company.forme_code);
        return {
          ...detailLists.members(associes, measured),
          capital: capitalOf(associes),
        };
      },
    },
    listDetail('mandates', {
      toolDescription:
        "A Latvian company's registered officers with the name published and their function; never an ID number or birth date, by national registration number.",
      summary: 'Dirigeants inscrits d’une entreprise lettone.',
      description: 'Nom publié et fonction ; jamais de numéro d’identité ni de date de naissance.',
      responseSchema: lvOfficersSchema,
      measuredBy: 'officers',
      list: async ({ knex, id }) => lvMandates(await readDetails(knex, LV_OFFICERS, id)),
    }),
    listDetail('beneficialOwners', {
      toolDescription:
        "A Latvian company's declared beneficial owners, counted and never named, by national registration number.",
      summary: 'Bénéficiaires effectifs déclarés d’une entreprise lettone (comptés, jamais nommés).',
      responseSchema: lvBeneficialOwnersSchema,
      measuredBy: 'beneficial_owners',
      list: async ({ knex, id }) => lvBeneficialOwners(await readDetails(knex, LV_OWNERS, id)),
    }),
    {
      segment: 'comptes',
      tool: {
        object: 'accounts',
        description:
          "A Latvian company's filed financial statements: balance sheets, income and cash-flow statements by year, by national registration number.",
      },
      summary:
        'Comptes annuels déposés d’une entreprise lettone : exercices, effectif, bilan, compte de résultat, flux de trésorerie.',
      description:
        'Montants tels que publiés, dans la devise (LVL avant 2014) et l’unité (arrondi) du dépôt ; les autres lignes publiées dans autres_postes. Un état absent (null) n’a pas été publié ou son fichier n’a pas été lu.',
      price: 30_000,
      responseSchema: lvAccountsSchema,
      measuredBy: 'financial_statements',
      async read({ knex, id, measured }) {
        const filed = await readDetails(knex, LV_ACCOUNTS, id);
        const ids = filed.map((r) => String(r.id ?? '')).filter(Boolean);
        const comptes = lvAccounts(filed, {
          balanceSheets: await readStatements(knex, LV_BALANCE_SHEETS, ids),
          incomeStatements: await readStatements(knex, LV_INCOME_STATEMENTS, ids),
          cashFlows: await readStatements(knex, LV_CASH_FLOWS, ids),
        });
        return {
          nombre_comptes: comptes.length,
          aucun_compte_depose: measured && comptes.length === 0,
          comptes,
        };
      },
    },
    {
      segment: 'evenements',
      tool: {
        object: 'events',
        description:
          "A Latvian company's legal events: liquidations, suspensions and prohibitions, securing measures, reorganisations, by national registration number.",
      },
      summary:
        'Événements juridiques d’une entreprise lettone : liquidations, suspensions et interdictions, sûretés, réorganisations.',
      description:
        'Huissiers et notaires par rôle seulement. Réorganisation : chaque société a son rôle et le numéro de l’autre dans societe_liee. aucun_evenement vrai seulement mesuré sur une photo complète des quatre fichiers.',
      price: 20_000,
      responseSchema: lvEventsSchema,
      measuredBy: ['liquidations', 'suspensions_prohibitions', 'securing_measures', 'reorganizations'],
      async read({ knex, id, measured }) {
        const evenements = lvEvents(id, {
          liquidations: await readDetails(knex, LV_LIQUIDATIONS, id),
          suspensions: await readDetails(knex, LV_SUSPENSIONS, id),
          securing: await readDetails(knex, LV_SECURING, id),
          reorganisations: await readDetails(knex, LV_REORGANISATIONS, id),
        });
        return detailLists.events(evenements, measured);
      },
    },
    {
      segment: 'insolvabilite',
      tool: {
        object: 'insolvency',
        description: "A Latvian company's insolvency proceedings, by national registration number.",
      },
      summary: 'Procédures d’insolvabilité et de protection juridique (TAP) d’une entreprise lettone.',
      description: 'Aucun administrateur judiciaire n’est nommé.',
      price: 20_000,
      responseSchema: lvInsolvencySchema,
      measuredBy: 'insolvency',
      async read({ knex, id, measured }) {
        const procedures = lvProceedings(await readDetails(knex, LV_INSOLVENCY, id));
        return {
          nombre_procedures: procedures.length,
          procedure_en_cours: procedures.some((p) => p.en_cours),
          aucune_procedure: measured && procedures.length === 0,
          procedures,
        };
      },
    },
  ],
);
