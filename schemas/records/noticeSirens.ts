/**
 * The SIRENs a BODACC notice names. `registre` holds each number in two spellings (`"880878145,880 878 145"`
 * in API v1, `["552032534", "552 032 534"]` in v2.1); notices without it fall back on the registration
 * numbers of `listepersonnes`. Only 9-digit numbers are kept; order of first appearance, no duplicates.
 */
export function noticeSirens(record: Record<string, unknown>): string[] {
  const fromRegistre = sirensIn(record.registre);
  if (fromRegistre.length > 0) return fromRegistre;
  return sirensIn(registrationNumbers(record.listepersonnes));
}

function sirensIn(value: unknown): string[] {
  const parts: string[] = [];
  if (typeof value === 'string') parts.push(...value.split(','));
  else if (Array.isArray(value))
    for (const v of value) if (typeof v === 'string') parts.push(...v.split(','));
  const out: string[] = [];
  for (const part of parts) {
    const digits = part.replace(/[\s\u00a0.]/g, '');
    if (/^\d{9}$/.test(digits) && !out.includes(digits)) out.push(digits);
  }
  return out;
}

function registrationNumbers(listepersonnes: unknown): string[] {
  const parsed = parseJsonMember(listepersonnes);
  const personne = (parsed as { personne?: unknown } | null)?.personne;
  const persons = Array.isArray(personne) ? personne : personne ? [personne] : [];
  const out: string[] = [];
  for (const p of persons as Record<string, unknown>[]) {
    const rcs = (p?.numeroImmatriculation as { numeroIdentification?: unknown } | undefined)
      ?.numeroIdentification;
    const rm = (p?.inscriptionRM as { numeroIdentificationRM?: unknown } | undefined)?.numeroIdentificationRM;
    for (const n of [rcs, rm]) if (typeof n === 'string') out.push(n);
  }
  return out;
}

/** A member DILA publishes as JSON in a string (or, in some exports, already as an object); null if unreadable. */
export function parseJsonMember(value: unknown): unknown {
  if (value === null || value === undefined) return null;
  if (typeof value !== 'string') return value;
  if (value.trim() === '') return null;
  try {
    return JSON.parse(value);
  } catch {
    return null;
  }
}
