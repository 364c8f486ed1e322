/** Parses a positive integer option such as `--events 1_000_000` or `--events 1e6`; throws on anything else. */
export function parseCount(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  const n = Number(value.replaceAll('_', '').replaceAll(',', ''));
  if (!Number.isSafeInteger(n) || n <= 0)
    throw new Error(`--${name} must be a positive integer, got "${value}"`);
  return n;
}
