/** Control characters the real file carries now and then (NUL and others; tab and line breaks kept). */
// biome-ignore lint/suspicious/noControlCharactersInRegex: removing them is the point
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g;

/**
 * The fields of one line of the bulk file, or null when the line is not whole yet (a field broken by a line
 * break). Every field is quoted and `""` is a literal quote; a stray unescaped quote (an inch mark in a
 * description) is common, so fields are split on `";"` rather than by a quote-aware CSV parser. A line whose
 * fields are not all quoted (the header) is split on `;`.
 */
export function splitBolagsverketLine(line: string, expected: number): string[] | null {
  const s = line.replace(CONTROL, '').replace(/\r$/, '');
  if (!s.startsWith('"')) return s.split(';').map((f) => f.trim());
  if (s.length < 2 || !s.endsWith('"')) return null;
  const fields = s
    .slice(1, -1)
    .split('";"')
    .map((f) => f.replace(/""/g, '"'));
  return fields.length < expected ? null : fields;
}
