import { readDetails } from '../../projections/eu-profile/detailDocuments.ts';
import {
  firmOfCui,
  proceedingRecorded,
  roPractitioners,
  roRegisterStatus,
  roStatusEntries,
} from '../../projections/ro-onrc/roInsolvency.ts';
import {
  RO_FILES,
  RO_FIRMS,
  RO_ONRC_PROFILES,
  RO_PRACTITIONERS,
  RO_STATUS_LABELS,
  RO_STATUSES,
  roOnrcProjection,
} from '../../projections/ro-onrc/roOnrcProjection.ts';
import { readStatusCodes } from '../../projections/ro-onrc/roStatusCodes.ts';
import { RO_ONRC_REGISTER } from '../../schemas/events/roOnrcEvents.ts';
import { canonicalCui, isValidCui, RO_CUI_PATTERN } from '../../schemas/identifiers/roCui.ts';
import { roInsolvencySchema } from '../../schemas/responses/roOnrc.ts';
import type { RouteDefinition } from '../catalogue/route.ts';
import { europeanDetailRoutes } from './europeanDetailRoute.ts';
import { SERVED_COMPANY_ERRORS } from './euServedCompany.ts';

/** The files a pass must have read for an empty answer to be measured (a complete monthly release). */
const MEASURED_BY = ['stare_firma', 'n_stare_firma', 'reprezentanti_legali'];

const routes = europeanDetailRoutes(
  {
    pays: 'RO',
    adjective: 'romanian',
    register: RO_ONRC_REGISTER,
    projection: roOnrcProjection.name,
    profilesTable: RO_ONRC_PROFILES,
    filesTable: RO_FILES,
    idParam: {
      name: 'cui',
      in: 'path',
      required: true,
      description:
        'Code fiscal (CUI) roumain, 2 à 10 chiffres avec sa clé de contrôle, préfixe RO accepté. / Romanian fiscal code (CUI) with its check digit, RO prefix accepted.',
      schema: { type: 'string', pattern: '^(RO|ro)?\\d{2,10}$', examples: ['22334478'] },
    },
  },
  [
    {
      segment: 'insolvabilite',
      tool: {
        object: 'insolvency',
        description:
          "A Romanian company's insolvency at the trade register: its status codes (bankruptcy, insolvency, others) and its judicial administrators and liquidators, legal persons named, natural persons counted, by fiscal code (CUI).",
      },
      summary: 'Insolvabilité d’une entreprise roumaine au registre du commerce (ONRC).',
      description:
        'Codes de statut du registre (non datés ; les décisions de justice ne sont pas publiées, une procédure close peut rester inscrite) et mandataires judiciaires : personne morale nommée, personne physique comptée, jamais nommée. aucune_procedure est mesuré sur la photo mensuelle complète. Entreprise individuelle (PFA, II, IF) : 404 entreprise_individuelle_non_servie ; forme N/A ou ALT : 404 forme_juridique_non_servie.',
      price: 20_000,
      responseSchema: roInsolvencySchema,
      measuredBy: MEASURED_BY,
      async read({ knex, id, measured, photoLe }) {
        const cod = await firmOfCui(knex, RO_FIRMS, id);
        const codes = cod ? await readStatusCodes(knex, RO_STATUSES, RO_STATUS_LABELS, cod) : [];
        const { procedures, autres } = roStatusEntries(codes);
        const mandataires = cod
          ? await roPractitioners(knex, await readDetails(knex, RO_PRACTITIONERS, cod), RO_FIRMS)
          : [];
        const recorded = proceedingRecorded(procedures, mandataires);
        const repsRead = (await knex.raw(`select 1 from ${RO_FILES} where role = 'reprezentanti_legali'`))
          .rows.length;
        return {
          statut_registre: roRegisterStatus([...procedures, ...autres]),
          statuts_procedure: procedures,
          procedure_au_registre: recorded,
          mandataires,
          nombre_mandataires: mandataires.length,
          aucune_procedure: measured && !recorded,
          autres_statuts: autres,
          photo: { registre: photoLe, representants: repsRead ? photoLe : null },
        };
      },
    },
  ],
);

/**
 * Romania's detail routes. The CUI is checked (pattern and check digit: 400 `parametre_invalide`, before
 * payment) and read without its `RO` prefix; undecided legal forms answer `forme_juridique_non_servie`.
 */
export const RO_ONRC_ROUTES: readonly RouteDefinition[] = routes.map((route) => ({
  ...route,
  errors: [...SERVED_COMPANY_ERRORS, 'forme_juridique_non_servie'],
  paramsCheck(params) {
    const cui = String(params.cui ?? '');
    if (RO_CUI_PATTERN.test(cui) && isValidCui(cui)) return null;
    return {
      error: 'parametre_invalide',
      champ: 'cui',
      message:
        'RO : CUI de 2 à 10 chiffres dont la clé de contrôle est juste. / CUI with a valid check digit.',
    };
  },
  handler(ctx, deps) {
    const params = { ...ctx.state.params, cui: canonicalCui(String(ctx.state.params?.cui ?? '')) };
    return route.handler(
      { state: { ...ctx.state, params }, get: (f) => ctx.get(f), set: (f, v) => ctx.set(f, v) },
      deps,
    );
  },
}));
