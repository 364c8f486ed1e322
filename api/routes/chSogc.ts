import { chInsolvencySchema, chPublicationsSchema } from '../../schemas/responses/chSogc.ts';
import type { RouteDefinition } from '../catalogue/route.ts';
import {
  type EuropeanLiveDetailRegister,
  europeanLiveDetailRoutes,
  type LiveDetailSpec,
} from './europeLiveDetail.ts';

const UID_PARAM: EuropeanLiveDetailRegister['idParam'] = {
  name: 'id',
  in: 'path',
  required: true,
  description:
    'UID suisse CHE-123.456.789 (points et tirets facultatifs, CHE123456789 accepté), chiffre de contrôle vérifié. / Swiss UID with its check digit.',
  schema: { type: 'string', pattern: '^[0-9A-Za-z.\\-]{1,20}$', examples: ['CHE-102.925.180'] },
};

const SPECS: readonly LiveDetailSpec[] = [
  {
    segment: 'evenements',
    idSuffix: 'evenements',
    tool: {
      name: 'get_swiss_company_publications',
      title: 'Swiss company register publications',
      description:
        "A Swiss company's commercial-register publications in the official gazette (SOGC) since July 2018: new entry, changes with their closed-list flags (name, seat, address, purpose, capital, form, bankruptcy, liquidation), deletion; the company as each one states it; never the free text, which names persons. By UID.",
    },
    summary: 'Publications au registre du commerce d’une entreprise suisse (FOSC, en direct).',
    description:
      'Rubrique HR de la Feuille officielle suisse du commerce, lue en direct par l’UID : inscription, mutations (drapeaux structurés en liste fermée), radiation, la plus récente d’abord. Le texte libre de chaque publication n’est jamais servi ni conservé (texte_retenu: true), car il nomme des personnes ; la ligne « c/o » des adresses non plus. L’archive en ligne commence le 2018-07-01 : aucune_publication ne dit rien d’avant (couverture). Au plus 100 publications ; troncature et listes_bornees disent quand la liste est coupée. Entreprise individuelle : 404 entreprise_individuelle_non_servie ; forme qui ne décide pas (succursale…) : 404 forme_juridique_non_servie. Ne demande pas d’identifiants Zefix.',
    price: 20_000,
    responseSchema: chPublicationsSchema,
  },
  {
    segment: 'insolvabilite',
    idSuffix: 'insolvabilite',
    tool: {
      name: 'get_swiss_company_insolvency',
      title: 'Swiss company insolvency publications',
      description:
        "A Swiss company's insolvency-related publications in the official gazette (SOGC) since July 2018: bankruptcies (rubric KK), composition proceedings (NA), liquidation calls to creditors (LS), and register changes flagging a bankruptcy or a liquidation; references only, never the text. By UID.",
    },
    summary: 'Publications liées à l’insolvabilité d’une entreprise suisse (FOSC, en direct).',
    description:
      'Choix des rubriques : celles de la FOSC qui portent une procédure d’insolvabilité ou une liquidation de l’entreprise, à savoir KK (faillites : ouverture, appel aux créanciers, suspension, état de collocation, clôture, révocation…), NA (procédures concordataires : sursis, homologation…) et LS (appels aux créanciers d’une liquidation, qui peut être volontaire), plus les mutations HR dont les drapeaux structurés signalent une faillite (dissolution, suspension, révocation, clôture) ou une liquidation (dissolution, y compris art. 731b CO et 153b ORC, révocation). Les poursuites (SB) et les radiations HR03 ne sont pas retenues : elles ne disent pas une insolvabilité. famille : faillite (KK ou drapeau faillite), concordat (NA), liquidation (LS ou drapeau liquidation). Seules les références sont servies (date, numéro, rubrique, office) : le contenu de ces rubriques, qui nomme débiteurs, créanciers et liquidateurs, n’est ni demandé ni conservé. Une UID dont seules des publications d’insolvabilité existent, sans publication HR pour dire sa forme juridique, n’est pas servie (elle peut être une entreprise individuelle) : 404 forme_juridique_non_servie. Archive depuis le 2018-07-01 (couverture).',
    price: 20_000,
    responseSchema: chInsolvencySchema,
  },
];

/** The Swiss gazette's detail routes: a company's register publications and its insolvency publications. */
export const chSogcRoutes = (
  register: Omit<EuropeanLiveDetailRegister, 'idParam' | 'adjective'>,
): RouteDefinition[] =>
  europeanLiveDetailRoutes({ ...register, idParam: UID_PARAM, adjective: 'swiss' }, SPECS);
