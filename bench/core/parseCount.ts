/** Parses a positive (or, with `zero`, non-negative) integer option such as `--events 1_000_000` or `--events 1e6`; throws on anything else. */
export function parseCount(
  name: string,
  value: string | undefined,
  fallback: number,
  opts: { zero?: boolean } = {},
): number {
  if (value === undefined) return fallback;
  const n = Number(value.replaceAll('_', '').replaceAll(',', ''));
  if (!Number.isSafeInteger(n) || n < 0 || (n === 0 && !opts.zero))
    throw new Error(`--${name} must be a ${opts.zero ? 'non-negative' : 'positive'} integer, got "${value}"`);
  return n;
}
