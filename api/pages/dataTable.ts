import { escapeHtml } from './html.ts';

/** A column of a table: its heading (plain text), and whether its cells are numbers (aligned right). */
export interface Column {
  label: string;
  numeric?: boolean;
}

/**
 * A table of the site's pages. On a phone it becomes one card per row (siteStyle.ts, `empilable`): each cell
 * then shows its column's heading from `data-label`, so no column is cut and the page never scrolls sideways.
 * Cells are HTML their caller escaped.
 */
export function dataTable(args: {
  id: string;
  caption: string;
  columns: readonly Column[];
  rows: readonly (readonly string[])[];
}): string {
  const head = args.columns.map((c) => `<th scope="col">${escapeHtml(c.label)}</th>`).join('');
  const body = args.rows
    .map(
      (cells) =>
        `<tr>${cells
          .map((cell, i) => {
            const column = args.columns[i];
            const num = column?.numeric ? ' class="num"' : '';
            return `<td data-label="${escapeHtml(column?.label ?? '')}"${num}>${cell}</td>`;
          })
          .join('')}</tr>`,
    )
    .join('\n');
  return `<table id="${escapeHtml(args.id)}" class="empilable">
<caption>${escapeHtml(args.caption)}</caption>
<thead><tr>${head}</tr></thead>
<tbody>
${body}
</tbody>
</table>`;
}
