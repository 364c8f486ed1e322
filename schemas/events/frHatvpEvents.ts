/**
 * The contract between the HATVP ingester and the projections that read it. The upstream file is the open
 * data of the répertoire des représentants d'intérêts (AGORA), `agora_repertoire_opendata.json`: one JSON
 * document `{"publications": [...]}`, one publication per registered organisation, its yearly exercises
 * under `exercices[].publicationCourante` and each exercise's activities under
 * `activites[].publicationCourante`. Entity events:
 *
 * - `register` = `fr.hatvp`, `kind` = `organisation`;
 * - `id` = the SIREN (`identifiantNational` of a publication whose `typeIdentifiantNational` is `SIREN`);
 * - `record` = the publication reduced to the members of HATVP_KEPT (organisation, exercise and activity
 *   members, as published): the dirigeants, collaborateurs, clients, affiliations, contact e-mail and phone,
 *   social pages, the actions' public officials (`reponsablesPublics`), third parties (`tiers`) and free-text
 *   observations never enter the log. They name natural persons (« DE COATPONT Tanguy », an e-mail
 *   arnaud.dechoux@…); the address is dropped too when the organisation chose not to publish it
 *   (`publierMonAdressePhysique: false`);
 * - a publication under another identifier (`RNA`, `HATVP`…) is not logged at all, only counted: see
 *   HATVP_OTHER_IDENTIFIERS_REASON;
 * - every organisation goes to its own stream `fr.hatvp-<siren>`.
 */
export const FR_HATVP_REGISTER = 'fr.hatvp';
export const HATVP_ORGANISATION = 'organisation';

/**
 * Days after which a copy is no longer served (the register dictionary's threshold): the HATVP regenerates the
 * file daily, a week of missed downloads is tolerated.
 */
export const FR_HATVP_FRESHNESS_DAYS = 7;

/**
 * Why a publication registered under another identifier than a SIREN is counted and not logged: the service
 * serves lobbying by SIREN and has no public table from an association's RNA number (W…) or an organisation's
 * HATVP number (H…, given to foreign bodies and to registrants with no SIREN) to a SIREN; guessing one by name
 * would attach one organisation's declarations to another. And a HATVP number may designate a natural person
 * registered in their own name (a real publication: « BEATRICE NERE », H441820074, category « Autres
 * organisations »): logging it would log that person's name.
 */
export const HATVP_OTHER_IDENTIFIERS_REASON =
  'served by SIREN only: no public link from an RNA or HATVP number to a SIREN, and a HATVP number may name a natural person';

/** The members of a publication kept in the log; every other member is dropped before logging. */
export const HATVP_KEPT = {
  organisation: [
    'typeIdentifiantNational',
    'identifiantNational',
    'denomination',
    'nomUsage',
    'nomUsageHatvp',
    'sigleHatvp',
    'ancienNomHatvp',
    'categorieOrganisation',
    'adresse',
    'codePostal',
    'ville',
    'pays',
    'lienSiteWeb',
    'datePremierePublication',
    'dateDernierePublicationActivite',
    'dateCessation',
    'motifDesinscription',
    'isActivitesPubliees',
    'activites',
    'exercices',
  ],
  /** Members of `exercices[].publicationCourante`. */
  exercice: [
    'exerciceId',
    'dateDebut',
    'dateFin',
    'montantDepense',
    'chiffreAffaire',
    'hasNotChiffreAffaire',
    'nombreSalaries',
    'nombreActivite',
    'noActivite',
    'defautDeclaration',
    'dispenseDeclaration',
    'publicationDate',
    'activites',
  ],
  /** Members of `activites[].publicationCourante` (the actions, with their officials and third parties, are not). */
  activite: ['identifiantFiche', 'objet', 'domainesIntervention', 'publicationDate'],
  /** Members of `activites` (the organisation's sectors and levels of intervention). */
  secteurs: ['listSecteursActivites', 'listNiveauIntervention'],
} as const;

/** A publication as the event carries it (HATVP_KEPT members, values as published). */
export type HatvpRecord = Record<string, unknown>;

export function frHatvpStreamOf(row: { kind: string; id: string }): string {
  return `${FR_HATVP_REGISTER}-${row.id}`;
}
