import { textOf } from '../events/frDecpEvents.ts';
import { isLuhnValid } from '../params/luhn.ts';

/** Why a holder of a DECP contract cannot be matched to a French company. */
export type UnusableHolder = 'autre_type_identifiant' | 'siret_mal_forme';

/** One holder as published, and the SIREN it gives when it is a well-formed SIRET. */
export interface DecpHolder {
  typeIdentifiant: string | null;
  id: string | null;
  /** The first 9 digits of a 14-digit SIRET whose SIREN passes the Luhn check; null otherwise. */
  siren: string | null;
  /** Why `siren` is null. */
  inutilisable?: UnusableHolder;
}

/**
 * The holders of a `titulaires` value in any of the published shapes: the 2019 schema's
 * `[{typeIdentifiant, id, denominationSociale}]`, the 2024 schema's `[{titulaire: {typeIdentifiant, id}}]`,
 * and what XML conversions left in some copies (`{titulaire: {...}}` without the list, lists nested in lists,
 * `{titulaire: "id"}`). An entry that is neither is a holder with no identifier (counted, never guessed).
 */
export function decpHoldersOf(value: unknown): DecpHolder[] {
  if (value === null || value === undefined || value === '') return [];
  if (Array.isArray(value)) return value.flatMap(decpHoldersOf);
  if (typeof value !== 'object') return [holderOf(null, null)];
  const object = value as Record<string, unknown>;
  if ('titulaire' in object) return decpHoldersOf(object.titulaire);
  return [holderOf(textOf(object.typeIdentifiant), textOf(object.id))];
}

/**
 * A holder is matched by SIRET only, as published: `typeIdentifiant` `SIRET` and 14 digits once spaces are
 * removed, whose first 9 (the SIREN) pass the Luhn check. The SIRET's own check digit is not required (La
 * Poste's establishments do not satisfy it). Any other type (TVA, TAHITI, RIDET, HORS-UE…) or a malformed id
 * gives no SIREN.
 */
function holderOf(typeIdentifiant: string | null, id: string | null): DecpHolder {
  if (typeIdentifiant?.toUpperCase() !== 'SIRET') {
    return { typeIdentifiant, id, siren: null, inutilisable: 'autre_type_identifiant' };
  }
  const digits = id?.replace(/\s+/g, '') ?? '';
  if (!/^\d{14}$/.test(digits) || !isLuhnValid(digits.slice(0, 9))) {
    return { typeIdentifiant, id, siren: null, inutilisable: 'siret_mal_forme' };
  }
  return { typeIdentifiant, id, siren: digits.slice(0, 9) };
}

/** The `modification` objects of a contract, in published order (2024: wrapped in `{modification}`). */
export function decpModificationsOf(record: Record<string, unknown>): Record<string, unknown>[] {
  const list = record.modifications;
  if (!Array.isArray(list)) return [];
  return list.flatMap((entry) => {
    if (!entry || typeof entry !== 'object' || Array.isArray(entry)) return [];
    const wrapped = (entry as Record<string, unknown>).modification;
    const modification = wrapped && typeof wrapped === 'object' && !Array.isArray(wrapped) ? wrapped : entry;
    return [modification as Record<string, unknown>];
  });
}

/** Every holder a contract names: its initial `titulaires`, then those of each modification. */
export function decpContractHolders(record: Record<string, unknown>): DecpHolder[] {
  return [
    ...decpHoldersOf(record.titulaires),
    ...decpModificationsOf(record).flatMap((m) => decpHoldersOf(m.titulaires)),
  ];
}
