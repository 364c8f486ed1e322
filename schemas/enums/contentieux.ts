/**
 * The closed lists of GET /v1/entreprise/{siren}/contentieux (court decisions linked to a French company, read
 * live from Judilibre). Each value is served as is; docs/registers.md lists them with what they mean.
 */

/**
 * `nature` of a decision, decided from Judilibre's structured fields (type, formation, chamber, solution, NAC,
 * themes) first, then from the head and the operative part of its text: insolvency judgment, order to pay or
 * conviction, summary proceedings, expert appraisal, any other dispute.
 */
export const NATURES_CONTENTIEUX = [
  'procedure_collective',
  'condamnation_ou_injonction_a_payer',
  'refere',
  'expertise',
  'autre_litige',
] as const;
export type NatureContentieux = (typeof NATURES_CONTENTIEUX)[number];

/**
 * `mode_rattachement`: how the decision was tied to the company asked.
 * - `siren_dans_le_texte`: its SIREN (alone, in a SIRET, or as its RCS number) is written in the decision's text;
 * - `denomination_dans_le_texte`: only its registered name is found in the text (a homonym is possible).
 */
export const MODES_RATTACHEMENT = ['siren_dans_le_texte', 'denomination_dans_le_texte'] as const;
export type ModeRattachement = (typeof MODES_RATTACHEMENT)[number];

/**
 * `confiance` of the tie: `certain` only for `siren_dans_le_texte`; a name alone is `probable` when it is
 * written as a company's (after `société`, a legal form or `SAS`…) and has two significant words or more, else
 * `faible`. A name-only tie is never `certain`.
 */
export const CONFIANCES_RATTACHEMENT = ['certain', 'probable', 'faible'] as const;
export type ConfianceRattachement = (typeof CONFIANCES_RATTACHEMENT)[number];

/**
 * `role` of the company in the proceedings, read from the parties' block at the head of the text: the party
 * that brought the case (claimant, appellant, petitioner) or the one it was brought against; null when the text
 * does not say it plainly (the debtor of an insolvency judgment, a company only cited).
 */
export const ROLES_CONTENTIEUX = ['demandeur', 'defendeur'] as const;
export type RoleContentieux = (typeof ROLES_CONTENTIEUX)[number];
