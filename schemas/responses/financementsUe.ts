import { CORDIS_ROLES, CORDIS_STATUTS } from '../enums/euCordis.ts';
import type { JsonSchema } from '../jsonSchema.ts';
import { SIREN_SCHEMA } from '../params/siren.ts';

const nullableString = { type: ['string', 'null'] };
const nullableDate = { type: ['string', 'null'], format: 'date' };
const nullableBoolean = { type: ['boolean', 'null'] };
const euros = (description: string): JsonSchema => ({ type: ['number', 'null'], description });

const participationSchema: JsonSchema = {
  type: 'object',
  required: [
    'role',
    'role_source',
    'contribution_ue_eur',
    'contribution_ue_nette_eur',
    'cout_total_eur',
    'fin_anticipee',
    'pme',
    'type_activite',
    'nom_publie',
  ],
  properties: {
    role: { enum: [...CORDIS_ROLES, null] },
    role_source: {
      ...nullableString,
      description: 'role tel que publié (coordinator, participant, partner, associatedPartner, thirdParty).',
    },
    contribution_ue_eur: euros('ecContribution publié, en euros.'),
    contribution_ue_nette_eur: euros('netEcContribution publié, en euros.'),
    cout_total_eur: euros('totalCost publié de la participation, en euros.'),
    fin_anticipee: {
      ...nullableBoolean,
      description: 'endOfParticipation : participation terminée avant la fin du projet.',
    },
    pme: { ...nullableBoolean, description: 'SME tel que publié.' },
    type_activite: { ...nullableString, description: 'activityType publié (PRC, HES, REC, PUB, OTH).' },
    nom_publie: { ...nullableString, description: 'Nom de l’organisation tel que publié par CORDIS.' },
  },
};

const projectSchema: JsonSchema = {
  type: 'object',
  required: [
    'id',
    'programme',
    'programme_libelle',
    'acronyme',
    'titre',
    'statut',
    'statut_source',
    'debut',
    'fin',
    'cout_total_eur',
    'contribution_ue_max_eur',
    'regime_financement',
    'appel',
    'lien',
    'participation',
  ],
  properties: {
    id: { type: 'string', description: 'Numéro de la convention de subvention (grant agreement).' },
    programme: { ...nullableString, description: 'frameworkProgramme publié : H2020 ou HORIZON.' },
    programme_libelle: nullableString,
    acronyme: nullableString,
    titre: nullableString,
    statut: { enum: [...CORDIS_STATUTS, null] },
    statut_source: { ...nullableString, description: 'status tel que publié (SIGNED, CLOSED, TERMINATED).' },
    debut: nullableDate,
    fin: nullableDate,
    cout_total_eur: euros('totalCost publié du projet, en euros.'),
    contribution_ue_max_eur: euros('ecMaxContribution publié, en euros.'),
    regime_financement: { ...nullableString, description: 'fundingScheme publié.' },
    appel: { ...nullableString, description: 'masterCall publié.' },
    lien: { type: 'string', description: 'Fiche du projet sur CORDIS.' },
    participation: participationSchema,
  },
};

export const financementsUeSchema: JsonSchema = {
  type: 'object',
  required: [
    'siren',
    'nombre_projets',
    'nombre_participations',
    'contribution_ue_totale_eur',
    'en_cours',
    'tronque',
    'projets',
    'aucun_financement',
    'couverture',
  ],
  properties: {
    siren: SIREN_SCHEMA,
    nombre_projets: { type: 'integer', minimum: 0 },
    nombre_participations: { type: 'integer', minimum: 0 },
    contribution_ue_totale_eur: {
      type: 'number',
      description: 'Somme des ecContribution publiées de toutes les participations (en euros).',
    },
    en_cours: { type: 'integer', minimum: 0, description: 'Projets au statut signe (en cours).' },
    tronque: { type: 'boolean' },
    projets: {
      type: 'array',
      description:
        'Une entrée par participation, le projet le plus récent d’abord (200 au plus) ; une entreprise présente deux fois dans un projet y figure deux fois.',
      items: projectSchema,
    },
    aucun_financement: {
      type: 'boolean',
      description:
        'Aucune participation trouvée par le numéro de TVA : absence non probante (le programme ne publie pas toujours la TVA).',
    },
    couverture: {
      type: 'object',
      required: ['programmes', 'publication', 'note'],
      properties: {
        programmes: { type: 'array', items: { type: 'string' } },
        publication: nullableDate,
        note: { type: 'string' },
      },
    },
  },
};
