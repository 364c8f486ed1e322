import type { JsonSchema } from '../jsonSchema.ts';

/** The relationship record a consolidating parent is declared by (GLEIF RR-CDF). */
export interface GroupeLeiRelationship {
  /** `IS_DIRECTLY_CONSOLIDATED_BY` or `IS_ULTIMATELY_CONSOLIDATED_BY`. */
  type: string;
  /** `ACTIVE` / `INACTIVE` (RelationshipStatus). */
  statut: string | null;
  /** The relationship record's registration status: `PUBLISHED`, `LAPSED`, `RETIRED`... */
  statut_enregistrement: string | null;
  /** YYYY-MM-DD, the relationship period's start and end, when published. */
  debut?: string;
  fin?: string;
}

/** One level of the group (direct or ultimate parent). */
export type GroupeLeiParent =
  | {
      etat: 'mere';
      lei: string;
      /** Null when the parent's LEI is not in the local copy. */
      denomination: string | null;
      pays: string | null;
      relationship: GroupeLeiRelationship;
    }
  | { etat: 'absence_mere'; declaration: string; reference: string | null }
  | { etat: 'mere_omise'; raison: 'personne_physique' | 'forme_ambigue'; relationship: GroupeLeiRelationship }
  | { etat: 'non_declare' };

/** `groupe_lei` of the French profile: never null, never a 503 (the state says why nothing is known). */
export interface GroupeLei {
  etat: 'renseigne' | 'sans_objet' | 'indisponible';
  lei: string | null;
  statut_enregistrement_lei: string | null;
  /** YYYY-MM-DD of the GLEIF copy read. */
  date_photo: string | null;
  mere_directe: GroupeLeiParent | null;
  mere_ultime: GroupeLeiParent | null;
  /** Bilingual; set for `sans_objet` and `indisponible`. */
  message?: string;
}

const nullableString: JsonSchema = { type: ['string', 'null'] };
const date: JsonSchema = { type: 'string', format: 'date' };

const relationshipSchema: JsonSchema = {
  type: 'object',
  required: ['type', 'statut', 'statut_enregistrement'],
  additionalProperties: false,
  properties: {
    type: { type: 'string', enum: ['IS_DIRECTLY_CONSOLIDATED_BY', 'IS_ULTIMATELY_CONSOLIDATED_BY'] },
    statut: { ...nullableString, description: 'RelationshipStatus : ACTIVE ou INACTIVE.' },
    statut_enregistrement: {
      ...nullableString,
      description: 'Statut d’enregistrement de la relation (PUBLISHED, LAPSED, RETIRED...).',
    },
    debut: date,
    fin: date,
  },
};

const parentSchema: JsonSchema = {
  oneOf: [
    {
      type: 'object',
      required: ['etat', 'lei', 'denomination', 'pays', 'relationship'],
      additionalProperties: false,
      properties: {
        etat: { const: 'mere' },
        lei: { type: 'string', pattern: '^[A-Z0-9]{18}[0-9]{2}$' },
        denomination: { ...nullableString, description: 'Null si le LEI de la mère est absent de la copie.' },
        pays: { ...nullableString, description: 'Pays de l’adresse légale de la mère (ISO 3166).' },
        relationship: relationshipSchema,
      },
    },
    {
      type: 'object',
      required: ['etat', 'declaration', 'reference'],
      additionalProperties: false,
      properties: {
        etat: { const: 'absence_mere' },
        declaration: {
          type: 'string',
          description:
            'Raison déclarée (exception de déclaration GLEIF) : NATURAL_PERSONS, NON_CONSOLIDATING, NO_KNOWN_PERSON, NON_PUBLIC, NO_LEI...',
        },
        reference: nullableString,
      },
    },
    {
      type: 'object',
      required: ['etat', 'raison', 'relationship'],
      additionalProperties: false,
      properties: {
        etat: { const: 'mere_omise' },
        raison: { enum: ['personne_physique', 'forme_ambigue'] },
        relationship: relationshipSchema,
      },
    },
    {
      type: 'object',
      required: ['etat'],
      additionalProperties: false,
      properties: { etat: { const: 'non_declare' } },
    },
  ],
};

/** JSON Schema of `groupe_lei`. */
export const groupeLeiSchema: JsonSchema = {
  type: 'object',
  description:
    'Groupe de consolidation comptable déclaré à GLEIF (mère directe et mère ultime). / Accounting-consolidation group declared to GLEIF.',
  required: ['etat', 'lei', 'statut_enregistrement_lei', 'date_photo', 'mere_directe', 'mere_ultime'],
  additionalProperties: false,
  properties: {
    etat: { enum: ['renseigne', 'sans_objet', 'indisponible'] },
    lei: { type: ['string', 'null'], pattern: '^[A-Z0-9]{18}[0-9]{2}$' },
    statut_enregistrement_lei: {
      ...nullableString,
      description:
        'ISSUED, LAPSED, RETIRED... Un LEI LAPSED n’est pas renouvelé : l’entreprise n’est pas fermée pour autant. / A lapsed LEI is not a closed company.',
    },
    date_photo: { type: ['string', 'null'], format: 'date' },
    mere_directe: { oneOf: [{ type: 'null' }, parentSchema] },
    mere_ultime: { oneOf: [{ type: 'null' }, parentSchema] },
    message: { type: 'string' },
  },
};
