/**
 * `formaPrawna` of KRS extracts known to be companies (never a natural person). Any other text is not guessed:
 * the profile answers `forme_juridique_non_servie`. Source: live/SOURCE.txt.
 */
export const KRS_LEGAL_FORMS: ReadonlySet<string> = new Set([
  'SPÓŁKA Z OGRANICZONĄ ODPOWIEDZIALNOŚCIĄ',
  'SPÓŁKA AKCYJNA',
]);
