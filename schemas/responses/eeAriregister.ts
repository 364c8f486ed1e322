import { type JsonSchema, objectList } from '../jsonSchema.ts';
import {
  accountsPeriod,
  BENEFICIAL_OWNERS_REQUIRED,
  beneficialOwnersList,
  nullableDate as d,
  EVENTS_REQUIRED,
  europeanDetailSchema,
  eventsList,
  holderType,
  mandatesList,
  membersList,
  nullableNumber as n,
  nullableString as s,
} from './europeanDetail.ts';

/** An Estonian detail body: the European header, then the legal form, the route's members, the footer. */
const eeDetailSchema = (required: readonly string[], properties: Record<string, JsonSchema>) =>
  europeanDetailSchema('EE', {
    required,
    properties: { forme_juridique: { type: 'object', properties: { code: s, libelle: s } }, ...properties },
  });

/** GET /v1/eu/entreprise/EE/{registrikood}/dirigeants */
export const eeOfficersSchema: JsonSchema = eeDetailSchema(
  ['aucun_mandat_inscrit', 'mandats', 'nombre_mandats'],
  {
    ...mandatesList(
      {
        type: 'boolean',
        description: 'Vrai seulement si mesuré sur une photo complète du fichier des personnes inscrites.',
      },
      {
        role: { type: 'string' },
        role_source: s,
        role_libelle: s,
        role_fr: s,
        origine: { type: 'string' },
        titulaire: {
          type: 'object',
          description:
            'Personne physique : prénom, nom et rôle seulement. / Natural person: names and role only.',
          properties: { type: { type: 'string' }, prenom: s, nom: s },
        },
        inscrit_le: d,
        carte: { type: 'object', properties: { type: s, numero: s, inscription: s } },
      },
    ),
    regles_representation: {
      type: ['object', 'null'],
      description:
        'Règles de représentation de la fiche : règle légale de chaque rôle (standard) et conditions spéciales en vigueur (speciales), textes du registre tels que publiés (codes personnels masqués). null : non publiées par le fichier pour cette personne morale.',
      required: ['standard', 'speciales'],
      properties: {
        standard: {
          type: 'array',
          items: {
            type: 'object',
            required: ['role', 'role_source', 'texte', 'depuis'],
            properties: { role: { type: 'string' }, role_source: s, texte: s, depuis: d },
          },
        },
        speciales: {
          type: 'array',
          items: {
            type: 'object',
            required: ['type_source', 'type_libelle', 'texte', 'depuis'],
            properties: { type_source: s, type_libelle: s, texte: s, depuis: d, inscription: s },
          },
        },
      },
    },
  },
);

/** GET /v1/eu/entreprise/EE/{registrikood}/associes */
export const eeMembersSchema: JsonSchema = eeDetailSchema(
  ['aucun_associe_inscrit', 'nombre_associes', 'associes'],
  {
    ...membersList('Personne morale nommée ; personne physique comptée, jamais nommée (nom null).', {
      registrikood_entite: s,
      code_etranger: s,
      pays: s,
      pays_libelle: s,
      part_pct: n,
      valeur_nominale: n,
      devise: s,
      propriete: { type: 'object', properties: { code: s, libelle: s } },
      fraction: s,
      groupe: s,
      controle: { type: ['object', 'null'] },
      depuis: d,
      role_source: s,
    }),
    nombre_actionnaires_hors_carte: { type: ['integer', 'null'] },
    actionnaires_hors_carte: { type: ['array', 'null'] },
    fondateurs: {
      type: ['object', 'null'],
      description:
        'Fondateurs inscrits sur la fiche ; null quand elle n’en garde pas. Personne physique comptée, jamais nommée.',
      properties: {
        nombre: { type: 'integer' },
        nombre_personnes_physiques: { type: 'integer' },
        liste: objectList({
          type: holderType,
          nom: s,
          registrikood_entite: s,
          apport: n,
          devise: s,
          depuis: d,
        }),
      },
    },
    gages_sur_parts: { type: ['array', 'null'] },
    capital: {
      type: ['object', 'null'],
      description: 'Capital social inscrit en cours (données générales). / Registered share capital.',
      properties: {
        montant: n,
        devise: s,
        depuis: d,
        actions_sans_valeur_nominale: { type: ['boolean', 'null'] },
      },
    },
    detenu_par_personnes_physiques_pct: n,
  },
);

/** GET /v1/eu/entreprise/EE/{registrikood}/comptes */
export const eeAccountsSchema: JsonSchema = eeDetailSchema(
  ['nombre_rapports', 'aucun_rapport_depose', 'rapports'],
  {
    nombre_rapports: { type: 'integer' },
    aucun_rapport_depose: {
      type: 'boolean',
      description: 'Mesuré sur une photo complète des données générales.',
    },
    rapports: {
      type: 'array',
      description: 'Résumés des rapports annuels (période, effectif, activité) ; pas de chiffres financiers.',
      items: {
        type: 'object',
        properties: {
          ...accountsPeriod,
          activite: {
            type: ['object', 'null'],
            properties: { code_emtak: s, libelle: s, version_emtak: s },
          },
        },
      },
    },
  },
);

/** GET /v1/eu/entreprise/EE/{registrikood}/evenements */
export const eeEventsSchema: JsonSchema = eeDetailSchema(
  EVENTS_REQUIRED,
  eventsList(
    { type: 'boolean' },
    {
      famille: { const: 'statut' },
      types: ['immatriculation', 'liquidation', 'faillite', 'radiation', 'autre'],
    },
    {},
  ),
);

/** GET /v1/eu/entreprise/EE/{registrikood}/beneficiaires-effectifs */
export const eeBeneficialOwnersSchema: JsonSchema = eeDetailSchema(
  BENEFICIAL_OWNERS_REQUIRED,
  beneficialOwnersList(
    {
      type: 'boolean',
      description: 'Vrai seulement mesuré sur le fichier complet des bénéficiaires de la photo.',
    },
    {
      controle: { type: 'object', properties: { code: s, libelle: s } },
      pays_residence: s,
      depuis: d,
    },
  ),
);
