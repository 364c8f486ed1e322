export type TableRow = Record<string, string | number | bigint | null | undefined>;

/**
 * Prints an aligned text table: one header line, a rule, one line per row. Columns are the union of the
 * rows' keys in first-seen order; columns of figures are right-aligned, text left-aligned, missing cells blank.
 */
export function printTable(
  title: string,
  rows: readonly TableRow[],
  out: (line: string) => void = console.log,
): void {
  const columns: string[] = [];
  for (const row of rows) for (const key of Object.keys(row)) if (!columns.includes(key)) columns.push(key);
  const cells = rows.map((row) => columns.map((c) => cellText(row[c])));
  const numeric = columns.map((_, i) => cells.every((line) => line[i] === '' || NUMERIC.test(line[i] ?? '')));
  const widths = columns.map((c, i) => Math.max(c.length, ...cells.map((line) => line[i]?.length ?? 0)));
  const render = (line: string[]) =>
    line
      .map((text, i) => (numeric[i] ? text.padStart(widths[i] ?? 0) : text.padEnd(widths[i] ?? 0)))
      .join(' | ')
      .trimEnd();
  out('');
  out(title);
  out(render(columns));
  out(widths.map((w) => '-'.repeat(w)).join('-|-'));
  for (const line of cells) out(render(line));
}

/** Cells that read as figures ("12,345", "0.53x", ">= 0.50x", "1.2 s") are right-aligned. */
const NUMERIC = /^(?:[<>]=? )?-?[\d.,]+(?:\s?[a-zA-Z/%]+)?$/;

function cellText(value: TableRow[string]): string {
  if (value == null) return '';
  if (typeof value === 'number')
    return Number.isInteger(value) ? value.toLocaleString('en-US') : String(value);
  return String(value);
}
