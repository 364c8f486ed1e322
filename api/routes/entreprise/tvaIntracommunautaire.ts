/**
 * The French intra-EU VAT number of a SIREN: `FR`, a two-digit key, the SIREN. Key = (12 + 3 × (SIREN mod
 * 97)) mod 97 (the DGFiP formula). Computed, not published: it exists for every company, registered for
 * VAT or not.
 */
export function tvaIntracommunautaire(siren: string): string {
  const key = (12 + 3 * (Number(siren) % 97)) % 97;
  return `FR${String(key).padStart(2, '0')}${siren}`;
}
