/**
 * Why the name (and address) VIES returned for a trader is not served: a closed list, served as `nom_non_servi`
 * by GET /v1/tva/verifier (api/routes/tva/viesNamePolicy.ts decides).
 * - `personne_physique`: the register we hold says the trader is a natural person (a French sole trader,
 *   legal category 1000; a Belgian natural-person enterprise);
 * - `personne_physique_possible`: nothing shows a legal person (no legal-form token in the name, and no
 *   register of ours that says so), so it may be a natural person's;
 * - `identite_non_verifiable`: the company register we hold does not know the trader, or restricts its
 *   diffusion (a French SIREN unknown to our Sirene copy or under restricted diffusion);
 * - `non_publie`: VIES withholds it (`---` or empty), as several member states do.
 */
export const NOM_NON_SERVI = [
  'personne_physique',
  'personne_physique_possible',
  'identite_non_verifiable',
  'non_publie',
] as const;

export type NomNonServi = (typeof NOM_NON_SERVI)[number];
