import type { RneCapital, RneCapitalEvent } from '../../schemas/events/frRneEvents.ts';

const isObject = (v: unknown): v is Record<string, unknown> =>
  v !== null && typeof v === 'object' && !Array.isArray(v);
const text = (v: unknown): string | null => (typeof v === 'string' && v.trim() !== '' ? v.trim() : null);

/**
 * An amount as the RNE writes it (a JSON number, `170348620.75` or `23011100`; a string in some answers) as
 * an exact decimal string: the shortest text of the number, which is how it was written, refused (null) when
 * it is not a plain decimal of at most two places (an exponent, a negative, a third decimal).
 */
export function rneAmount(v: unknown): string | null {
  const written = typeof v === 'number' && Number.isFinite(v) ? String(v) : text(v)?.replace(',', '.');
  if (written === undefined || written === null) return null;
  return /^\d+(\.\d{1,2})?$/.test(written) ? written : null;
}

/** `identite.description`'s capital members; null when the RNE publishes none of them. */
export function rneCapitalOf(personneMorale: unknown): RneCapital | null {
  const identite = isObject(personneMorale) ? personneMorale.identite : null;
  const description = isObject(identite) ? identite.description : null;
  if (!isObject(description)) return null;
  const capital: RneCapital = {
    montant: rneAmount(description.montantCapital),
    devise: text(description.deviseCapital),
    variable: typeof description.capitalVariable === 'boolean' ? description.capitalVariable : null,
  };
  return capital.montant === null && capital.devise === null && capital.variable === null ? null : capital;
}

/**
 * The capital events of `formality.historique[]`: code `15M` (Modification du capital social), or any event
 * whose effect date path names the capital (`…dateEffet15M`, `…montantCapital`). Dated, never valued: the RNE's
 * history says when the capital changed, not to what. Sorted by effect date, then by integration.
 */
export function rneCapitalEventsOf(historique: unknown): RneCapitalEvent[] {
  if (!Array.isArray(historique)) return [];
  return historique
    .filter(isObject)
    .filter((h) => {
      const code = text(h.codeEvenement);
      const path = `${text(h.cheminDateEffet) ?? ''} ${text(h.cheminDateEffetId) ?? ''}`;
      return code === '15M' || /capital/i.test(path);
    })
    .map((h) => ({
      code: text(h.codeEvenement) ?? '',
      libelle: text(h.libelleEvenement),
      date_effet: dayOf(h.dateEffet),
      date_integration: instantOf(h.dateIntegration),
      numero_liasse: text(h.numeroLiasse),
    }))
    .sort(
      (a, b) =>
        (a.date_effet ?? '').localeCompare(b.date_effet ?? '') ||
        (a.date_integration ?? '').localeCompare(b.date_integration ?? ''),
    );
}

/** `2025-05-22T00:00:00+02:00` → `2025-05-22`: the day the RNE states, in its own offset (not shifted to UTC). */
function dayOf(v: unknown): string | null {
  const day = /^(\d{4}-\d{2}-\d{2})/.exec(text(v) ?? '')?.[1];
  return day ?? null;
}

/** `2025-06-18T15:26:12+02:00` → `2025-06-18T13:26:12.000Z`; null when it is not a timestamp. */
function instantOf(v: unknown): string | null {
  const t = text(v);
  if (t === null) return null;
  const ms = Date.parse(t);
  return Number.isFinite(ms) ? new Date(ms).toISOString() : null;
}
