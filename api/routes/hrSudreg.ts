import { readDetails } from '../../projections/eu-profile/detailDocuments.ts';
import { hrAccounts } from '../../projections/hr-sudreg/hrAccounts.ts';
import { hrProcedure } from '../../projections/hr-sudreg/hrProcedure.ts';
import {
  HR_FILES,
  HR_SUBJECTS,
  HR_SUDREG_PROFILES,
  hrSudregProjection,
} from '../../projections/hr-sudreg/hrSudregProjection.ts';
import { hrOibIsValid } from '../../schemas/events/hrOib.ts';
import { HR_SUDREG_REGISTER, type HrSubject } from '../../schemas/events/hrSudregEvents.ts';
import { hrAccountsSchema, hrInsolvencySchema } from '../../schemas/responses/hrSudreg.ts';
import type { RouteDefinition } from '../catalogue/route.ts';
import { europeanDetailRoutes } from './europeanDetailRoute.ts';

/** 400 before anything else: 11 digits whose last is the ISO 7064 MOD 11,10 check digit. */
function checkOib(params: Record<string, unknown>): ReturnType<NonNullable<RouteDefinition['paramsCheck']>> {
  if (hrOibIsValid(String(params.oib ?? ''))) return null;
  return {
    error: 'parametre_invalide',
    champ: 'oib',
    message:
      'HR : OIB de 11 chiffres dont le dernier est la clé ISO 7064 MOD 11,10. / 11-digit OIB with a valid check digit.',
  };
}

// Freshness: the register's own threshold (its manifest, app/registers/hrSudreg.ts) gives 503 photo_perimee.
export const HR_SUDREG_ROUTES: readonly RouteDefinition[] = europeanDetailRoutes(
  {
    pays: 'HR',
    adjective: 'croatian',
    register: HR_SUDREG_REGISTER,
    projection: hrSudregProjection.name,
    profilesTable: HR_SUDREG_PROFILES,
    filesTable: HR_FILES,
    idParam: {
      name: 'oib',
      in: 'path',
      required: true,
      description:
        'OIB croate, 11 chiffres dont une clé de contrôle ISO 7064 MOD 11,10. / Croatian OIB, 11 digits with a check digit.',
      schema: { type: 'string', pattern: '^\\d{11}$', examples: ['28921383001'] },
    },
  },
  [
    {
      segment: 'insolvabilite',
      tool: {
        object: 'insolvency',
        description:
          "A Croatian company's insolvency as the court register publishes it: the procedure (bankruptcy, liquidation) with its label, whether it is running, the bankruptcy and liquidation estates, by OIB.",
      },
      summary: 'Insolvabilité d’une entreprise croate, lue dans le registre judiciaire (postupak).',
      description:
        'procedure.code : aucune (pas de postupak publié), faillite (libellé stečaj…), liquidation (likvidacij…), autre (tout autre libellé, servi tel quel dans libelle) ; en_cours est faux pour un sujet radié. aucune_procedure est mesuré sur la photo complète du registre. Les décisions du tribunal (inscriptions du registre) ne sont pas encore lues : nombre_decisions est null, decisions vide, ce qui ne dit pas qu’il n’y en a pas. Attribution au ministère de la Justice requise (licence).',
      price: 20_000,
      responseSchema: hrInsolvencySchema,
      measuredBy: 'detalji_subjekta',
      async read({ knex, id, measured, photoLe }) {
        const [subject] = (await readDetails(knex, HR_SUBJECTS, id)) as unknown as HrSubject[];
        const procedure = hrProcedure(subject!);
        return {
          mbs: subject!.mbs,
          procedure,
          masse_faillite: subject!.stecajna_masa === 1,
          masse_liquidation: subject!.likvidacijska_masa === 1,
          aucune_procedure: measured && procedure.code === 'aucune',
          nombre_decisions: null,
          decisions: [],
          photo: photoLe,
        };
      },
    },
    {
      segment: 'comptes',
      tool: {
        object: 'accounts',
        description:
          'The annual financial statements (GFI) a Croatian company filed, as the court register lists them: year, period, document type, consolidated or not, delivery date; no figures. By OIB.',
      },
      summary:
        'Comptes annuels (GFI) déposés d’une entreprise croate, tels que le registre judiciaire les liste.',
      description:
        'Liste gfi de detalji_subjekta : un dépôt par état financier annuel remis (année godina_izvjestaja, période datum_od/datum_do, type de document vrsta_dokumenta avec son libellé publié, consolidé selon oznaka_konsolidacije 1/0, remis le datum_dostave). Les plus récents d’abord. Pas de chiffres : les états eux-mêmes sont chez FINA (rgfi.fina.hr). aucun_compte_depose est mesuré sur la photo complète du registre ; certaines formes juridiques sont dispensées de dépôt. Le contrat ne donne pas de forme pour ces comptes : l’enveloppe suit celle des autres registres (nombre_comptes, aucun_compte_depose, comptes comme LV ; dernier_exercice comme LT). Attribution au ministère de la Justice requise (licence).',
      price: 10_000,
      responseSchema: hrAccountsSchema,
      measuredBy: 'detalji_subjekta',
      async read({ knex, id, measured, photoLe }) {
        const [subject] = (await readDetails(knex, HR_SUBJECTS, id)) as unknown as HrSubject[];
        const { comptes, dernier_exercice } = hrAccounts(subject!);
        return {
          mbs: subject!.mbs,
          nombre_comptes: comptes.length,
          aucun_compte_depose: measured && comptes.length === 0,
          dernier_exercice,
          comptes,
          photo: photoLe,
        };
      },
    },
  ],
).map((route) => ({
  ...route,
  paramsCheck: checkOib,
  errors: [...(route.errors ?? []), 'forme_juridique_non_servie'],
}));
