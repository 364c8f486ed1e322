import type { JsonSchema } from '../jsonSchema.ts';
import { SIREN_SCHEMA } from '../params/siren.ts';

const nullableString: JsonSchema = { type: ['string', 'null'] };
const nullableBoolean: JsonSchema = { type: ['boolean', 'null'] };
const count: JsonSchema = { type: 'integer', minimum: 0 };
const date: JsonSchema = { type: 'string', format: 'date' };

const rubriqueSchema: JsonSchema = {
  type: 'object',
  required: ['numero', 'nature', 'alinea', 'regime', 'quantite', 'unite', 'date_motif'],
  properties: {
    numero: { type: 'string', description: 'Numéro de la rubrique de la nomenclature ICPE (2510, 4511…).' },
    nature: { ...nullableString, description: 'Libellé de la rubrique, tel que publié.' },
    alinea: nullableString,
    regime: {
      ...nullableString,
      description:
        'Régime autorisé pour l’alinéa (regimeAutoriseAlinea) : Autorisation, Enregistrement, Déclaration…',
    },
    quantite: {
      ...nullableString,
      description: 'Quantité totale telle que publiée (chaîne décimale, `64000.000`), avec son unité.',
    },
    unite: nullableString,
    date_motif: {
      ...date,
      type: ['string', 'null'],
      description: 'Date du motif (dateMotif) ; null si non publiée.',
    },
  },
};

const installationSchema: JsonSchema = {
  type: 'object',
  required: [
    'code_aiot',
    'siret',
    'commune',
    'code_postal',
    'code_insee',
    'code_naf',
    'regime',
    'statut_seveso',
    'etat_activite',
    'priorite_nationale',
    'ied',
    'service_inspection',
    'activites',
    'rubriques',
    'derniere_inspection',
    'inspections',
    'url_georisques',
  ],
  properties: {
    code_aiot: { type: 'string', pattern: '^\\d{10}$', description: 'Code de l’installation (codeAiot).' },
    siret: { type: 'string', pattern: '^\\d{14}$', description: 'Établissement exploitant, tel que publié.' },
    commune: nullableString,
    code_postal: nullableString,
    code_insee: nullableString,
    code_naf: {
      ...nullableString,
      description: 'Code NAF tel que publié (souvent la division seule, `06`).',
    },
    regime: {
      ...nullableString,
      description:
        'Régime en vigueur (regimeVigueur) : Autorisation, Enregistrement, Déclaration, « Autres régimes », « Non ICPE »…',
    },
    statut_seveso: {
      ...nullableString,
      description: '« Seveso seuil haut », « Seveso seuil bas », « Non Seveso » ; null si non publié.',
    },
    etat_activite: {
      ...nullableString,
      description: '« En exploitation avec titre », « En fin d’exploitation »… ; null si non publié.',
    },
    priorite_nationale: nullableBoolean,
    ied: { ...nullableBoolean, description: 'Relève de la directive IED (émissions industrielles).' },
    service_inspection: {
      ...nullableString,
      description: 'Service d’inspection (serviceAiot : DREAL, DDPP…).',
    },
    activites: {
      type: 'array',
      items: { enum: ['bovins', 'porcs', 'volailles', 'carriere', 'eolienne', 'industrie'] },
      description: 'Les activités que Géorisques marque sur l’installation.',
    },
    rubriques: { type: 'array', items: rubriqueSchema },
    derniere_inspection: { ...date, type: ['string', 'null'] },
    inspections: {
      type: 'array',
      items: date,
      description: 'Dates d’inspection publiées, distinctes, la plus récente d’abord.',
    },
    url_georisques: { ...nullableString, description: 'Fiche de l’installation sur Géorisques.' },
  },
};

/**
 * The dossier's `risques_industriels` block: the company's classified installations (Géorisques ICPE) by
 * SIRET. The operator's name, street address and coordinates are never served.
 */
export const risquesIndustrielsBlockSchema: JsonSchema = {
  type: 'object',
  description:
    'Installations classées (ICPE, Géorisques) des établissements de l’entreprise, par SIRET : régime, statut Seveso, état, rubriques, inspections, fiche Géorisques. Ni nom d’exploitant, ni adresse, ni coordonnées. / The company’s classified installations by SIRET; no operator name, address or coordinates.',
  required: [
    'siren',
    'nombre_installations',
    'nombre_etablissements',
    'nombre_seveso_seuil_haut',
    'nombre_seveso_seuil_bas',
    'installations',
  ],
  properties: {
    siren: SIREN_SCHEMA,
    nombre_installations: count,
    nombre_etablissements: count,
    nombre_seveso_seuil_haut: count,
    nombre_seveso_seuil_bas: count,
    installations: {
      type: 'array',
      description: 'Par établissement (SIRET), puis code de l’installation.',
      items: installationSchema,
    },
  },
};
