/**
 * Event contract of Brønnøysund Enhetsregisteret (register `no.brreg`). Entities: `enhet` (a main unit,
 * id = organisasjonsnummer) and `underenhet` (a sub-unit), plus the pass's `fichier` entities. The record is
 * the published row keyed by brreg's own field names: the CSV's dotted headers as they are
 * (`forretningsadresse.poststed`); a JSON object is flattened to the same dotted names (arrays kept).
 * An empty field is null.
 */
export const NO_BRREG_REGISTER = 'no.brreg';
export const ENHET = 'enhet';
export const UNDERENHET = 'underenhet';

export type NoBrregRecord = Record<string, unknown>;

export const noBrregStreamOf = (row: { kind: string; id: string }) =>
  `${NO_BRREG_REGISTER}-${row.kind}-${row.id}`;
