import { FIELDS, type FieldDefinition, findField, NEVER_SERVED } from './fieldCatalogue.ts';
import { listerRefusal } from './listerRefusal.ts';

export const DEFAULT_OUTPUT: readonly FieldDefinition[] = FIELDS.filter(
  (f) => f.defaultOutput && f.available,
);

/**
 * `champs`: comma-separated names of catalogue fields to serve in each result beyond the default members
 * (e.g. `finances.ebe,identite.date_creation`). Refused `champ_de_sortie_inconnu` with the position of the
 * first unknown name.
 */
export function parseOutputFields(raw: string | undefined): FieldDefinition[] {
  if (raw === undefined || raw.trim() === '') return [];
  const names = raw.split(',').map((n) => n.trim());
  if (names.length > 30) {
    throw listerRefusal(
      'champ_de_sortie_inconnu',
      'champs',
      'Au plus 30 champs de sortie. / At most 30 output fields.',
    );
  }
  const fields: FieldDefinition[] = [];
  names.forEach((name, indice) => {
    const field = findField(name);
    if (!field?.available) {
      throw listerRefusal(
        'champ_de_sortie_inconnu',
        'champs',
        NEVER_SERVED.test(name)
          ? `« ${name.slice(0, 100)} » : aucune adresse électronique, aucun téléphone ni dirigeant n’est servi. / Never served.`
          : `Champ de sortie inconnu ou non servi « ${name.slice(0, 100)} ». / Unknown output field.`,
        { indice, nom: name.slice(0, 100) },
      );
    }
    if (!fields.includes(field)) fields.push(field);
  });
  return fields;
}
