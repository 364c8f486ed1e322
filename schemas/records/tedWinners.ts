import type { TedAward, TedWinner } from '../events/euTedEvents.ts';
import { isLuhnValid } from '../params/luhn.ts';

/** Whether a winner is published as French: eForms `FRA`, R2.0.9 `FR`. */
export function isFrenchTedWinner(winner: TedWinner): boolean {
  return winner.Country === 'FRA' || winner.Country === 'FR';
}

/**
 * The SIREN a French winner's published identifier gives, or null. Spaces are removed (`879 997 880 00023`);
 * the rest must be a SIRET (14 digits) or a SIREN (9 digits) whose SIREN passes the Luhn check. Anything else
 * (`Tribunal judiciaire de Paris`, `000000000`, a VAT number, an empty identifier) gives none. A winner not published as French never gives one: a foreign
 * register's 9-digit number may pass the Luhn check by chance. A name is never used instead.
 */
export function tedWinnerSiren(winner: TedWinner): string | null {
  if (!isFrenchTedWinner(winner)) return null;
  const digits = winner.CompanyID?.replace(/\s+/g, '') ?? '';
  if (!/^(\d{9}|\d{14})$/.test(digits)) return null;
  const siren = digits.slice(0, 9);
  if (/^0+$/.test(siren) || !isLuhnValid(siren)) return null;
  return siren;
}

/** The distinct SIRENs of an award's winners. */
export function tedAwardSirens(award: TedAward): string[] {
  return [...new Set(award.Winners.flatMap((w) => tedWinnerSiren(w) ?? []))];
}

/** French winners of the notice that give no SIREN (no identifier, or one not usable). */
export function unidentifiedFrenchWinners(awards: readonly TedAward[]): number {
  return awards.reduce(
    (n, a) => n + a.Winners.filter((w) => isFrenchTedWinner(w) && tedWinnerSiren(w) === null).length,
    0,
  );
}
