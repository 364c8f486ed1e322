/**
 * The registry sheet (`hoja registral`) of a Spanish company: the registry's province prefix (letters) and the
 * sheet number. BORME writes it `CC 11959`, `MA120039` (no space) in section A and `B-82773` in section C
 * prose; it is served normalised as `CC-11959`. It has no check digit.
 */
export const HOJA_PATTERN = /^[A-Z]{1,3}-\d{1,8}$/;

/** `CC 11959`, `MA120039`, `b-82773` → `CC-11959`; anything else → null. */
export function normaliseHoja(raw: string): string | null {
  const m = /^\s*([A-Za-z]{1,3})\s*-?\s*(\d{1,8})\s*$/.exec(raw);
  return m ? `${m[1]!.toUpperCase()}-${m[2]}` : null;
}

export const isValidHoja = (hoja: string) => HOJA_PATTERN.test(hoja);
