import type { JsonSchema } from '../jsonSchema.ts';
import { SIREN_SCHEMA } from '../params/siren.ts';

const nullableString: JsonSchema = { type: ['string', 'null'] };
const count: JsonSchema = { type: 'integer', minimum: 0 };
const nullableDate: JsonSchema = { type: ['string', 'null'], format: 'date' };

const qualificationSchema: JsonSchema = {
  type: 'object',
  required: [
    'siret',
    'code_qualification',
    'nom_qualification',
    'nom_certificat',
    'organisme',
    'domaine',
    'meta_domaine',
    'debut',
    'fin',
    'en_cours',
    'travaille_pour_particuliers',
    'url_qualification',
  ],
  properties: {
    siret: { type: 'string', pattern: '^\\d{14}$', description: 'Établissement qualifié.' },
    code_qualification: { type: 'string' },
    nom_qualification: nullableString,
    nom_certificat: {
      ...nullableString,
      description: 'Libellé du certificat (QUALIBAT-RGE, Certificat OPQIBI…).',
    },
    organisme: {
      ...nullableString,
      description: 'Organisme de qualification (qualibat, opqibi, certibat…).',
    },
    domaine: { ...nullableString, description: 'Domaine de travaux.' },
    meta_domaine: nullableString,
    debut: {
      ...nullableDate,
      description: 'Date de début de qualification (lien_date_debut) ; null si non publiée.',
    },
    fin: {
      ...nullableDate,
      description:
        'Date de fin de qualification (lien_date_fin ; 2099-01-01 : sans fin) ; null si non publiée.',
    },
    en_cours: {
      type: ['boolean', 'null'],
      description: 'Date de fin postérieure ou égale au jour de la réponse (UTC) ; null sans date de fin.',
    },
    travaille_pour_particuliers: {
      type: ['boolean', 'null'],
      description:
        'ADEME « Travaille pour les particuliers » : l’entreprise travaille pour des ménages (ne dit pas qu’elle est une personne physique).',
    },
    url_qualification: { ...nullableString, description: 'Lien vers le certificat.' },
  },
};

const nullableBoolean: JsonSchema = { type: ['boolean', 'null'] };
const nullableCount: JsonSchema = { type: ['integer', 'null'], minimum: 0 };

const declarationSchema: JsonSchema = {
  type: 'object',
  required: [
    'numero_declaration_activite',
    'numeros_declaration_precedents',
    'siret_declarant',
    'certifie_qualiopi',
    'certifications',
    'date_derniere_declaration',
    'debut_exercice',
    'fin_exercice',
    'specialites',
    'nombre_stagiaires',
    'nombre_stagiaires_confies_par_un_autre_of',
    'effectif_formateurs',
  ],
  properties: {
    numero_declaration_activite: {
      type: 'string',
      description: 'Numéro de déclaration d’activité (NDA, numeroDeclarationActivite).',
    },
    numeros_declaration_precedents: {
      ...nullableString,
      description: 'NDA précédent(s) tels que publiés (changement de région) ; null si aucun.',
    },
    siret_declarant: {
      type: ['string', 'null'],
      pattern: '^\\d{14}$',
      description:
        'Établissement ayant déposé la déclaration (siretEtablissementDeclarant) : il ne dit pas quel site est certifié.',
    },
    certifie_qualiopi: {
      type: 'boolean',
      description: 'Au moins une catégorie certifiée Qualiopi (lecture de la DGEFP).',
    },
    certifications: {
      type: 'object',
      description: 'Catégories de la certification Qualiopi ; null quand la cellule est vide.',
      required: [
        'actions_de_formation',
        'bilans_de_competences',
        'vae',
        'actions_de_formation_par_apprentissage',
      ],
      properties: {
        actions_de_formation: nullableBoolean,
        bilans_de_competences: nullableBoolean,
        vae: nullableBoolean,
        actions_de_formation_par_apprentissage: nullableBoolean,
      },
    },
    date_derniere_declaration: nullableDate,
    debut_exercice: nullableDate,
    fin_exercice: nullableDate,
    specialites: {
      type: 'array',
      description:
        'Jusqu’à trois spécialités de formation déclarées (code NSF et libellé), dans l’ordre publié.',
      items: {
        type: 'object',
        required: ['code', 'libelle'],
        properties: { code: nullableString, libelle: nullableString },
      },
    },
    nombre_stagiaires: nullableCount,
    nombre_stagiaires_confies_par_un_autre_of: nullableCount,
    effectif_formateurs: nullableCount,
  },
};

/**
 * The dossier's `agrements` block: ADEME's RGE list and the DGEFP's public list of training organisations
 * (Qualiopi). The RGE list's contact members (name, phone, e-mail, website, address, coordinates) and the
 * training list's name and addresses are never served.
 */
export const agrementsBlockSchema: JsonSchema = {
  type: 'object',
  description:
    'Agréments, qualifications et certifications de l’entreprise : RGE (liste ADEME des entreprises RGE) et Qualiopi (liste publique des organismes de formation, DGEFP). Aucun nom, contact ni adresse n’est servi. / RGE (ADEME) and Qualiopi (DGEFP public list of training organisations). No name, contact or address is served.',
  required: ['siren', 'nombre', 'listes_couvertes', 'rge', 'qualiopi', 'note'],
  properties: {
    siren: SIREN_SCHEMA,
    nombre: { ...count, description: 'Agréments servis, toutes listes couvertes.' },
    listes_couvertes: {
      type: 'array',
      items: { enum: ['rge', 'qualiopi'] },
      description: 'Les listes lues.',
    },
    rge: {
      type: 'object',
      required: ['nombre_qualifications', 'nombre_etablissements', 'qualifications'],
      properties: {
        nombre_qualifications: count,
        nombre_etablissements: count,
        qualifications: {
          type: 'array',
          description: 'Par établissement, puis date de fin (la plus lointaine d’abord), puis code.',
          items: qualificationSchema,
        },
      },
    },
    qualiopi: {
      type: 'object',
      description:
        'Déclarations d’activité de l’entreprise (par SIREN) dans la liste publique des organismes de formation, par numéro. Être déclaré ne vaut pas agrément ; seule une certification vaut Qualiopi.',
      required: ['nombre_declarations', 'nombre_certifiees', 'declarations'],
      properties: {
        nombre_declarations: count,
        nombre_certifiees: { ...count, description: 'Déclarations certifiées Qualiopi.' },
        declarations: { type: 'array', items: declarationSchema },
      },
    },
    note: { type: 'string' },
  },
};
