import type { FieldDefinition } from './fieldCatalogue.ts';
import type { ListRow } from './runListQuery.ts';

export type ResultItem = Record<string, Record<string, string | number | null>>;

/** A row of the served table as a result item: `identite`, `siege`, `finances`, each member a field. */
export function shapeResult(row: ListRow, fields: readonly FieldDefinition[]): ResultItem {
  const item: ResultItem = { identite: {}, siege: {}, finances: {} };
  for (const f of fields) {
    const [group, key] = f.name.split('.') as [string, string];
    item[group] ??= {};
    item[group][key] = servedValue(row[f.column], f);
  }
  return item;
}

/** pg returns bigint and numeric as text: amounts and ratios are served as JSON numbers. */
function servedValue(value: string | number | null | undefined, f: FieldDefinition): string | number | null {
  if (value === null || value === undefined) return null;
  if (f.type === 'entier' || f.type === 'nombre') return Number(value);
  return String(value);
}
