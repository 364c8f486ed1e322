import { SK_RUZ_REGISTER } from '../../schemas/events/skRuzEvents.ts';
import { skAccountsListSchema, skStatementSchema } from '../../schemas/responses/skRuz.ts';
import type { RouteDefinition } from '../catalogue/route.ts';
import { europeanLiveDetailRoutes } from './europeLiveDetail.ts';

/** The Slovak accounts, read live from RÚZ: the list of deposited statements, and one statement. */
export function skRuzRoutes(maxAgeMs: number, isValidIco: (ico: string) => boolean): RouteDefinition[] {
  return europeanLiveDetailRoutes(
    {
      pays: 'SK',
      register: SK_RUZ_REGISTER,
      idPattern: /^\d{8}$/,
      idCheck: isValidIco,
      idDescription: 'IČO de 8 chiffres avec chiffre de contrôle / 8-digit IČO with its check digit',
      maxAgeMs,
      adjective: 'slovak',
      idParam: {
        name: 'ico',
        in: 'path',
        required: true,
        description: 'IČO, 8 chiffres avec chiffre de contrôle. / Slovak company number, 8 digits.',
        schema: { type: 'string', pattern: '^\\d{8}$', examples: ['52772128'] },
      },
    },
    [
      {
        segment: 'comptes',
        idSuffix: 'comptes',
        tool: {
          name: 'get_slovak_company_accounts',
          title: 'Slovak company accounts list',
          description:
            "A Slovak company's deposited annual statements from the register of financial statements (RÚZ), read live: closing date, period start, scope, type, template and line count of each structured statement. PDF-only filings are counted, not listed.",
        },
        summary: 'Comptes déposés d’une société slovaque (RÚZ, en direct)',
        description:
          'Seuls les états structurés sont décodés ; les dépôts en PDF seul (tous les groupes IFRS) sont comptés dans nombre_depots_pdf_seuls, et leur absence ne veut pas dire qu’il n’existe pas de comptes. Un état annoncé mais illisible chez RÚZ : 503 zavierka_non_lue ; un rapport qui ne se décode pas : 503 depot_non_lu. Aucune réponse plus vieille que 30 jours n’est resservie.',
        price: 10_000,
        responseSchema: skAccountsListSchema,
        errors: ['zavierka_non_lue', 'depot_non_lu'],
      },
      {
        segment: 'comptes/{date_cloture}',
        idSuffix: 'comptes.etat',
        params: [
          {
            name: 'date_cloture',
            in: 'path',
            required: true,
            description: 'Date de clôture, AAAA-MM-JJ (voir la liste). / Closing date, YYYY-MM-DD.',
            schema: {
              type: 'string',
              format: 'date',
              pattern: '^\\d{4}-\\d{2}-\\d{2}$',
              examples: ['2019-12-31'],
            },
          },
        ],
        tool: {
          name: 'get_slovak_company_statement',
          title: 'Slovak company annual statement',
          description:
            'One structured annual statement of a Slovak company from RÚZ, read live and decoded against its template: every table and line with its values in whole euros as filed.',
        },
        summary: 'Un état financier slovaque décodé (RÚZ, en direct)',
        description:
          'Les tables du rapport décodées selon leur modèle (šablóna), valeurs en euros entiers telles que déposées. Plusieurs états clos à la même date : le statutaire ordinaire le plus récent, les autres comptés. Aucun état à cette date : 404 element_inconnu.',
        price: 30_000,
        responseSchema: skStatementSchema,
        errors: ['zavierka_non_lue', 'depot_non_lu'],
      },
    ],
  );
}
