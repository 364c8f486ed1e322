/**
 * The contract between the French asset-freeze register ingester and the projections that read it. The
 * upstream is the Registre national des gels (Direction générale du Trésor), as its public API publishes it
 * (`/ApiPublic/api/v1/publication/derniere-publication-fichier-json`):
 * `{"Publications": {"DatePublication": …, "PublicationDetail": [ {IdRegistre, Nature, Nom, RegistreDetail:
 * [{TypeChamp, Valeur: [...]}]} ]}}`. Entity events:
 *
 * - `register` = `fr.gels`, `kind` = `mesure`;
 * - `id` = `IdRegistre`;
 * - `record` = the `PublicationDetail` item as published (`Nature`, `Nom`, `RegistreDetail`);
 * - only legal persons (`Nature` « Personne morale ») enter the log: a natural person (« Personne physique »)
 *   is counted in the pass report (`personnesPhysiquesEcartees`), a vessel (« Navire ») too
 *   (`naviresEcartes`); neither is logged.
 */
export const FR_GELS_REGISTER = 'fr.gels';
export const FR_GELS_MEASURE = 'mesure';

/** Days after which a copy is no longer served: the Trésor publishes as measures are taken, often daily. */
export const FR_GELS_FRESHNESS_DAYS = 3;

export const FR_GELS_LEGAL_PERSON = 'Personne morale';
export const FR_GELS_NATURAL_PERSON = 'Personne physique';

/** A `PublicationDetail` item as its event carries it. */
export type FrGelsRecord = Record<string, unknown>;

export function frGelsStreamOf(row: { kind: string; id: string }): string {
  return `${FR_GELS_REGISTER}-${row.id}`;
}
