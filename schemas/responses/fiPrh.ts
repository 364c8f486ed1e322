import { type JsonSchema, objectList } from '../jsonSchema.ts';
import { nullableDate as d, nullableString as s } from './europeanDetail.ts';

/** PRH's open data licence: the register dictionary's and the events body's `licence`. */
export const FI_PRH_LICENCE = 'CC BY 4.0';

/**
 * The families of a Finnish company's events (GET /v1/eu/entreprise/FI/{id}/evenements): only those the YTJ
 * company answer itself distinguishes (ingest/fi-prh/prhEvents.ts).
 */
export const FI_PRH_EVENT_FAMILIES = [
  'immatriculation',
  'changement',
  'liquidation',
  'insolvabilite',
  'radiation',
  'autre',
] as const;
export type FiPrhEventFamily = (typeof FI_PRH_EVENT_FAMILIES)[number];

/** The types, each in one family (`FI_PRH_EVENT_FAMILY_OF`). */
export const FI_PRH_EVENT_TYPES = [
  'attribution_identifiant',
  'inscription_registre',
  'changement_forme_juridique',
  'changement_denomination',
  'liquidation',
  'restructuration',
  'faillite',
  'cessation',
  'statut_registre',
  'situation_autre',
] as const;
export type FiPrhEventType = (typeof FI_PRH_EVENT_TYPES)[number];

export const FI_PRH_EVENT_FAMILY_OF: Readonly<Record<FiPrhEventType, FiPrhEventFamily>> = {
  attribution_identifiant: 'immatriculation',
  inscription_registre: 'immatriculation',
  changement_forme_juridique: 'changement',
  changement_denomination: 'changement',
  liquidation: 'liquidation',
  restructuration: 'insolvabilite',
  faillite: 'insolvabilite',
  cessation: 'radiation',
  statut_registre: 'autre',
  situation_autre: 'autre',
};

/** The YTJ member each event is read from, verbatim. */
export const FI_PRH_EVENT_SOURCES = [
  'businessId',
  'registeredEntries',
  'companySituations',
  'companyForms',
  'names',
  'endDate',
] as const;
export type FiPrhEventSource = (typeof FI_PRH_EVENT_SOURCES)[number];

const code = {
  type: ['object', 'null'],
  properties: { code: { type: 'string' }, libelle: s },
};

/** GET /v1/eu/entreprise/FI/{id}/evenements */
export const fiPrhEventsSchema: JsonSchema = {
  type: 'object',
  description:
    'Événements d’une personne morale finlandaise lus en direct dans la réponse « companies » de l’API YTJ v3 de PRH, la même que le profil : inscriptions aux registres (registre du commerce, registres fiscaux), situations (restructuration, liquidation, faillite), changements de forme et de dénomination, date de cessation. Ni les avis du registre du commerce (API « registered notices ») ni l’historique complet : YTJ ne publie que la forme et la dénomination actuelles et précédentes, et ses situations. Aucun nom de personne. / Events of a Finnish legal person read live from the same YTJ v3 companies answer as the profile: register entries, situations, form and name changes, cessation. Not the trade register notices, not a full history. No person is named.',
  required: [
    'pays',
    'id_national',
    'denomination',
    'nombre_evenements',
    'aucun_evenement',
    'evenements',
    'consulte_le',
    'licence',
  ],
  properties: {
    pays: { const: 'FI' },
    id_national: { type: 'string' },
    denomination: s,
    nombre_evenements: { type: 'integer' },
    aucun_evenement: {
      type: 'boolean',
      description:
        'Vrai seulement quand la réponse de PRH a été lue et ne tient aucun événement. / True only when PRH’s answer was read and holds no event.',
    },
    evenements: objectList(
      {
        famille: {
          type: 'string',
          enum: [...FI_PRH_EVENT_FAMILIES],
          description:
            'Liste fermée : immatriculation (identifiant attribué, inscription à un registre), changement (forme juridique, dénomination), liquidation (SELTILA), insolvabilite (restructuration SANE, faillite KONK), radiation (date de cessation de l’entreprise), autre (inscription dont le code d’état n’est pas classé, ou situation d’un code inconnu ; voir type_source et libelle_source). / Closed list: registration, change, liquidation, insolvency, struck off, other (a register status or situation code that is not classified).',
        },
        type: {
          type: 'string',
          enum: [...FI_PRH_EVENT_TYPES],
          description:
            'Liste fermée : attribution_identifiant (businessId.registrationDate), inscription_registre (registeredEntries dont le code d’état est un état inscrit vérifié : 1_1, 4_1, 5_55, 6_80, 6_82, 6_83, 7_41), statut_registre (tout autre code d’état), changement_forme_juridique et changement_denomination (une version de companyForms ou du nom principal qui en suit une autre), liquidation (SELTILA), restructuration (SANE), faillite (KONK), situation_autre (tout autre code de situation), cessation (endDate). / Closed list: Business ID granted, register entry (a verified registered status), other register status, change of legal form or of main name, liquidation, restructuring, bankruptcy, other situation, cessation.',
        },
        type_source: {
          ...s,
          description:
            'Code de la source, tel que publié : type de l’inscription (à lire avec registre.code : clé REK_KDI « registre_type »), de la situation, de la nouvelle forme juridique, ou du nom (1 = nom principal) ; null pour l’identifiant et la cessation. / The source’s code as published.',
        },
        libelle_source: {
          ...s,
          description:
            'Libellé publié dans la même réponse, en finnois (sinon le premier donné) : état d’inscription, forme juridique ; null quand la réponse n’en porte pas (situations, nom). Jamais le nom de l’entreprise ni d’une personne. / The label the answer carries (Finnish first), else null.',
        },
        date: d,
        date_fin: {
          ...d,
          description:
            'Fin de l’inscription ou de la situation quand la réponse la donne ; null sinon. / End date when published.',
        },
        champ_source: { type: 'string', enum: [...FI_PRH_EVENT_SOURCES] },
        registre: {
          ...code,
          description:
            'Registre (code REK tel que publié ; libellé du code quand il est vérifié) ; null quand la réponse n’en donne pas. / Register, when given.',
        },
        autorite: {
          ...code,
          description:
            'Autorité (code VIRANOM : 1 Verohallinto, 2 Patentti- ja rekisterihallitus) ; null quand la réponse n’en donne pas. / Authority, when given.',
        },
      },
      'Du plus récent au plus ancien (sans date en dernier). / Newest first (undated last).',
    ),
    consulte_le: { type: 'string', format: 'date-time' },
    licence: { type: 'string' },
  },
};
