import type { Knex } from 'knex';
import {
  EE_ARIREGISTER_PROFILES,
  EE_BENEFICIAL_OWNERS,
  EE_FILES,
  EE_GENERAL,
  EE_PERSONS,
  EE_SHAREHOLDERS,
  eeAriregisterProjection,
} from '../../projections/ee-ariregister/eeAriregisterProjection.ts';
import { eeBeneficialOwners } from '../../projections/ee-ariregister/eeBeneficialOwners.ts';
import {
  eeAnnualReports,
  eeCapital,
  eeStatusEvents,
} from '../../projections/ee-ariregister/eeGeneralData.ts';
import { eeMandates } from '../../projections/ee-ariregister/eeMandates.ts';
import { eeFounders, eeMembers, naturalPersonsPct } from '../../projections/ee-ariregister/eeMembers.ts';
import { eeRepresentationRules } from '../../projections/ee-ariregister/eeRepresentation.ts';
import { readDetails } from '../../projections/eu-profile/detailDocuments.ts';
import { EE_ARIREGISTER_REGISTER } from '../../schemas/events/eeAriregisterEvents.ts';
import {
  eeAccountsSchema,
  eeBeneficialOwnersSchema,
  eeEventsSchema,
  eeMembersSchema,
  eeOfficersSchema,
} from '../../schemas/responses/eeAriregister.ts';
import type { RouteDefinition } from '../catalogue/route.ts';
import { type DetailRead, detailLists, europeanDetailRoutes } from './europeanDetailRoute.ts';

type Doc = Record<string, unknown>;

/** The company's general-data object, or null when the published pass holds none for it. */
async function generalData(knex: Knex, id: string) {
  const [doc] = await readDetails(knex, EE_GENERAL, id);
  return (doc?.yldandmed as Record<string, unknown> | undefined) ?? null;
}

/** The rows listed under `member` of a document: none when the document or the member is absent. */
const listIn = (doc: Doc | undefined, member: string): Doc[] => (doc?.[member] as Doc[] | undefined) ?? [];

/**
 * A body read from the company's document in one detail table: `members` gets the document (undefined when
 * the file holds no object for the company) and whether an empty list in it is measured (`held`): the pass
 * read the whole file and the file holds the company's own object. A company the file has no object for is
 * not held there, which says nothing of its officers or members: never read as "none registered".
 */
function fromDocument(
  table: string,
  members: (doc: Doc | undefined, held: boolean, detail: DetailRead) => Promise<Doc> | Doc,
): (detail: DetailRead) => Promise<Doc> {
  return async (detail) => {
    const [doc] = await readDetails(detail.knex, table, detail.id);
    return members(doc, detail.measured && doc !== undefined, detail);
  };
}

export const EE_ARIREGISTER_ROUTES: readonly RouteDefinition[] = europeanDetailRoutes(
  {
    pays: 'EE',
    adjective: 'estonian',
    register: EE_ARIREGISTER_REGISTER,
    projection: eeAriregisterProjection.name,
    profilesTable: EE_ARIREGISTER_PROFILES,
    filesTable: EE_FILES,
    idParam: {
      name: 'registrikood',
      in: 'path',
      required: true,
      description:
        'Registrikood estonien, 8 chiffres (personnes morales seulement). / Estonian registry code, 8 digits.',
      schema: { type: 'string', pattern: '^\\d{8}$', examples: ['12652512'] },
    },
    header: (company) => ({ forme_juridique: { code: company.forme_code, libelle: company.forme_libelle } }),
  },
  [
    {
      segment: 'dirigeants',
      tool: {
        object: 'officers',
        description:
          "An Estonian company's current mandates (board members, procurators...) with role, natural persons by first and last name only, and the representation rules, by national registration number.",
      },
      summary: 'Dirigeants inscrits d’une personne morale estonienne (mandats en cours).',
      description:
        'Personnes physiques : prénom, nom et rôle seulement. Mandats en cours seulement ; pas d’historique. regles_representation : règle légale de chaque rôle (standard) et conditions spéciales en vigueur (speciales), textes du registre tels que publiés, codes personnels masqués ; null quand le fichier ne les publie pas.',
      price: 10_000,
      responseSchema: eeOfficersSchema,
      measuredBy: 'isikud',
      read: fromDocument(EE_PERSONS, (doc, held, { photoLe }) => ({
        ...detailLists.mandates(eeMandates(listIn(doc, 'kaardile_kantud_isikud'), photoLe), held),
        regles_representation: eeRepresentationRules(doc, photoLe),
      })),
    },
    {
      segment: 'associes',
      tool: {
        object: 'members',
        description:
          "An Estonian company's registered shareholders and founders: legal persons named, natural persons counted, never named; share capital, by national registration number.",
      },
      summary: 'Associés inscrits d’une personne morale estonienne.',
      description:
        'Personnes morales nommées ; personnes physiques comptées, jamais nommées (associés et fondateurs). Les actions dématérialisées d’une AS sont tenues hors registre : une AS sans ligne n’a pas zéro actionnaire. capital : capital social inscrit en cours (données générales) ; fondateurs null quand la fiche n’en garde pas.',
      price: 20_000,
      responseSchema: eeMembersSchema,
      measuredBy: 'osanikud',
      read: fromDocument(EE_SHAREHOLDERS, async (doc, held, { knex, id, company }) => {
        const associes = eeMembers(listIn(doc, 'osanikud'));
        const [card] = await readDetails(knex, EE_PERSONS, id);
        const pledges = doc?.osapandid_tingimuslikud_voorandamised as unknown[] | undefined;
        // An AS keeps its shareholders in the securities depository: an empty list proves nothing there.
        const dematerialised = company.forme_code === 'AS';
        return {
          ...detailLists.members(associes, held && !dematerialised),
          nombre_actionnaires_hors_carte: null,
          actionnaires_hors_carte: null,
          fondateurs: eeFounders(listIn(card, 'kaardile_kantud_isikud')),
          gages_sur_parts: pledges && pledges.length === 0 ? [] : null,
          capital: eeCapital(await generalData(knex, id)),
          detenu_par_personnes_physiques_pct: naturalPersonsPct(associes),
        };
      }),
    },
    {
      segment: 'beneficiaires-effectifs',
      tool: {
        object: 'beneficial_owners',
        description:
          "An Estonian company's declared beneficial owners, counted and never named, by national registration number.",
      },
      summary: 'Bénéficiaires effectifs déclarés d’une personne morale estonienne (comptés, jamais nommés).',
      description:
        'Bénéficiaires en cours : mode de contrôle, pays de résidence, depuis. Jamais de nom, de code personnel ni de date de naissance. aucun_beneficiaire_inscrit vrai seulement mesuré sur le fichier complet de la photo, quand il porte l’objet de la société.',
      price: 20_000,
      responseSchema: eeBeneficialOwnersSchema,
      measuredBy: 'kasusaajad',
      read: fromDocument(EE_BENEFICIAL_OWNERS, (doc, held, { photoLe }) =>
        detailLists.beneficialOwners(eeBeneficialOwners(listIn(doc, 'kasusaajad'), photoLe), held),
      ),
    },
    {
      segment: 'comptes',
      tool: {
        object: 'accounts',
        description:
          "An Estonian company's annual reports filed: financial years and their main figures, by national registration number.",
      },
      summary: 'Rapports annuels déposés d’une personne morale estonienne (période, effectif, activité).',
      description: 'Tirés des données générales ouvertes, qui ne portent pas de chiffres financiers.',
      price: 20_000,
      responseSchema: eeAccountsSchema,
      measuredBy: 'yldandmed',
      async read({ knex, id, measured }) {
        const general = await generalData(knex, id);
        const rapports = eeAnnualReports(general);
        return {
          nombre_rapports: rapports.length,
          aucun_rapport_depose: measured && general !== null && rapports.length === 0,
          rapports,
        };
      },
    },
    {
      segment: 'evenements',
      tool: {
        object: 'events',
        description:
          "An Estonian company's status events (liquidation, bankruptcy, deletion...) from the register, by national registration number.",
      },
      summary:
        'Historique des statuts d’une personne morale estonienne (inscription, liquidation, faillite, radiation).',
      price: 20_000,
      responseSchema: eeEventsSchema,
      measuredBy: 'yldandmed',
      async read({ knex, id, measured }) {
        const general = await generalData(knex, id);
        return detailLists.events(eeStatusEvents(general), measured && general !== null);
      },
    },
  ],
);
