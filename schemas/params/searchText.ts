/** Bounds of the search text after cleaning (contract: 1 to 100 characters). */
export const SEARCH_TEXT_MIN = 1;
export const SEARCH_TEXT_MAX = 100;

/**
 * Characters a company name or identifier may hold: letters (any script, with their accents), digits,
 * spaces and the punctuation names use (' ’ & . , - / + ( ) ° @). Everything else (control characters,
 * emoji, quotes, <>, %, _, ;, ...) is stripped.
 */
const UNSUPPORTED = /[^\p{L}\p{M}\p{N}\s'’&.,\-/+()°@]/gu;

/** The search text as searched: NFC, unsupported characters stripped, blanks collapsed, trimmed. */
export function cleanSearchText(raw: string): string {
  return raw.normalize('NFC').replace(UNSUPPORTED, '').replace(/\s+/gu, ' ').trim();
}

/** Null when the cleaned text is searchable; otherwise the message of the 400. */
export function checkSearchText(raw: string): string | null {
  const text = cleanSearchText(raw);
  if (!/[\p{L}\p{N}]/u.test(text)) {
    return 'Rien de cherchable après nettoyage : il faut au moins une lettre ou un chiffre. / Nothing searchable left after cleaning: at least one letter or digit is needed.';
  }
  const length = [...text].length;
  if (length < SEARCH_TEXT_MIN || length > SEARCH_TEXT_MAX) {
    return `Le texte nettoyé compte ${length} caractères ; ${SEARCH_TEXT_MIN} à ${SEARCH_TEXT_MAX} sont permis. / The cleaned text has ${length} characters; ${SEARCH_TEXT_MIN} to ${SEARCH_TEXT_MAX} are allowed.`;
  }
  return null;
}
