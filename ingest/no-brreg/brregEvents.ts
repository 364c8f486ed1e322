/**
 * Event contract of Brønnøysund Enhetsregisteret (register `no.brreg`). Entities: `enhet` (a main unit,
 * id = organisasjonsnummer) and `underenhet` (a sub-unit), plus the pass's `fichier` entities. The record is
 * the published row keyed by brreg's own field names: the CSV's dotted headers as they are
 * (`forretningsadresse.poststed`); a JSON object is flattened to the same dotted names (arrays kept).
 * An empty field is null.
 */
export const BRREG_REGISTER = 'no.brreg';
export const ENHET = 'enhet';
export const UNDERENHET = 'underenhet';

export type BrregRecord = Record<string, unknown>;

export const brregStreamOf = (row: { kind: string; id: string }) => `${BRREG_REGISTER}-${row.kind}-${row.id}`;
