import { readDetails } from '../../projections/eu-profile/detailDocuments.ts';
import {
  LT_JAR_ACCOUNT_LINES,
  LT_JAR_FILES,
  LT_JAR_PROFILES,
  LT_JAR_STATUSES,
  ltJarProjection,
} from '../../projections/lt-jar/ltJarProjection.ts';
import type { LtAccountLine } from '../../schemas/events/ltJarEvents.ts';
import { LT_JAR_REGISTER } from '../../schemas/events/ltJarEvents.ts';
import { isValidLtCompanyCode } from '../../schemas/identifiers/ltCompanyCode.ts';
import { ltJarAccountsSchema, ltJarInsolvencySchema } from '../../schemas/responses/ltJar.ts';
import type { RouteDefinition } from '../catalogue/route.ts';
import { notFound } from '../errors/apiError.ts';
import { europeanDetailRoutes } from './europeanDetailRoute.ts';
import { ltJarAccounts } from './ltJarAccounts.ts';
import { ltJarInsolvency } from './ltJarInsolvency.ts';

// Freshness: the register's own threshold (its manifest, app/registers/ltJar.ts) gives 503 photo_perimee.
export const LT_JAR_ROUTES: readonly RouteDefinition[] = europeanDetailRoutes(
  {
    pays: 'LT',
    adjective: 'lithuanian',
    register: LT_JAR_REGISTER,
    projection: ltJarProjection.name,
    profilesTable: LT_JAR_PROFILES,
    filesTable: LT_JAR_FILES,
    idParam: {
      name: 'kodas',
      in: 'path',
      required: true,
      description:
        'Code de personne morale lituanien, 9 chiffres dont une clé de contrôle. / Lithuanian legal entity code, 9 digits with a check digit.',
      schema: { type: 'string', pattern: '^\\d{9}$', examples: ['110003978'] },
      check: (id) =>
        isValidLtCompanyCode(id)
          ? null
          : 'LT : code de personne morale de 9 chiffres dont le dernier est la clé de contrôle. / 9-digit legal entity code with a valid check digit.',
    },
    errors: ['forme_juridique_non_servie'],
  },
  [
    {
      segment: 'comptes',
      tool: {
        object: 'accounts',
        description:
          "A Lithuanian company's filed annual accounts, every year in one call: statements filed, balance sheet and income statement items, other lines, divergent duplicated lines, by legal entity code.",
      },
      summary: 'Comptes annuels déposés d’une entreprise lituanienne, tous les exercices en un appel.',
      description:
        'Dépôts structurés seulement (depuis 2015) : une entreprise sans exercice servi (404 element_inconnu) n’est pas une entreprise sans comptes. Montants en euros tels que déposés ; un dépôt refait remplace le précédent (reg_date le plus récent) ; les lignes en double sont fusionnées, un désaccord est dit dans postes_divergents (le poste est alors celui du code prioritaire, ou null s’il se contredit). Seules les lignes dont le code a un sens vérifié remplissent bilan et compte_resultat ; les autres sont dans autres_postes.',
      price: 20_000,
      responseSchema: ltJarAccountsSchema,
      errors: ['element_inconnu'],
      async read({ knex, id, photoLe }) {
        const lines = (await readDetails(knex, LT_JAR_ACCOUNT_LINES, id)) as unknown as LtAccountLine[];
        const exercices = ltJarAccounts(lines);
        if (exercices.length === 0) {
          throw notFound(
            'element_inconnu',
            `LT ${id} : aucun exercice déposé sous forme structurée n’est servi ; cela ne dit pas que l’entreprise n’a pas de comptes. / No structured filed year is served; this does not mean the company has no accounts.`,
            { pays: 'LT', id_national: id, champ: 'exercices' },
          );
        }
        return {
          nombre_exercices: exercices.length,
          dernier_exercice: exercices[0]!.fin,
          exercices,
          photo: photoLe,
        };
      },
    },
    {
      segment: 'insolvabilite',
      tool: {
        object: 'insolvency',
        description:
          "A Lithuanian company's insolvency as its register status says it: restructuring or bankruptcy, with the status label and date, by legal entity code.",
      },
      summary: 'Insolvabilité d’une entreprise lituanienne, lue dans le statut du registre.',
      description:
        'Codes retenus (liste des statuts du registre, stat_kodas) : 4 Restruktūrizuojamas (restructuration) ; 5 et 13 Bankrutuojantis, 6 Bankrutavęs, 26 Likviduojamas dėl bankroto (faillite). Le registre ne tient qu’un statut par entreprise : une procédure close ne laisse pas de trace. aucune_procedure est mesuré sur la photo complète du registre.',
      price: 20_000,
      responseSchema: ltJarInsolvencySchema,
      measuredBy: 'iregistruoti',
      async read({ knex, id, measured, photoLe }) {
        const [status] = await readDetails(knex, LT_JAR_STATUSES, id);
        const reading = ltJarInsolvency(status);
        return {
          ...reading,
          aucune_procedure: measured && !reading.procedure_au_registre,
          photo: photoLe,
        };
      },
    },
  ],
);
