import {
  NO_ACCOUNTS,
  noAccountsYears,
  noBrregAccountsProjection,
  readNoAccounts,
} from '../../projections/no-brreg/noBrregAccounts.ts';
import { NO_EVENT_TYPES, NO_EVENTS, readNoEvents } from '../../projections/no-brreg/noBrregEvents.ts';
import { NO_BRREG_PROFILES, noBrregProjection } from '../../projections/no-brreg/noBrregProjection.ts';
import { NO_BRREG_REGISTER } from '../../schemas/events/noBrregEvents.ts';
import { NO_REGNSKAP_REGISTER } from '../../schemas/events/noRegnskapEvents.ts';
import { isValidNoOrgnr } from '../../schemas/identifiers/noOrgnr.ts';
import { noEventsSchema } from '../../schemas/responses/noBrreg.ts';
import { noAccountsSchema } from '../../schemas/responses/noBrregAccounts.ts';
import type { ParamDefinition, RouteDefinition } from '../catalogue/route.ts';
import { notFound } from '../errors/apiError.ts';
import { detailLists, europeanDetailRoutes } from './europeanDetailRoute.ts';

const isoDate = (v: string | Date | null) =>
  v === null ? null : v instanceof Date ? v.toISOString().slice(0, 10) : String(v).slice(0, 10);

const ID_PARAM: ParamDefinition = {
  name: 'id',
  in: 'path',
  required: true,
  description:
    'Numéro d’organisation, 9 chiffres dont le dernier est la clé modulo 11. / Norwegian organisation number, 9 digits, the last its modulus-11 check digit.',
  schema: { type: 'string', pattern: '^\\d{9}$', examples: ['998543118'] },
  // The check digit, as the unified profile checks it from the register manifest's `idCheck`.
  check: (id) =>
    isValidNoOrgnr(id)
      ? null
      : 'NO : numéro d’organisation de 9 chiffres dont le dernier est la clé modulo 11. / 9-digit organisation number with a valid modulus-11 check digit.',
};

const EVENTS_ROUTES: readonly RouteDefinition[] = europeanDetailRoutes(
  {
    pays: 'NO',
    adjective: 'norwegian',
    register: NO_BRREG_REGISTER,
    projection: noBrregProjection.name,
    profilesTable: NO_BRREG_PROFILES,
    // No route of Norway is measured by a file of its pass (the journal is measured by the feed applied).
    filesTable: NO_EVENTS,
    idParam: ID_PARAM,
  },
  [
    {
      segment: 'evenements',
      tool: {
        object: 'events',
        description:
          "A Norwegian company's event journal from the Brønnøysund register's update feed: registration, deletion, bankruptcy, compulsory or voluntary winding up, changes of form, name, address or activity, each with the fields changed, by organisation number.",
      },
      summary: 'Journal des événements d’une entreprise norvégienne (fil des mises à jour de Brønnøysund).',
      description:
        'Une ligne par mise à jour du fil oppdateringer appliquée : type de brreg (Ny, Endring, Sletting, Fjernet) dans type_source, champs modifiés, famille et type en liste fermée (le plus parlant d’abord : faillite, liquidation forcée ou volontaire, forme, dénomination, adresse, activité). Le journal commence à la première mise à jour appliquée (couverture.depuis) : rien d’antérieur n’y figure, et aucun_evenement ne dit rien d’avant.',
      price: 20_000,
      responseSchema: noEventsSchema,
      async read({ knex, id }) {
        const { rows, depuis, jusqu } = await readNoEvents(knex, id);
        const evenements = rows.map((r) => ({
          famille: NO_EVENT_TYPES[r.type],
          type: r.type,
          type_source: r.endringstype,
          libelle_source: null,
          date: r.dato ? new Date(r.dato).toISOString().slice(0, 10) : null,
          date_effet: isoDate(r.date_effet),
          champs: r.champs,
          oppdateringsid: Number(r.oppdateringsid),
        }));
        return {
          ...detailLists.events(evenements, depuis !== null),
          couverture: {
            depuis: depuis ? new Date(depuis).toISOString() : null,
            jusqu_au: jusqu ? new Date(jusqu).toISOString() : null,
          },
        };
      },
    },
  ],
);

/** Why no year is served, as the recorded answer says it. */
function noYearServed(id: string, answer: Awaited<ReturnType<typeof readNoAccounts>>) {
  const why =
    answer === null
      ? 'aucune réponse du registre des comptes n’est enregistrée pour ce numéro / no recorded answer of the accounts register for this number'
      : answer.status === 500 && answer.melding
        ? `le registre des comptes ne sert pas ces comptes (${answer.melding}) / the accounts register does not serve these accounts`
        : 'le registre des comptes ne sert aucun exercice / the accounts register serves no year';
  return notFound(
    'element_inconnu',
    `NO ${id} : ${why} ; cela ne dit pas que l’entreprise n’a pas de comptes. / This does not mean the company has no accounts.`,
    { pays: 'NO', id_national: id, champ: 'exercices' },
  );
}

// The accounts come from a second register (Regnskapsregisteret, `no.regnskap`): its pass dates the footer;
// the company itself is read in Enhetsregisteret's copy, so both registers' state stands behind the answer.
const ACCOUNTS_ROUTES: readonly RouteDefinition[] = europeanDetailRoutes(
  {
    pays: 'NO',
    adjective: 'norwegian',
    register: NO_REGNSKAP_REGISTER,
    projection: noBrregAccountsProjection.name,
    profilesTable: NO_BRREG_PROFILES,
    filesTable: NO_ACCOUNTS,
    idParam: ID_PARAM,
  },
  [
    {
      segment: 'comptes',
      tool: {
        object: 'accounts',
        description:
          "A Norwegian company's annual accounts from the Brønnøysund accounts register's open data (the latest filed year): period, currency, layout, audit flags, balance sheet and income statement totals, by organisation number.",
      },
      summary: 'Comptes annuels d’une entreprise norvégienne (Regnskapsregisteret, dernier exercice publié).',
      description:
        'Forme des comptes lituaniens du contrat, autant que les données le permettent. Source : l’API ouverte du Regnskapsregisteret (data.brreg.no/regnskapsregisteret/regnskap/{orgnr}), enregistrée et servie depuis la copie locale : elle ne publie que le dernier exercice déposé des comptes sociaux (SELSKAP), depuis l’exercice 2018, pour les plans comptables ordinaires (pas les banques ni les assureurs), et aucun fichier en masse ouvert n’existe. Montants entiers tels que publiés, dans la devise du dépôt (devise : NOK le plus souvent, parfois USD ou EUR). produits = driftsinntekter (produits d’exploitation) ; chiffre_affaires = salgsinntekter, absent des données ouvertes (null) ; immobilisations_corporelles et depose_le ne sont pas publiés (null). Les postes publiés sans équivalent sont dans autres_postes. Une entreprise sans exercice servi (404 element_inconnu) n’est pas une entreprise sans comptes ; un entrepreneur individuel (ENK) n’est jamais servi.',
      price: 20_000,
      responseSchema: noAccountsSchema,
      errors: ['element_inconnu'],
      async read({ knex, id, photoLe }) {
        const answer = await readNoAccounts(knex, id);
        const exercices = answer && answer.status === 200 ? noAccountsYears(answer.regnskap) : [];
        if (exercices.length === 0) throw noYearServed(id, answer);
        return {
          nombre_exercices: exercices.length,
          dernier_exercice: exercices[0]!.fin,
          exercices,
          photo: photoLe,
        };
      },
    },
  ],
).map((route) => ({
  ...route,
  registers: [NO_REGNSKAP_REGISTER, NO_BRREG_REGISTER],
  projections: [noBrregAccountsProjection.name, noBrregProjection.name],
}));

export const NO_BRREG_ROUTES: readonly RouteDefinition[] = [...EVENTS_ROUTES, ...ACCOUNTS_ROUTES];
