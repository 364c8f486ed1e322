/**
 * A filing a live register announced that could not be read (Slovak RÚZ): `zavierka_non_lue` when a statement
 * the unit lists is missing or unreadable upstream (heals on the next successful read), `depot_non_lu` when a
 * statement was read but its tables cannot be decoded against their template. Both are 503, never charged,
 * never an empty list: a list with a filing missing would say less than the register holds.
 */
export class LiveFilingUnreadError extends Error {
  constructor(
    readonly register: string,
    readonly code: 'zavierka_non_lue' | 'depot_non_lu',
    readonly filing: string,
    message: string,
  ) {
    super(message);
  }
}
