import type { JsonSchema } from '../../api/catalogue/route.ts';

const s = { type: ['string', 'null'] };
const n = { type: ['number', 'null'] };
const d = { type: ['string', 'null'], format: 'date' };
const forme = { type: 'object', properties: { code: s, libelle: s } };
const footer = { photo_le: d, licence: s };

/** GET /v1/eu/entreprise/EE/{registrikood}/dirigeants */
export const eeOfficersSchema: JsonSchema = {
  type: 'object',
  required: ['pays', 'id_national', 'aucun_mandat_inscrit', 'mandats', 'nombre_mandats'],
  properties: {
    pays: { const: 'EE' },
    id_national: { type: 'string' },
    denomination: s,
    forme_juridique: forme,
    nombre_mandats: { type: 'integer' },
    nombre_personnes_physiques: { type: 'integer' },
    nombre_entites: { type: 'integer' },
    aucun_mandat_inscrit: {
      type: 'boolean',
      description: 'Vrai seulement si mesuré sur une photo complète du fichier des personnes inscrites.',
    },
    mandats: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          organe: s,
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
      },
    },
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
    ...footer,
  },
};

/** GET /v1/eu/entreprise/EE/{registrikood}/associes */
export const eeMembersSchema: JsonSchema = {
  type: 'object',
  required: ['pays', 'id_national', 'aucun_associe_inscrit', 'nombre_associes', 'associes'],
  properties: {
    pays: { const: 'EE' },
    id_national: { type: 'string' },
    denomination: s,
    forme_juridique: forme,
    aucun_associe_inscrit: { type: 'boolean' },
    nombre_associes: { type: 'integer' },
    nombre_personnes_physiques: { type: 'integer' },
    associes: {
      type: 'array',
      items: {
        type: 'object',
        description: 'Personne morale nommée ; personne physique comptée, jamais nommée (nom null).',
        properties: {
          type: { type: 'string', enum: ['personne_morale', 'personne_physique'] },
          nom: s,
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
        },
      },
    },
    nombre_actionnaires_hors_carte: { type: ['integer', 'null'] },
    actionnaires_hors_carte: { type: ['array', 'null'] },
    fondateurs: {
      type: ['object', 'null'],
      description:
        'Fondateurs inscrits sur la fiche ; null quand elle n’en garde pas. Personne physique comptée, jamais nommée.',
      properties: {
        nombre: { type: 'integer' },
        nombre_personnes_physiques: { type: 'integer' },
        liste: {
          type: 'array',
          items: {
            type: 'object',
            properties: {
              type: { type: 'string', enum: ['personne_morale', 'personne_physique'] },
              nom: s,
              registrikood_entite: s,
              apport: n,
              devise: s,
              depuis: d,
            },
          },
        },
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
    ...footer,
  },
};

/** GET /v1/eu/entreprise/EE/{registrikood}/comptes */
export const eeAccountsSchema: JsonSchema = {
  type: 'object',
  required: ['pays', 'id_national', 'nombre_rapports', 'aucun_rapport_depose', 'rapports'],
  properties: {
    pays: { const: 'EE' },
    id_national: { type: 'string' },
    denomination: s,
    forme_juridique: forme,
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
          annee: { type: ['integer', 'null'] },
          debut: d,
          fin: d,
          effectif: { type: ['integer', 'null'] },
          activite: {
            type: ['object', 'null'],
            properties: { code_emtak: s, libelle: s, version_emtak: s },
          },
        },
      },
    },
    ...footer,
  },
};

/** GET /v1/eu/entreprise/EE/{registrikood}/evenements */
export const eeEventsSchema: JsonSchema = {
  type: 'object',
  required: ['pays', 'id_national', 'nombre_evenements', 'aucun_evenement', 'evenements'],
  properties: {
    pays: { const: 'EE' },
    id_national: { type: 'string' },
    denomination: s,
    forme_juridique: forme,
    nombre_evenements: { type: 'integer' },
    aucun_evenement: { type: 'boolean' },
    evenements: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          famille: { const: 'statut' },
          type: {
            type: 'string',
            enum: ['immatriculation', 'liquidation', 'faillite', 'radiation', 'autre'],
          },
          type_source: s,
          libelle_source: s,
          date: d,
        },
      },
    },
    ...footer,
  },
};

/** GET /v1/eu/entreprise/EE/{registrikood}/beneficiaires-effectifs */
export const eeBeneficialOwnersSchema: JsonSchema = {
  type: 'object',
  required: ['pays', 'id_national', 'aucun_beneficiaire_inscrit', 'nombre_beneficiaires', 'beneficiaires'],
  properties: {
    pays: { const: 'EE' },
    id_national: { type: 'string' },
    denomination: s,
    forme_juridique: forme,
    aucun_beneficiaire_inscrit: {
      type: 'boolean',
      description: 'Vrai seulement mesuré sur le fichier complet des bénéficiaires de la photo.',
    },
    nombre_beneficiaires: { type: 'integer' },
    beneficiaires: {
      type: 'array',
      items: {
        type: 'object',
        description: 'Toujours une personne physique, comptée, jamais nommée. / Counted, never named.',
        properties: {
          type: { const: 'personne_physique' },
          nom: { type: 'null' },
          controle: { type: 'object', properties: { code: s, libelle: s } },
          pays_residence: s,
          depuis: d,
        },
      },
    },
    ...footer,
  },
};
