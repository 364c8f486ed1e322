/**
 * A CORDIS amount (`ecContribution`, `totalCost`, ...) in integer euro cents, read from the decimal string as
 * published: `230000`, `284812.5`, `528340.97`, and with a comma `960619,95` (both separators occur in one
 * file). No float ever holds it. Null for an empty cell or any other shape, among them a third decimal (cents
 * cannot hold it, and an amount is never rounded).
 */
export function centsOf(raw: string | null | undefined): string | null {
  const m = /^(\d{1,13})(?:[.,](\d{1,2}))?$/.exec((raw ?? '').trim());
  if (!m) return null;
  const [, units, decimals = ''] = m as unknown as [string, string, string | undefined];
  return (BigInt(units) * 100n + BigInt(decimals.padEnd(2, '0') || '0')).toString();
}

/**
 * The amount in euros as served, a JSON number: cents / 100. The cents are an exact integer below 2^53 and the
 * division of two exact doubles is correctly rounded, so the result is the double nearest the published
 * decimal, which JSON.stringify writes back as that shortest decimal: `52834097` → 528340.97, `28481250` →
 * 284812.5. The bytes served are therefore the published amount exactly (without trailing zeros, and with a
 * `.` where the file wrote a `,`). Amounts are bounded to 13 integer digits by centsOf, far below 2^53 cents.
 */
export function eurosOf(cents: string | number | bigint | null): number | null {
  if (cents === null) return null;
  return Number(cents) / 100;
}
