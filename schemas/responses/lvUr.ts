import { LV_EVENT_TYPES } from '../enums/lvUr.ts';
import { type JsonSchema, objectList } from '../jsonSchema.ts';
import {
  accountsPeriod,
  BENEFICIAL_OWNERS_REQUIRED,
  beneficialOwnersList,
  nullableDate as d,
  nullableDateTime as dt,
  EVENTS_REQUIRED,
  europeanDetailSchema,
  eventsList,
  mandatesList,
  membersList,
  nullableNumber as n,
  nullableInteger,
  nullableString as s,
} from './europeanDetail.ts';

/** GET /v1/eu/entreprise/LV/{regnr}/associes */
export const lvMembersSchema: JsonSchema = europeanDetailSchema('LV', {
  required: ['aucun_associe_inscrit', 'nombre_associes', 'associes', 'capital', 'licence'],
  properties: {
    ...membersList('Personne physique : jamais nommée (nom null). / Natural persons are never named.', {
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
      coproprietaires: nullableInteger,
      actionnaires_non_publies: { type: 'boolean' },
      depuis: d,
      inscrit_le: d,
      modifie_le: dt,
    }),
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
  },
});

/** GET /v1/eu/entreprise/LV/{regnr}/dirigeants */
export const lvOfficersSchema: JsonSchema = europeanDetailSchema('LV', {
  required: ['aucun_mandat_inscrit', 'nombre_mandats', 'mandats'],
  properties: mandatesList(
    { type: 'boolean' },
    {
      role: s,
      titulaire: { type: 'object', properties: { type: { type: 'string' }, nom: s, regnr_entite: s } },
      representation: { type: 'object', properties: { type: s, au_moins: nullableInteger } },
      inscrit_le: d,
      modifie_le: dt,
    },
  ),
});

/** GET /v1/eu/entreprise/LV/{regnr}/beneficiaires-effectifs */
export const lvBeneficialOwnersSchema: JsonSchema = europeanDetailSchema('LV', {
  required: BENEFICIAL_OWNERS_REQUIRED,
  properties: beneficialOwnersList(
    { type: 'boolean' },
    { nationalites: { type: 'array', items: { type: 'string' } }, pays_residence: s, inscrit_le: d },
  ),
});

/** GET /v1/eu/entreprise/LV/{regnr}/evenements */
export const lvEventsSchema: JsonSchema = europeanDetailSchema('LV', {
  required: [...EVENTS_REQUIRED, 'licence'],
  properties: eventsList(
    {
      type: 'boolean',
      description: 'Vrai seulement mesuré sur une photo complète des quatre fichiers d’événements.',
    },
    {
      famille: { type: 'string', enum: ['liquidation', 'suspension', 'surete', 'reorganisation'] },
      types: LV_EVENT_TYPES,
    },
    {
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
      inscrit_le: dt,
    },
  ),
});

/** GET /v1/eu/entreprise/LV/{regnr}/insolvabilite */
export const lvInsolvencySchema: JsonSchema = europeanDetailSchema('LV', {
  required: ['nombre_procedures', 'procedure_en_cours', 'aucune_procedure', 'procedures'],
  properties: {
    nombre_procedures: { type: 'integer' },
    procedure_en_cours: { type: 'boolean' },
    aucune_procedure: { type: 'boolean', description: 'Mesuré sur une photo complète du fichier.' },
    procedures: objectList(
      {
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
      'Aucun administrateur n’est nommé. / No insolvency practitioner is named.',
    ),
  },
});

/** GET /v1/eu/entreprise/LV/{regnr}/comptes */
export const lvAccountsSchema: JsonSchema = europeanDetailSchema('LV', {
  required: ['nombre_comptes', 'aucun_compte_depose', 'comptes'],
  properties: {
    nombre_comptes: { type: 'integer' },
    aucun_compte_depose: { type: 'boolean' },
    comptes: objectList({
      ...accountsPeriod,
      arrondi: s,
      devise: s,
      type_source: s,
      schema_source: s,
      depose_le: dt,
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
      autres_postes: objectList({
        etat: { type: 'string', enum: ['bilan', 'compte_resultat', 'flux_tresorerie'] },
        code: { type: 'string', description: 'Colonne publiée. / Published column.' },
        montant: { type: 'number' },
      }),
    }),
  },
});
