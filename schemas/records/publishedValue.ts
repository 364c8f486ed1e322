/**
 * A Sirene value as the read side keeps it: null when the cell is empty or masked. Under partial diffusion
 * INSEE replaces protected values by `[ND]` ("non diffusible"): that is not published, so it is null.
 */
export function publishedValue(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const trimmed = value.trim();
  return trimmed === '' || trimmed === '[ND]' ? null : trimmed;
}

/** A `YYYY-MM-DD` date as published, or null: a malformed date is not served rather than guessed. */
export function publishedDate(value: unknown): string | null {
  const v = publishedValue(value);
  return v !== null && /^\d{4}-\d{2}-\d{2}$/.test(v) ? v : null;
}
