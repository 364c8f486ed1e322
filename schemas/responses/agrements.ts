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

/**
 * The dossier's `agrements` block: RGE only for now (ADEME's list); Qualiopi (DGEFP's public list of training
 * organisations) comes next. The list's contact members (name, phone, e-mail, website, address, coordinates)
 * are never served.
 */
export const agrementsBlockSchema: JsonSchema = {
  type: 'object',
  description:
    'Agréments et qualifications des établissements de l’entreprise. Couvre RGE seulement pour l’instant (liste ADEME des entreprises RGE) ; la liste publique des organismes de formation (Qualiopi, DGEFP) viendra ensuite. Aucun contact (nom, téléphone, e-mail, site, adresse) n’est servi. / RGE only for now; Qualiopi (DGEFP) comes next. No contact data is served.',
  required: ['siren', 'nombre', 'listes_couvertes', 'rge', 'note'],
  properties: {
    siren: SIREN_SCHEMA,
    nombre: { ...count, description: 'Agréments servis, toutes listes couvertes.' },
    listes_couvertes: { type: 'array', items: { enum: ['rge'] }, description: 'Les listes lues.' },
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
    note: { type: 'string' },
  },
};
