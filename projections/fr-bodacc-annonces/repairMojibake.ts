import iconv from 'iconv-lite';

const strictUtf8 = new TextDecoder('utf-8', { fatal: true });
/** Sequences that UTF-8 read as Latin-1 or Windows-1252 produces (`Ã©`, `Ã´`, `â€™`): nothing else is touched. */
const SUSPECT =
  /[\u00c2-\u00f4][\u0080-\u00bf\u0152\u0153\u0160\u0161\u0178\u017d\u017e\u0192\u02c6\u02dc\u2013\u2014\u2018-\u201e\u2020-\u2022\u2026\u2030\u2039\u203a\u20ac\u2122]/;

/**
 * Repairs text that was UTF-8 decoded as Latin-1 or Windows-1252 (`clÃ´ture` → `clôture`, `DÃ©pÃ´t` →
 * `Dépôt`), as some BODACC strings arrive. The repair is applied only when re-encoding gives valid UTF-8, so a
 * correct string (`Ganymède`) is returned unchanged.
 */
export function repairMojibake(text: string): string {
  if (!SUSPECT.test(text)) return text;
  for (const encoding of ['latin1', 'win1252'] as const) {
    const bytes = iconv.encode(text, encoding);
    if (iconv.decode(bytes, encoding) !== text) continue;
    try {
      return strictUtf8.decode(bytes);
    } catch {
      // Not UTF-8 once re-encoded: try the other code page, or leave the text as published.
    }
  }
  return text;
}

export function repairedOrNull(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const t = value.trim();
  return t === '' ? null : repairMojibake(t);
}
