import { ARIREGISTER_REGISTER } from '../../ingest/ee-ariregister/ariregisterEvents.ts';
import { eeBeneficialOwners } from '../../projections/eu-ee/eeBeneficialOwners.ts';
import { eeAnnualReports, eeCapital, eeStatusEvents } from '../../projections/eu-ee/eeGeneralData.ts';
import { eeMandates } from '../../projections/eu-ee/eeMandates.ts';
import { eeFounders, eeMembers, naturalPersonsPct } from '../../projections/eu-ee/eeMembers.ts';
import {
  EE_BENEFICIAL_OWNERS,
  EE_FILES,
  EE_GENERAL,
  EE_PERSONS,
  EE_PROFILES,
  EE_SHAREHOLDERS,
  eeProjection,
} from '../../projections/eu-ee/eeProjection.ts';
import { eeRepresentationRules } from '../../projections/eu-ee/eeRepresentation.ts';
import { readDetails } from '../../projections/eu-profile/detailDocuments.ts';
import {
  eeAccountsSchema,
  eeBeneficialOwnersSchema,
  eeEventsSchema,
  eeMembersSchema,
  eeOfficersSchema,
} from '../../schemas/responses/europeEe.ts';
import type { ParamDefinition, RouteDefinition } from '../catalogue/route.ts';
import { detailFooter, detailHeader, measuredBy, servedCompany } from './euServedCompany.ts';

const registrikoodParam: ParamDefinition = {
  name: 'registrikood',
  in: 'path',
  required: true,
  description:
    'Registrikood estonien, 8 chiffres (personnes morales seulement). / Estonian registry code, 8 digits.',
  schema: { type: 'string', pattern: '^\\d{8}$', examples: ['12652512'] },
};

const common = {
  method: 'GET' as const,
  params: [registrikoodParam],
  freeTier: true,
  registers: [ARIREGISTER_REGISTER],
  projections: [eeProjection.name],
};

const eeCompany = (knex: Parameters<RouteDefinition['handler']>[1]['knex'], id: string) =>
  servedCompany(knex, EE_PROFILES, 'EE', id);

export const eeOfficersRoute: RouteDefinition = {
  ...common,
  id: 'eu.ee.dirigeants',
  path: '/v1/eu/entreprise/EE/{registrikood}/dirigeants',
  summary: 'Dirigeants inscrits d’une personne morale estonienne (mandats en cours).',
  description:
    'Personnes physiques : prénom, nom et rôle seulement. Mandats en cours seulement ; pas d’historique. regles_representation : règle légale de chaque rôle (standard) et conditions spéciales en vigueur (speciales), textes du registre tels que publiés, codes personnels masqués ; null quand le fichier ne les publie pas.',
  price: 10_000,
  responseSchema: eeOfficersSchema,
  async handler(ctx, { knex }) {
    const id = String(ctx.state.params?.registrikood);
    const company = await eeCompany(knex, id);
    const footer = detailFooter(ctx, ARIREGISTER_REGISTER);
    const [doc] = await readDetails(knex, EE_PERSONS, id);
    const persons = (doc?.kaardile_kantud_isikud as Record<string, unknown>[] | undefined) ?? [];
    const mandats = eeMandates(persons, footer.photo_le);
    const measured = await measuredBy(knex, EE_FILES, 'isikud');
    return {
      body: {
        ...detailHeader('EE', id, company),
        forme_juridique: { code: company.forme_code, libelle: company.forme_libelle },
        nombre_mandats: mandats.length,
        nombre_personnes_physiques: mandats.filter((m) => m.titulaire.type === 'personne_physique').length,
        nombre_entites: mandats.filter((m) => m.titulaire.type === 'personne_morale').length,
        aucun_mandat_inscrit: measured && mandats.length === 0,
        mandats,
        regles_representation: eeRepresentationRules(doc, footer.photo_le),
        ...footer,
      },
    };
  },
};

export const eeMembersRoute: RouteDefinition = {
  ...common,
  id: 'eu.ee.associes',
  path: '/v1/eu/entreprise/EE/{registrikood}/associes',
  summary: 'Associés inscrits d’une personne morale estonienne.',
  description:
    'Personnes morales nommées ; personnes physiques comptées, jamais nommées (associés et fondateurs). Les actions dématérialisées d’une AS sont tenues hors registre : une AS sans ligne n’a pas zéro actionnaire. capital : capital social inscrit en cours (données générales) ; fondateurs null quand la fiche n’en garde pas.',
  price: 20_000,
  responseSchema: eeMembersSchema,
  async handler(ctx, { knex }) {
    const id = String(ctx.state.params?.registrikood);
    const company = await eeCompany(knex, id);
    const [doc] = await readDetails(knex, EE_SHAREHOLDERS, id);
    const associes = eeMembers((doc?.osanikud as Record<string, unknown>[] | undefined) ?? []);
    const [card] = await readDetails(knex, EE_PERSONS, id);
    const fondateurs = eeFounders(
      (card?.kaardile_kantud_isikud as Record<string, unknown>[] | undefined) ?? [],
    );
    const { general } = await generalData(knex, id);
    const pledges = doc?.osapandid_tingimuslikud_voorandamised as unknown[] | undefined;
    const measured = await measuredBy(knex, EE_FILES, 'osanikud');
    // An AS keeps its shareholders in the securities depository: an empty list proves nothing there.
    const dematerialised = company.forme_code === 'AS';
    return {
      body: {
        ...detailHeader('EE', id, company),
        forme_juridique: { code: company.forme_code, libelle: company.forme_libelle },
        aucun_associe_inscrit: measured && !dematerialised && associes.length === 0,
        nombre_associes: associes.length,
        nombre_personnes_physiques: associes.filter((a) => a.type === 'personne_physique').length,
        associes,
        nombre_actionnaires_hors_carte: null,
        actionnaires_hors_carte: null,
        fondateurs,
        gages_sur_parts: pledges && pledges.length === 0 ? [] : null,
        capital: eeCapital(general),
        detenu_par_personnes_physiques_pct: naturalPersonsPct(associes),
        ...detailFooter(ctx, ARIREGISTER_REGISTER),
      },
    };
  },
};

/** The company's general-data object, and whether the published pass read the general-data file. */
async function generalData(knex: Parameters<RouteDefinition['handler']>[1]['knex'], id: string) {
  const [doc] = await readDetails(knex, EE_GENERAL, id);
  const general = (doc?.yldandmed as Record<string, unknown> | undefined) ?? null;
  return { general, measured: await measuredBy(knex, EE_FILES, 'yldandmed') };
}

export const eeAccountsRoute: RouteDefinition = {
  ...common,
  id: 'eu.ee.comptes',
  path: '/v1/eu/entreprise/EE/{registrikood}/comptes',
  summary: 'Rapports annuels déposés d’une personne morale estonienne (période, effectif, activité).',
  description: 'Tirés des données générales ouvertes, qui ne portent pas de chiffres financiers.',
  price: 20_000,
  responseSchema: eeAccountsSchema,
  async handler(ctx, { knex }) {
    const id = String(ctx.state.params?.registrikood);
    const company = await eeCompany(knex, id);
    const { general, measured } = await generalData(knex, id);
    const rapports = eeAnnualReports(general);
    return {
      body: {
        ...detailHeader('EE', id, company),
        forme_juridique: { code: company.forme_code, libelle: company.forme_libelle },
        nombre_rapports: rapports.length,
        aucun_rapport_depose: measured && general !== null && rapports.length === 0,
        rapports,
        ...detailFooter(ctx, ARIREGISTER_REGISTER),
      },
    };
  },
};

export const eeEventsRoute: RouteDefinition = {
  ...common,
  id: 'eu.ee.evenements',
  path: '/v1/eu/entreprise/EE/{registrikood}/evenements',
  summary:
    'Historique des statuts d’une personne morale estonienne (inscription, liquidation, faillite, radiation).',
  price: 20_000,
  responseSchema: eeEventsSchema,
  async handler(ctx, { knex }) {
    const id = String(ctx.state.params?.registrikood);
    const company = await eeCompany(knex, id);
    const { general, measured } = await generalData(knex, id);
    const evenements = eeStatusEvents(general);
    return {
      body: {
        ...detailHeader('EE', id, company),
        forme_juridique: { code: company.forme_code, libelle: company.forme_libelle },
        nombre_evenements: evenements.length,
        aucun_evenement: measured && general !== null && evenements.length === 0,
        evenements,
        ...detailFooter(ctx, ARIREGISTER_REGISTER),
      },
    };
  },
};

export const eeBeneficialOwnersRoute: RouteDefinition = {
  ...common,
  id: 'eu.ee.beneficiaires-effectifs',
  path: '/v1/eu/entreprise/EE/{registrikood}/beneficiaires-effectifs',
  summary: 'Bénéficiaires effectifs déclarés d’une personne morale estonienne (comptés, jamais nommés).',
  description:
    'Bénéficiaires en cours : mode de contrôle, pays de résidence, depuis. Jamais de nom, de code personnel ni de date de naissance. aucun_beneficiaire_inscrit vrai seulement mesuré sur le fichier complet de la photo.',
  price: 20_000,
  responseSchema: eeBeneficialOwnersSchema,
  async handler(ctx, { knex }) {
    const id = String(ctx.state.params?.registrikood);
    const company = await eeCompany(knex, id);
    const footer = detailFooter(ctx, ARIREGISTER_REGISTER);
    const [doc] = await readDetails(knex, EE_BENEFICIAL_OWNERS, id);
    const rows = (doc?.kasusaajad as Record<string, unknown>[] | undefined) ?? [];
    const beneficiaires = eeBeneficialOwners(rows, footer.photo_le);
    const measured = await measuredBy(knex, EE_FILES, 'kasusaajad');
    return {
      body: {
        ...detailHeader('EE', id, company),
        forme_juridique: { code: company.forme_code, libelle: company.forme_libelle },
        aucun_beneficiaire_inscrit: measured && beneficiaires.length === 0,
        nombre_beneficiaires: beneficiaires.length,
        beneficiaires,
        ...footer,
      },
    };
  },
};

export const EUROPE_EE_ROUTES: readonly RouteDefinition[] = [
  eeOfficersRoute,
  eeMembersRoute,
  eeBeneficialOwnersRoute,
  eeAccountsRoute,
  eeEventsRoute,
];
