import { publishedValue } from '../../schemas/records/publishedValue.ts';

/**
 * One line from an establishment's address fields, as published (abbreviated street types such as `RUE`,
 * `AV`, `BD` are kept): complement, street, special distribution, postcode and town (or CEDEX code and its
 * label), then the foreign town and country. Null when none of the fields is published.
 */
export function addressLine(r: Record<string, unknown>): string | null {
  const street = join(' ', [
    v(r.numeroVoieEtablissement),
    v(r.indiceRepetitionEtablissement),
    v(r.typeVoieEtablissement),
    v(r.libelleVoieEtablissement),
  ]);
  const cedex = v(r.codeCedexEtablissement);
  const town = cedex
    ? join(' ', [cedex, v(r.libelleCedexEtablissement)])
    : join(' ', [v(r.codePostalEtablissement), v(r.libelleCommuneEtablissement)]);
  const abroad = join(' ', [v(r.libelleCommuneEtrangerEtablissement), v(r.libellePaysEtrangerEtablissement)]);
  return join(', ', [
    v(r.complementAdresseEtablissement),
    street,
    v(r.distributionSpecialeEtablissement),
    town,
    abroad,
  ]);
}

const v = publishedValue;

function join(separator: string, parts: (string | null)[]): string | null {
  const kept = parts.filter((p): p is string => p !== null && p.trim() !== '');
  return kept.length === 0 ? null : kept.join(separator).trim();
}
