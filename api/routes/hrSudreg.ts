import type { Knex } from 'knex';
import { readDetails } from '../../projections/eu-profile/detailDocuments.ts';
import { hrAccounts } from '../../projections/hr-sudreg/hrAccounts.ts';
import {
  DECISIONS_ROLES,
  ENTRIES_ROLES,
  hrDecisions,
  hrInscriptions,
  hrRolesRead,
} from '../../projections/hr-sudreg/hrEntries.ts';
import { hrProcedure } from '../../projections/hr-sudreg/hrProcedure.ts';
import {
  HR_FILES,
  HR_SUBJECTS,
  HR_SUDREG_PROFILES,
  hrResolveId,
  hrSudregProjection,
} from '../../projections/hr-sudreg/hrSudregProjection.ts';
import { HR_SUDREG_REGISTER, type HrSubject } from '../../schemas/events/hrSudregEvents.ts';
import { isValidHrOibOrMbs } from '../../schemas/identifiers/hrOib.ts';
import { hrAccountsSchema, hrEntriesSchema, hrInsolvencySchema } from '../../schemas/responses/hrSudreg.ts';
import type { RouteDefinition } from '../catalogue/route.ts';
import { unavailable } from '../errors/apiError.ts';
import { type DetailRead, europeanDetailRoutes } from './europeanDetailRoute.ts';

/**
 * 503 collecte_en_cours when the published pass did not read the entries files: the register's entries come
 * from its state-bodies tier, recorded apart from the daily snapshot; until a pass brings them, an empty list
 * would claim "no entry".
 */
async function requireEntries(knex: Knex) {
  if (await hrRolesRead(knex, ENTRIES_ROLES)) return;
  throw unavailable(
    'collecte_en_cours',
    `Les inscriptions du Sudski registar (${ENTRIES_ROLES.join(', ')}) ne sont pas dans la photo publiée : elles n’ont pas encore été collectées. / The court-register entries were not collected in the published snapshot.`,
    { registre: HR_SUDREG_REGISTER, motif_panne: 'collecte_en_cours', fichiers: ENTRIES_ROLES },
  );
}

/**
 * A detail body of the register: the subject's court number (`mbs`) first, the route's members read from the
 * subject (as kept, every served company has one), the snapshot's date (`photo`) last.
 */
function subjectBody(
  members: (subject: HrSubject, detail: DetailRead) => Promise<Record<string, unknown>>,
): (detail: DetailRead) => Promise<Record<string, unknown>> {
  return async (detail) => {
    const [subject] = (await readDetails(detail.knex, HR_SUBJECTS, detail.id)) as unknown as HrSubject[];
    return { mbs: subject!.mbs, ...(await members(subject!, detail)), photo: detail.photoLe };
  };
}

/** The insolvency decisions: null and none when the published pass holds no entries (not collected). */
async function decisionsOf(knex: Knex, mbs: string) {
  if (!(await hrRolesRead(knex, DECISIONS_ROLES))) return { nombre_decisions: null, decisions: [] };
  const decisions = await hrDecisions(knex, mbs);
  return { nombre_decisions: decisions.length, decisions };
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
    resolveId: hrResolveId,
    idParam: {
      name: 'oib',
      in: 'path',
      required: true,
      description:
        'OIB croate, 11 chiffres dont une clé de contrôle ISO 7064 MOD 11,10, ou numéro du registre (MBS) de 8 ou 9 chiffres, résolu en son OIB. / Croatian OIB, 11 digits with a check digit, or court register number (MBS), 8 or 9 digits, resolved to its OIB.',
      schema: { type: 'string', pattern: '^(\\d{11}|\\d{8,9})$', examples: ['28921383001'] },
      check: (id) =>
        isValidHrOibOrMbs(id)
          ? null
          : 'HR : OIB de 11 chiffres dont le dernier est la clé ISO 7064 MOD 11,10, ou MBS de 8 ou 9 chiffres. / 11-digit OIB with a valid check digit, or 8- or 9-digit court number (MBS).',
    },
    errors: ['forme_juridique_non_servie'],
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
        'procedure.code : aucune (pas de postupak publié), faillite (libellé stečaj…), liquidation (likvidacij…), autre (tout autre libellé, servi tel quel dans libelle) ; en_cours est faux pour un sujet radié. aucune_procedure est mesuré sur la photo complète du registre. decisions : les inscriptions du registre (upisi) qui ont ouvert ou clos une procédure (postupci, par upis_id_od/upis_id_do ou prbu_od/prbu_do), ou dont un type (vrste_upisa) ou son groupe est nommé stečaj…/likvidacij… ; une par inscription, la plus récente d’abord : rang (prbu), type_id et type (le type de faillite ou liquidation, sinon le premier), tribunal (sudovi, par sud_id), reference (poslovni_broj du rješenje), date (datum_upisa). Une date ou une référence null : non extraite, non absente. Le texte d’une décision n’est jamais servi (texte_retenu vrai). Quand la photo publiée ne contient pas les fichiers upisi, upisi_vrste_upisa, vrste_upisa et postupci (niveau « državna tijela » de l’API), nombre_decisions est null et decisions vide, ce qui ne dit pas qu’il n’y en a pas. Attribution au ministère de la Justice requise (licence).',
      price: 20_000,
      responseSchema: hrInsolvencySchema,
      measuredBy: 'detalji_subjekta',
      read: subjectBody(async (subject, { knex, measured }) => {
        const procedure = hrProcedure(subject);
        return {
          procedure,
          masse_faillite: subject.stecajna_masa === 1,
          masse_liquidation: subject.likvidacijska_masa === 1,
          aucune_procedure: measured && procedure.code === 'aucune',
          ...(await decisionsOf(knex, subject.mbs)),
        };
      }),
    },
    {
      segment: 'evenements',
      tool: {
        object: 'court_entries',
        description:
          "A Croatian company's court-register entries (upisi): for each entry and entry type, the legal entry number, the type and its group, and the court ruling behind it (court, reference, date); entry texts are withheld. By OIB.",
      },
      summary:
        'Inscriptions au registre judiciaire d’une entreprise croate (upisi), avec la décision de chacune.',
      description:
        'Les inscriptions (upisi) du sujet, lues au niveau « državna tijela » de l’API (fichiers upisi, upisi_vrste_upisa, vrste_upisa, grupe_vrsta_upisa, sudovi, ostali_tekstovi, zabiljezbe, enregistrés avec les identifiants OAuth de la configuration). Une ligne par inscription et par type (upisi_vrste_upisa : une inscription peut en avoir plusieurs, une ligne chacun, même rang et même décision ; sans type, une ligne type_id null), la plus récente d’abord : rang (prbu, numéro légal de l’inscription), type_id (vrsta_upisa_id), type (vrste_upisa.naziv tel que publié), categorie (grupe_vrsta_upisa.naziv), decision (tribunal d’après sud_id et le code list sudovi, reference = poslovni_broj du rješenje, date = datum_upisa ; null : non extrait). Textes : servis seulement pour un type d’une liste fermée de types sans personnes (changement de dénomination, de siège, de capital, de forme, d’objet…) et sans mention personnelle (numéro de 11 chiffres, « OIB », « rođen », nom de personne) ; jamais pour les types qui portent des personnes (membres de la direction, procuristes, fondateurs, associés…). Aujourd’hui la liste fermée est VIDE : les libellés des 108 types (code list vrste_upisa) ne sont publiés nulle part où les vérifier, aucun texte n’est donc servi ni même conservé : texte est null, texte_retenu vrai quand l’inscription porte un texte ou une note (ostali_tekstovi, zabiljezbe), textes_servis 0. Tant que la photo publiée ne contient pas ces fichiers, la route répond 503 collecte_en_cours (jamais une liste vide). Attribution au ministère de la Justice requise (licence).',
      price: 20_000,
      responseSchema: hrEntriesSchema,
      read: subjectBody(async (subject, { knex }) => {
        await requireEntries(knex);
        return hrInscriptions(knex, subject.mbs);
      }),
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
      read: subjectBody(async (subject, { measured }) => {
        const { comptes, dernier_exercice } = hrAccounts(subject);
        return {
          nombre_comptes: comptes.length,
          aucun_compte_depose: measured && comptes.length === 0,
          dernier_exercice,
          comptes,
        };
      }),
    },
  ],
);
