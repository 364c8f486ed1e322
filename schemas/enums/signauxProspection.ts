/**
 * The signals of GET /v1/prospection (`signaux=` and each result's `signaux[].code`), a closed list:
 * - `creation_recente`: the company was created within the window (Sirene `dateCreationUniteLegale`);
 * - `nouvel_etablissement`: an establishment of the company opened within the window, other than one opened on
 *   the company's creation date (Sirene `dateCreationEtablissement`, active and diffusible establishments only);
 * - `marche_public_gagne`: a public contract the company holds was notified within the window (DECP
 *   `dateNotification`);
 * - `financement_ue`: an EU research project in which the company receives an EU contribution started within
 *   the window (CORDIS `startDate`).
 *
 * `effectif_en_hausse` (workforce band up between two Sirene versions) is not in the list: the read models keep
 * only the current band (`trancheEffectifsUniteLegale`), never the one before it, so the signal cannot be
 * computed from what the service holds.
 */
export const SIGNAUX_PROSPECTION = [
  'creation_recente',
  'nouvel_etablissement',
  'marche_public_gagne',
  'financement_ue',
] as const;
export type SignalProspection = (typeof SIGNAUX_PROSPECTION)[number];

/** Signals sales teams ask for that the service does not compute, with the reason given in a refusal. */
export const SIGNAUX_NON_CALCULES: Readonly<Record<string, string>> = {
  effectif_en_hausse:
    'les modèles de lecture ne gardent que la tranche d’effectif courante de Sirene, jamais la précédente / the read models keep only the current workforce band',
};
