import type { EntityRecordedData } from '../../schemas/events/entityEvents.ts';
import type { FrGelsRecord } from '../../schemas/events/frGelsEvents.ts';
import { identifierKey, legalNameKey } from '../../schemas/sanctions/legalNameKey.ts';

/** One legal person under an asset freeze, as the read table holds it. */
export interface FrGelsEntityRow {
  /** `IdRegistre`. */
  id: string;
  /** The register's own reference of the measure: its `IdRegistre`. */
  entree: string;
  nom: string;
  /** `Nom` then every `ALIAS`, as published, without repeats. */
  noms: string[];
  cles_noms: string[];
  /** `IDENTIFICATION` values as published (free text: « Numéro d’enregistrement », a SIREN…). */
  identifiants: { identification: string; commentaire: string | null }[];
  cles_identifiants: string[];
  /** `REFERENCE_UE` values (`EU.12598.59`). */
  references_ue: string[];
  /** `FONDEMENT_JURIDIQUE` labels. */
  fondements: string[];
}

type Value = Record<string, unknown>;

const text = (value: unknown): string | null => {
  if (typeof value !== 'string' && typeof value !== 'number') return null;
  const t = String(value).trim();
  return t === '' ? null : t;
};

const unique = <T>(values: readonly T[]): T[] => [...new Set(values)];

/** The `Valeur` items of every `RegistreDetail` entry of that `TypeChamp`. */
function valuesOf(record: FrGelsRecord, typeChamp: string): Value[] {
  const details = Array.isArray(record.RegistreDetail) ? (record.RegistreDetail as unknown[]) : [];
  return details.flatMap((d) => {
    const detail = d as { TypeChamp?: unknown; Valeur?: unknown } | null;
    if (!detail || detail.TypeChamp !== typeChamp || !Array.isArray(detail.Valeur)) return [];
    return detail.Valeur.filter((v): v is Value => !!v && typeof v === 'object' && !Array.isArray(v));
  });
}

const fieldOf = (record: FrGelsRecord, typeChamp: string, field: string): string[] =>
  unique(
    valuesOf(record, typeChamp)
      .map((v) => text(v[field]))
      .filter((t): t is string => t !== null),
  );

/** A measure's row, or null without an id or a name. */
export function frGelsEntityRow(data: EntityRecordedData): FrGelsEntityRow | null {
  const r = data.record as FrGelsRecord;
  const nom = text(r.Nom);
  if (!data.id || !nom) return null;
  const noms = unique([nom, ...fieldOf(r, 'ALIAS', 'Alias')]);
  const identifiants = valuesOf(r, 'IDENTIFICATION').flatMap((v) => {
    const identification = text(v.Identification);
    return identification ? [{ identification, commentaire: text(v.Commentaire) }] : [];
  });
  return {
    id: data.id,
    entree: data.id,
    nom,
    noms,
    cles_noms: unique(noms.map(legalNameKey).filter((k) => k !== '')),
    identifiants,
    cles_identifiants: unique(
      identifiants.flatMap((i) => identifierKeysOf(`${i.identification} ${i.commentaire ?? ''}`)),
    ),
    references_ue: fieldOf(r, 'REFERENCE_UE', 'ReferenceUe'),
    fondements: fieldOf(r, 'FONDEMENT_JURIDIQUE', 'FondementJuridiqueLabel'),
  };
}

const DATE = /^\d{1,2}[./]\d{1,2}[./]\d{2,4}$/;

/**
 * The identifier keys of a free-text identification: a number labelled SIREN (and the SIREN of a SIRET of
 * 14 digits) or an RNA number (`W` and 9 digits) typed as such, and every token of six letters or digits
 * or more holding a digit (a registration or tax number; dates left out) as `num:`.
 */
export function identifierKeysOf(free: string): string[] {
  const keys: string[] = [];
  for (const m of free.matchAll(/SIREN\D{0,30}?(\d{3}\s?\d{3}\s?\d{3})(?!\d)/gi)) {
    const k = identifierKey('siren', m[1]!);
    if (k) keys.push(k);
  }
  for (const m of free.matchAll(/SIRET\D{0,30}?(\d{14})(?!\d)/gi)) {
    keys.push(`siret:${m[1]}`, `siren:${m[1]!.slice(0, 9)}`);
  }
  for (const m of free.matchAll(/\b(W\d{9})\b/g)) keys.push(`rna:${m[1]}`);
  for (const token of free.split(/[\s,;:()«»“”"']+/)) {
    const t = token.replace(/^[.\-–]+|[.\-–]+$/g, '');
    if (DATE.test(t) || t.replace(/[^A-Za-z0-9]/g, '').length < 6) continue;
    const k = identifierKey('num', t);
    if (k) keys.push(k);
  }
  return unique(keys);
}
