import { UR_REGISTER } from '../../ingest/lv-ur/urEvents.ts';
import { lvAccounts } from '../../projections/eu-lv/lvAccounts.ts';
import { lvBeneficialOwners } from '../../projections/eu-lv/lvBeneficialOwners.ts';
import { lvEvents } from '../../projections/eu-lv/lvEvents.ts';
import { lvProceedings } from '../../projections/eu-lv/lvInsolvency.ts';
import { capitalOf, lvMembers } from '../../projections/eu-lv/lvMembers.ts';
import { lvMandates } from '../../projections/eu-lv/lvOfficers.ts';
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
  LV_PROFILES,
  LV_REORGANISATIONS,
  LV_SECURING,
  LV_SUSPENSIONS,
  lvProjection,
} from '../../projections/eu-lv/lvProjection.ts';
import { readStatements } from '../../projections/eu-lv/lvStatementsTable.ts';
import { readDetails } from '../../projections/eu-profile/detailDocuments.ts';
import {
  lvAccountsSchema,
  lvBeneficialOwnersSchema,
  lvEventsSchema,
  lvInsolvencySchema,
  lvMembersSchema,
  lvOfficersSchema,
} from '../../schemas/responses/europeLv.ts';
import type { ParamDefinition, RouteDefinition } from '../catalogue/route.ts';
import { detailFooter, detailHeader, measuredBy, servedCompany } from './euServedCompany.ts';

const regnrParam: ParamDefinition = {
  name: 'regnr',
  in: 'path',
  required: true,
  description: 'Numéro d’enregistrement letton, 11 chiffres. / Latvian registration number, 11 digits.',
  schema: { type: 'string', pattern: '^\\d{11}$', examples: ['40003900001'] },
};

// Freshness: the register's own threshold (7 days, ingest/registers.ts) gives 503 photo_perimee.
const common = {
  method: 'GET' as const,
  params: [regnrParam],
  freeTier: true,
  registers: [UR_REGISTER],
  projections: [lvProjection.name],
};

export const lvMembersRoute: RouteDefinition = {
  ...common,
  id: 'eu.lv.associes',
  path: '/v1/eu/entreprise/LV/{regnr}/associes',
  summary: 'Associés inscrits d’une entreprise lettone.',
  description:
    'Personnes physiques comptées, jamais nommées. Parts telles que publiées (LVL avant 2014) ; part du capital calculée seulement quand chaque ligne le permet.',
  price: 20_000,
  responseSchema: lvMembersSchema,
  async handler(ctx, { knex }) {
    const id = String(ctx.state.params?.regnr);
    const company = await servedCompany(knex, LV_PROFILES, 'LV', id);
    const associes = lvMembers(await readDetails(knex, LV_MEMBERS, id), company.forme_code);
    const measured = await measuredBy(knex, LV_FILES, 'members');
    return {
      body: {
        ...detailHeader('LV', id, company),
        aucun_associe_inscrit: measured && associes.length === 0,
        nombre_associes: associes.length,
        nombre_personnes_physiques: associes.filter((a) => a.type === 'personne_physique').length,
        associes,
        capital: capitalOf(associes),
        ...detailFooter(ctx, UR_REGISTER),
      },
    };
  },
};

export const lvOfficersRoute: RouteDefinition = {
  ...common,
  id: 'eu.lv.dirigeants',
  path: '/v1/eu/entreprise/LV/{regnr}/dirigeants',
  summary: 'Dirigeants inscrits d’une entreprise lettone.',
  description: 'Nom publié et fonction ; jamais de numéro d’identité ni de date de naissance.',
  price: 10_000,
  responseSchema: lvOfficersSchema,
  async handler(ctx, { knex }) {
    const id = String(ctx.state.params?.regnr);
    const company = await servedCompany(knex, LV_PROFILES, 'LV', id);
    const mandats = lvMandates(await readDetails(knex, LV_OFFICERS, id));
    const measured = await measuredBy(knex, LV_FILES, 'officers');
    return {
      body: {
        ...detailHeader('LV', id, company),
        nombre_mandats: mandats.length,
        nombre_personnes_physiques: mandats.filter((m) => m.titulaire.type === 'personne_physique').length,
        nombre_entites: mandats.filter((m) => m.titulaire.type === 'personne_morale').length,
        aucun_mandat_inscrit: measured && mandats.length === 0,
        mandats,
        ...detailFooter(ctx, UR_REGISTER),
      },
    };
  },
};

export const lvBeneficialOwnersRoute: RouteDefinition = {
  ...common,
  id: 'eu.lv.beneficiaires-effectifs',
  path: '/v1/eu/entreprise/LV/{regnr}/beneficiaires-effectifs',
  summary: 'Bénéficiaires effectifs déclarés d’une entreprise lettone (comptés, jamais nommés).',
  price: 20_000,
  responseSchema: lvBeneficialOwnersSchema,
  async handler(ctx, { knex }) {
    const id = String(ctx.state.params?.regnr);
    const company = await servedCompany(knex, LV_PROFILES, 'LV', id);
    const beneficiaires = lvBeneficialOwners(await readDetails(knex, LV_OWNERS, id));
    const measured = await measuredBy(knex, LV_FILES, 'beneficial_owners');
    return {
      body: {
        ...detailHeader('LV', id, company),
        aucun_beneficiaire_inscrit: measured && beneficiaires.length === 0,
        nombre_beneficiaires: beneficiaires.length,
        beneficiaires,
        ...detailFooter(ctx, UR_REGISTER),
      },
    };
  },
};

export const lvEventsRoute: RouteDefinition = {
  ...common,
  id: 'eu.lv.evenements',
  path: '/v1/eu/entreprise/LV/{regnr}/evenements',
  summary:
    'Événements juridiques d’une entreprise lettone : liquidations, suspensions et interdictions, sûretés, réorganisations.',
  description:
    'Huissiers et notaires par rôle seulement. Réorganisation : chaque société a son rôle et le numéro de l’autre dans societe_liee. aucun_evenement vrai seulement mesuré sur une photo complète des quatre fichiers.',
  price: 20_000,
  responseSchema: lvEventsSchema,
  async handler(ctx, { knex }) {
    const id = String(ctx.state.params?.regnr);
    const company = await servedCompany(knex, LV_PROFILES, 'LV', id);
    const evenements = lvEvents(id, {
      liquidations: await readDetails(knex, LV_LIQUIDATIONS, id),
      suspensions: await readDetails(knex, LV_SUSPENSIONS, id),
      securing: await readDetails(knex, LV_SECURING, id),
      reorganisations: await readDetails(knex, LV_REORGANISATIONS, id),
    });
    const measured =
      (await measuredBy(knex, LV_FILES, 'liquidations')) &&
      (await measuredBy(knex, LV_FILES, 'suspensions_prohibitions')) &&
      (await measuredBy(knex, LV_FILES, 'securing_measures')) &&
      (await measuredBy(knex, LV_FILES, 'reorganizations'));
    return {
      body: {
        ...detailHeader('LV', id, company),
        nombre_evenements: evenements.length,
        aucun_evenement: measured && evenements.length === 0,
        evenements,
        ...detailFooter(ctx, UR_REGISTER),
      },
    };
  },
};

export const lvInsolvencyRoute: RouteDefinition = {
  ...common,
  id: 'eu.lv.insolvabilite',
  path: '/v1/eu/entreprise/LV/{regnr}/insolvabilite',
  summary: 'Procédures d’insolvabilité et de protection juridique (TAP) d’une entreprise lettone.',
  description: 'Aucun administrateur judiciaire n’est nommé.',
  price: 20_000,
  responseSchema: lvInsolvencySchema,
  async handler(ctx, { knex }) {
    const id = String(ctx.state.params?.regnr);
    const company = await servedCompany(knex, LV_PROFILES, 'LV', id);
    const procedures = lvProceedings(await readDetails(knex, LV_INSOLVENCY, id));
    const measured = await measuredBy(knex, LV_FILES, 'insolvency');
    return {
      body: {
        ...detailHeader('LV', id, company),
        nombre_procedures: procedures.length,
        procedure_en_cours: procedures.some((p) => p.en_cours),
        aucune_procedure: measured && procedures.length === 0,
        procedures,
        ...detailFooter(ctx, UR_REGISTER),
      },
    };
  },
};

export const lvAccountsRoute: RouteDefinition = {
  ...common,
  id: 'eu.lv.comptes',
  path: '/v1/eu/entreprise/LV/{regnr}/comptes',
  summary:
    'Comptes annuels déposés d’une entreprise lettone : exercices, effectif, bilan, compte de résultat, flux de trésorerie.',
  description:
    'Montants tels que publiés, dans la devise (LVL avant 2014) et l’unité (arrondi) du dépôt ; les autres lignes publiées dans autres_postes. Un état absent (null) n’a pas été publié ou son fichier n’a pas été lu.',
  price: 30_000,
  responseSchema: lvAccountsSchema,
  async handler(ctx, { knex }) {
    const id = String(ctx.state.params?.regnr);
    const company = await servedCompany(knex, LV_PROFILES, 'LV', id);
    const filed = await readDetails(knex, LV_ACCOUNTS, id);
    const ids = filed.map((r) => String(r.id ?? '')).filter(Boolean);
    const comptes = lvAccounts(filed, {
      balanceSheets: await readStatements(knex, LV_BALANCE_SHEETS, ids),
      incomeStatements: await readStatements(knex, LV_INCOME_STATEMENTS, ids),
      cashFlows: await readStatements(knex, LV_CASH_FLOWS, ids),
    });
    const measured = await measuredBy(knex, LV_FILES, 'financial_statements');
    return {
      body: {
        ...detailHeader('LV', id, company),
        nombre_comptes: comptes.length,
        aucun_compte_depose: measured && comptes.length === 0,
        comptes,
        ...detailFooter(ctx, UR_REGISTER),
      },
    };
  },
};

export const EUROPE_LV_ROUTES: readonly RouteDefinition[] = [
  lvMembersRoute,
  lvOfficersRoute,
  lvBeneficialOwnersRoute,
  lvAccountsRoute,
  lvEventsRoute,
  lvInsolvencyRoute,
];
