import { parseJsonMember } from '../../schemas/records/noticeSirens.ts';

/**
 * What a notice says of a legal person's share capital: `listepersonnes.personne.capital` (`{"montantCapital":
 * "5000", "devise": "EUR"}`, a variable capital adding `capitalVariable`), and whether the notice is a change
 * of it (a `modificationsgenerales.descriptif` naming the capital). Nothing else of the notice's free text is
 * kept: it names officers.
 */
export interface NoticeCapital {
  /** The amount as published, an exact decimal string (`160948000`, `1000.50`); null when unreadable. */
  montant: string | null;
  devise: string | null;
  /** True when the notice publishes a variable capital (`capitalVariable`). */
  variable: boolean;
  /** The notice announces a change of the capital (`Modification survenue sur le capital…`). */
  modification_capital: boolean;
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  v !== null && typeof v === 'object' && !Array.isArray(v);

/** `5000`, `1 000,50`, `1000.50` → an exact decimal string of at most two places; anything else null. */
export function publishedAmount(v: unknown): string | null {
  if (typeof v !== 'string' && typeof v !== 'number') return null;
  const written = String(v)
    .replace(/[\s\u00a0\u202f]/g, '')
    .replace(',', '.');
  return /^\d+(\.\d{1,2})?$/.test(written) ? written : null;
}

/** The notice's capital facts; null when it publishes no capital and announces no change of it. */
export function noticeCapitalOf(record: Record<string, unknown>): NoticeCapital | null {
  const parsed = parseJsonMember(record.listepersonnes) as { personne?: unknown } | null;
  const persons = Array.isArray(parsed?.personne)
    ? parsed.personne
    : parsed?.personne
      ? [parsed.personne]
      : [];
  // The legal person's capital only: a natural person publishes none, and is never read.
  const legal = persons.filter(isObject).find((p) => p.typePersonne !== 'pp' && isObject(p.capital));
  const capital = legal && isObject(legal.capital) ? legal.capital : null;
  const modifications = parseJsonMember(record.modificationsgenerales) as { descriptif?: unknown } | null;
  const descriptif = typeof modifications?.descriptif === 'string' ? modifications.descriptif : '';
  const modification = /\bcapital\b/i.test(descriptif);
  if (!capital && !modification) return null;
  const devise =
    typeof capital?.devise === 'string' && capital.devise.trim() !== '' ? capital.devise.trim() : null;
  return {
    montant: publishedAmount(capital?.montantCapital),
    devise,
    variable: capital !== null && capital.capitalVariable !== undefined && capital.capitalVariable !== null,
    modification_capital: modification,
  };
}
