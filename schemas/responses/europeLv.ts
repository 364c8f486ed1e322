import type { JsonSchema } from '../../api/catalogue/route.ts';

const s = { type: ['string', 'null'] };
const n = { type: ['number', 'null'] };
const d = { type: ['string', 'null'], format: 'date' };
const footer = { photo_le: d, licence: s };

/** GET /v1/eu/entreprise/LV/{regnr}/associes */
export const lvMembersSchema: JsonSchema = {
  type: 'object',
  required: [
    'pays',
    'id_national',
    'aucun_associe_inscrit',
    'nombre_associes',
    'associes',
    'capital',
    'licence',
  ],
  properties: {
    pays: { const: 'LV' },
    id_national: { type: 'string' },
    denomination: s,
    aucun_associe_inscrit: { type: 'boolean' },
    nombre_associes: { type: 'integer' },
    nombre_personnes_physiques: { type: 'integer' },
    associes: {
      type: 'array',
      items: {
        type: 'object',
        description: 'Personne physique : jamais nommée (nom null). / Natural persons are never named.',
        properties: {
          type: { type: 'string', enum: ['personne_morale', 'personne_physique'] },
          nom: s,
          regnr_entite: s,
          titres: {
            type: 'object',
            properties: {
              nature: { type: 'string' },
              nombre: n,
              valeur_nominale: n,
              devise: s,
              votes: n,
              type_actions: s,
            },
          },
          part_capital_pct: n,
          coproprietaires: { type: ['integer', 'null'] },
          actionnaires_non_publies: { type: 'boolean' },
          depuis: d,
          inscrit_le: d,
          modifie_le: { type: ['string', 'null'], format: 'date-time' },
        },
      },
    },
    capital: {
      type: ['object', 'null'],
      properties: {
        nature: { type: 'string' },
        nombre_titres: n,
        valeur_nominale_totale: n,
        devise: s,
        detenu_par_personnes_physiques_pct: n,
      },
    },
    ...footer,
  },
};

/** GET /v1/eu/entreprise/LV/{regnr}/dirigeants */
export const lvOfficersSchema: JsonSchema = {
  type: 'object',
  required: ['pays', 'id_national', 'aucun_mandat_inscrit', 'nombre_mandats', 'mandats'],
  properties: {
    pays: { const: 'LV' },
    id_national: { type: 'string' },
    denomination: s,
    nombre_mandats: { type: 'integer' },
    nombre_personnes_physiques: { type: 'integer' },
    nombre_entites: { type: 'integer' },
    aucun_mandat_inscrit: { type: 'boolean' },
    mandats: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          organe: s,
          role: s,
          titulaire: { type: 'object', properties: { type: { type: 'string' }, nom: s, regnr_entite: s } },
          representation: {
            type: 'object',
            properties: { type: s, au_moins: { type: ['integer', 'null'] } },
          },
          inscrit_le: d,
          modifie_le: { type: ['string', 'null'], format: 'date-time' },
        },
      },
    },
    ...footer,
  },
};

/** GET /v1/eu/entreprise/LV/{regnr}/beneficiaires-effectifs */
export const lvBeneficialOwnersSchema: JsonSchema = {
  type: 'object',
  required: ['pays', 'id_national', 'aucun_beneficiaire_inscrit', 'nombre_beneficiaires', 'beneficiaires'],
  properties: {
    pays: { const: 'LV' },
    id_national: { type: 'string' },
    denomination: s,
    aucun_beneficiaire_inscrit: { type: 'boolean' },
    nombre_beneficiaires: { type: 'integer' },
    beneficiaires: {
      type: 'array',
      items: {
        type: 'object',
        description: 'Toujours une personne physique, comptée, jamais nommée. / Counted, never named.',
        properties: {
          type: { const: 'personne_physique' },
          nom: { type: 'null' },
          nationalites: { type: 'array', items: { type: 'string' } },
          pays_residence: s,
          inscrit_le: d,
        },
      },
    },
    ...footer,
  },
};

/** GET /v1/eu/entreprise/LV/{regnr}/evenements */
export const lvEventsSchema: JsonSchema = {
  type: 'object',
  required: ['pays', 'id_national', 'nombre_evenements', 'aucun_evenement', 'evenements', 'licence'],
  properties: {
    pays: { const: 'LV' },
    id_national: { type: 'string' },
    denomination: s,
    nombre_evenements: { type: 'integer' },
    aucun_evenement: {
      type: 'boolean',
      description: 'Vrai seulement mesuré sur une photo complète des quatre fichiers d’événements.',
    },
    evenements: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          famille: { type: 'string', enum: ['liquidation', 'suspension', 'surete', 'reorganisation'] },
          type: {
            type: 'string',
            enum: [
              'cessation_activite',
              'suspension_activite',
              'interdiction',
              'saisie',
              'mesure_conservatoire',
              'fusion_absorption',
              'fusion',
              'scission',
              'scission_partielle',
              'transformation',
              'reorganisation',
            ],
          },
          type_source: s,
          libelle_source: s,
          date: d,
          fondement: s,
          role: {
            type: 'string',
            description:
              'objet, ou dans une réorganisation le côté de la société : absorbee, fusionnee, scindee, transformee, source ; absorbante, issue_de_fusion, beneficiaire, issue_de_transformation.',
          },
          societe_liee: { ...s, description: 'Numéro de l’autre société d’une réorganisation.' },
          numero_affaire: s,
          institution: {
            type: ['object', 'null'],
            description:
              'Huissier ou notaire : par rôle seulement (nom null). / Bailiffs and notaries by role only.',
            properties: { type: { type: 'string' }, nom: s, regnr: s },
          },
          inscrit_le: { type: ['string', 'null'], format: 'date-time' },
        },
      },
    },
    ...footer,
  },
};

/** GET /v1/eu/entreprise/LV/{regnr}/insolvabilite */
export const lvInsolvencySchema: JsonSchema = {
  type: 'object',
  required: [
    'pays',
    'id_national',
    'nombre_procedures',
    'procedure_en_cours',
    'aucune_procedure',
    'procedures',
  ],
  properties: {
    pays: { const: 'LV' },
    id_national: { type: 'string' },
    denomination: s,
    nombre_procedures: { type: 'integer' },
    procedure_en_cours: { type: 'boolean' },
    aucune_procedure: { type: 'boolean', description: 'Mesuré sur une photo complète du fichier.' },
    procedures: {
      type: 'array',
      items: {
        type: 'object',
        description: 'Aucun administrateur n’est nommé. / No insolvency practitioner is named.',
        properties: {
          forme: s,
          nature: { type: ['string', 'null'], enum: ['insolvabilite', 'protection_juridique', null] },
          type_source: s,
          debut: d,
          fin: d,
          en_cours: { type: 'boolean' },
          issue: s,
          tribunal: s,
          numero_affaire: s,
        },
      },
    },
    ...footer,
  },
};

/** GET /v1/eu/entreprise/LV/{regnr}/comptes */
export const lvAccountsSchema: JsonSchema = {
  type: 'object',
  required: ['pays', 'id_national', 'nombre_comptes', 'aucun_compte_depose', 'comptes'],
  properties: {
    pays: { const: 'LV' },
    id_national: { type: 'string' },
    denomination: s,
    nombre_comptes: { type: 'integer' },
    aucun_compte_depose: { type: 'boolean' },
    comptes: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          annee: { type: ['integer', 'null'] },
          debut: d,
          fin: d,
          effectif: { type: ['integer', 'null'] },
          arrondi: s,
          devise: s,
          type_source: s,
          schema_source: s,
          depose_le: { type: ['string', 'null'], format: 'date-time' },
          bilan: {
            type: ['object', 'null'],
            properties: {
              actif_non_courant: n,
              actif_courant: n,
              total_actif: n,
              immobilisations_corporelles: n,
              capitaux_propres: n,
              dettes: { ...n, description: 'Créanciers à moins et à plus d’un an (provisions exclues).' },
            },
          },
          compte_resultat: {
            type: ['object', 'null'],
            properties: { chiffre_affaires: n, produits: n, resultat_avant_impot: n, resultat_net: n },
          },
          flux_tresorerie: {
            type: ['object', 'null'],
            properties: {
              exploitation: n,
              investissement: n,
              financement: n,
              variation: n,
              tresorerie_debut: n,
              tresorerie_fin: n,
            },
          },
          autres_postes: {
            type: 'array',
            items: {
              type: 'object',
              properties: {
                etat: { type: 'string', enum: ['bilan', 'compte_resultat', 'flux_tresorerie'] },
                code: { type: 'string', description: 'Colonne publiée. / Published column.' },
                montant: { type: 'number' },
              },
            },
          },
        },
      },
    },
    ...footer,
  },
};
