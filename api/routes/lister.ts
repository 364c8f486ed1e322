import { LISTE_PROJECTION } from '../../projections/fr-entreprises-liste/listeProjection.ts';
import { FR_BODACC_REGISTER } from '../../schemas/events/frBodaccEvents.ts';
import { FR_RATIOS_INPI_BCE_REGISTER } from '../../schemas/events/frRatiosInpiBceEvents.ts';
import { FR_SIRENE_REGISTER } from '../../schemas/events/frSireneEvents.ts';
import { compterResponseSchema, listerResponseSchema } from '../../schemas/responses/lister.ts';
import type { ParamDefinition, RouteDefinition } from '../catalogue/route.ts';
import type { ErrorCode } from '../errors/errorCodes.ts';
import {
  catalogueForOpenApi,
  describeFields,
  ETAT_FIELD,
  type FieldDefinition,
} from '../lister/fieldCatalogue.ts';
import { LISTER_REFUSAL_CODES, type ListerRefusalCode, listerRefusal } from '../lister/listerRefusal.ts';
import { OPERATOR_MEANINGS } from '../lister/operators.ts';
import { CRITERIA_LIMITS, type Criterion, parseCriteria } from '../lister/parseCriteria.ts';
import { DEFAULT_OUTPUT, parseOutputFields } from '../lister/parseOutputFields.ts';
import { MAX_PAGES, parsePage } from '../lister/parsePage.ts';
import { parseSort, type Sort } from '../lister/parseSort.ts';
import { type ListRow, runListQuery } from '../lister/runListQuery.ts';
import { type ResultItem, shapeResult } from '../lister/shapeResult.ts';

/** Contract limits: 100 companies a page, a 15-second budget per statement. */
export const PAGE_SIZE = 100;
export const STATEMENT_BUDGET_MS = 15_000;

/** A parameter check that is its parser: the parser throws the refusal, the value is parsed again later. */
export const accepts = (parse: (v: string) => unknown) => (value: string) => {
  parse(value);
  return null;
};

const criteresParam: ParamDefinition = {
  name: 'criteres',
  in: 'query',
  required: false,
  description: `Tableau JSON encodé dans l’URL de {champ, op, valeur}, au plus ${CRITERIA_LIMITS.maxCriteria} critères et ${CRITERIA_LIMITS.maxChars} caractères ; champs et opérateurs : x-catalogue-champs. Sans critère sur identite.etat, seules les entreprises actives sont comptées.`,
  schema: { type: 'string' },
  check: accepts(parseCriteria),
};

export const listerParams: ParamDefinition[] = [
  criteresParam,
  {
    name: 'tri',
    in: 'query',
    required: false,
    description:
      'Champ triable, préfixé de « - » pour l’ordre décroissant ; valeurs absentes en dernier dans les deux ordres ; défaut identite.siren croissant.',
    schema: { type: 'string' },
    check: accepts(parseSort),
  },
  {
    name: 'page',
    in: 'query',
    required: false,
    description: `Page de ${PAGE_SIZE} entreprises, de 1 à ${MAX_PAGES} ; chaque page est un paiement.`,
    schema: { type: 'string' },
    check: accepts(parsePage),
  },
  {
    name: 'champs',
    in: 'query',
    required: false,
    description:
      'Champs du catalogue à servir en plus des membres par défaut, séparés par des virgules (ex. finances.ebe,identite.date_creation).',
    schema: { type: 'string' },
    check: accepts(parseOutputFields),
  },
];

/** The validator's own refusals, in the list routes' closed list and shape. */
const PARAM_CODES: Record<string, ListerRefusalCode> = {
  criteres: 'criteres_illisibles',
  tri: 'tri_refuse',
  page: 'page_hors_bornes',
  champs: 'champ_de_sortie_inconnu',
};
export function refusal(code: string, champ: string, message: string) {
  const listed: ListerRefusalCode =
    code === 'parametre_inconnu' ? 'parametre_inconnu' : (PARAM_CODES[champ] ?? 'parametre_inconnu');
  return listerRefusal(listed, champ, message);
}

/** The fields an answer describes in `champs`: those of the criteria, the sort and the requested outputs. */
function fieldsUsed(criteria: readonly Criterion[], more: readonly FieldDefinition[]): FieldDefinition[] {
  const used: FieldDefinition[] = [];
  const add = (f: FieldDefinition) => {
    if (!used.includes(f)) used.push(f);
  };
  if (!criteria.some((c) => c.field === ETAT_FIELD)) add(ETAT_FIELD);
  for (const c of criteria) add(c.field);
  for (const f of more) add(f);
  return used;
}

/**
 * The registers a request reads: Sirene and the accounts always (identity and the default members), the
 * BODACC only when a public signal is a criterion, the sort or an output, so that a list without signals is
 * neither refused nor cited for the gazette. Unreadable parameters are refused later by the validator.
 */
export function registersRead(params: Record<string, unknown>): string[] {
  const read = [FR_SIRENE_REGISTER, FR_RATIOS_INPI_BCE_REGISTER];
  const text = (name: string) => (typeof params[name] === 'string' ? (params[name] as string) : undefined);
  try {
    const fields = [
      ...parseCriteria(text('criteres')).map((c) => c.field),
      parseSort(text('tri')).field,
      ...parseOutputFields(text('champs')),
    ];
    if (fields.some((f) => f.source === FR_BODACC_REGISTER)) read.push(FR_BODACC_REGISTER);
  } catch {
    // A refused parameter never reaches the handler: nothing is read.
  }
  return read;
}

/** The list routes' closed list, and the 503 of a count that disagrees with its rows. */
export const LISTER_ERRORS: readonly ErrorCode[] = [...LISTER_REFUSAL_CODES, 'compte_incoherent'];

const shared = {
  method: 'GET' as const,
  freeTier: true,
  errors: LISTER_ERRORS,
  registers: [FR_SIRENE_REGISTER, FR_RATIOS_INPI_BCE_REGISTER, FR_BODACC_REGISTER],
  registersFor: registersRead,
  projections: [LISTE_PROJECTION],
  freshness: { maxAgeDays: 45, code: 'stock_perime' as const },
  refusal,
  openApiExtensions: { 'x-catalogue-champs': catalogueForOpenApi(), 'x-operateurs': OPERATOR_MEANINGS },
};

/** What a list page asked: the lister's parameters, parsed. */
export interface ListPageRequest {
  criteria: readonly Criterion[];
  sort: Sort;
  page: number;
  pageSize: number;
  /** Output fields asked beyond the default members (`champs`). */
  extra: readonly FieldDefinition[];
}

/**
 * The body of a list page: the criteria and sort echoed, the page, its exact total, its results shaped with
 * the default and requested members, and the description of every field used. The lister's answer, and the
 * base of every route that lists companies with its criteria (GET /v1/prospection).
 */
export function listPageBody(
  q: ListPageRequest,
  found: { count: number; rows: readonly ListRow[] },
): Record<string, unknown> & { resultats: ResultItem[] } {
  const { count, rows } = found;
  const output = [...DEFAULT_OUTPUT, ...q.extra.filter((f) => !DEFAULT_OUTPUT.includes(f))];
  return {
    criteres: q.criteria.map((c) => c.echo),
    tri: {
      champ: q.sort.field.name,
      ordre: q.sort.descending ? 'desc' : 'asc',
      valeurs_absentes: 'en_dernier',
    },
    page: q.page,
    page_suivante: q.page < MAX_PAGES && q.page * q.pageSize < count,
    nombre_resultats: count,
    resultats: rows.map((r) => shapeResult(r, output)),
    listes_bornees: {
      resultats: { nombre_total: count, tronque: count > rows.length, total_borne_basse: false },
    },
    champs: describeFields(fieldsUsed(q.criteria, [q.sort.field, ...q.extra])),
  };
}

/** The two list routes; `pageSize` and `statementBudgetMs` are the contract's unless a test narrows them. */
export function listerRoutes(
  opts: { pageSize?: number; statementBudgetMs?: number } = {},
): RouteDefinition[] {
  const pageSize = opts.pageSize ?? PAGE_SIZE;
  const timeoutMs = opts.statementBudgetMs ?? STATEMENT_BUDGET_MS;
  return [
    {
      ...shared,
      id: 'entreprises.lister',
      tool: {
        name: 'list_french_companies',
        title: 'List French companies by criteria',
        description:
          'List French companies matching criteria on Sirene fields, filed accounts and public signals (JSON criteria), sorted and paged, with the requested output fields.',
      },
      path: '/v1/entreprises/requete/lister',
      summary: 'Liste d’entreprises (personnes morales) par critères combinés, 100 par page, total exact.',
      description:
        'Géographie du siège, activité, forme juridique, effectif, âge, derniers comptes qualifiés, signaux publics du BODACC (procédure collective, dernier signal). Personnes morales seulement ; aucune adresse électronique, aucun téléphone ni dirigeant.',
      params: listerParams,
      price: 20_000,
      responseSchema: listerResponseSchema,
      async handler(ctx, { budgeted }) {
        const p = ctx.state.params as Record<string, string | undefined>;
        const criteria = parseCriteria(p.criteres);
        const sort = parseSort(p.tri);
        const page = parsePage(p.page);
        const extra = parseOutputFields(p.champs);
        const { count, rows } = await runListQuery(budgeted.get(timeoutMs), {
          criteria,
          sort,
          page,
          pageSize,
          withPage: true,
        });
        return { body: listPageBody({ criteria, sort, page, pageSize, extra }, { count, rows }) };
      },
    },
    {
      ...shared,
      id: 'entreprises.compter',
      tool: {
        name: 'count_french_companies',
        title: 'Count French companies by criteria',
        description:
          'Count the French companies matching criteria on Sirene fields, filed accounts and public signals (the same criteria as list_french_companies).',
      },
      path: '/v1/entreprises/requete/compter',
      summary:
        'Nombre exact d’entreprises (personnes morales) qui satisfont les mêmes critères que la liste.',
      params: [criteresParam],
      price: 2000,
      responseSchema: compterResponseSchema,
      async handler(ctx, { budgeted }) {
        const p = ctx.state.params as Record<string, string | undefined>;
        const criteria = parseCriteria(p.criteres);
        const { count } = await runListQuery(budgeted.get(timeoutMs), {
          criteria,
          sort: parseSort(undefined),
          page: 1,
          pageSize,
          withPage: false,
        });
        return {
          body: {
            criteres: criteria.map((c) => c.echo),
            nombre_resultats: count,
            champs: describeFields(fieldsUsed(criteria, [])),
          },
        };
      },
    },
  ];
}

export const LISTER_ROUTES: readonly RouteDefinition[] = listerRoutes();
