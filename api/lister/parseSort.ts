import { type FieldDefinition, findField, SIREN_FIELD } from './fieldCatalogue.ts';
import { listerRefusal } from './listerRefusal.ts';

export interface Sort {
  field: FieldDefinition;
  descending: boolean;
}

export const DEFAULT_SORT: Sort = { field: SIREN_FIELD, descending: false };

/** `tri`: a sortable field's name, `-` before it for descending; default `identite.siren` ascending. */
export function parseSort(raw: string | undefined): Sort {
  if (raw === undefined || raw.trim() === '') return DEFAULT_SORT;
  const descending = raw.startsWith('-');
  const name = (descending ? raw.slice(1) : raw).trim();
  const field = findField(name);
  if (!field?.available || !field.sortable) {
    throw listerRefusal(
      'tri_refuse',
      'tri',
      field
        ? `« ${field.name} » ne peut pas servir de tri. / This field cannot be sorted on.`
        : `Tri sur un champ inconnu « ${name.slice(0, 100)} ». / Unknown sort field.`,
      { nom: name.slice(0, 100) },
    );
  }
  return { field, descending };
}
