import type { EntityRecordedData } from '../../schemas/events/entityEvents.ts';
import type { EuFsfRecord } from '../../schemas/events/euFsfEvents.ts';
import { identifierKey, legalNameKey } from '../../schemas/sanctions/legalNameKey.ts';

/** One listed legal person as the read table holds it. */
export interface EuFsfEntityRow {
  /** The entity's `logicalId`. */
  id: string;
  /** The list's own reference (`euReferenceNumber`), else the `logicalId`. */
  entree: string;
  /** The name served: the English one, else the one without a language, else the first. */
  nom: string;
  /** Every `nameAlias` `wholeName` as published, in order, without repeats. */
  noms: string[];
  /** Their keys (legalNameKey), without repeats. */
  cles_noms: string[];
  /** `identification` elements: type code, number, country, as published. */
  identifiants: { type: string | null; numero: string; pays: string | null }[];
  cles_identifiants: string[];
  /** `regulation` programmes (`TERR`, `RUS`…), without repeats. */
  programmes: string[];
  date_designation: string | null;
  reference_onu: string | null;
}

type Element = Record<string, unknown>;

const elements = (record: EuFsfRecord, tag: string): Element[] =>
  (Array.isArray(record[tag]) ? (record[tag] as unknown[]) : []).filter(
    (e): e is Element => !!e && typeof e === 'object' && !Array.isArray(e),
  );

const text = (value: unknown): string | null => {
  if (typeof value !== 'string') return null;
  const t = value.trim();
  return t === '' ? null : t;
};

const unique = <T>(values: readonly T[]): T[] => [...new Set(values)];

/** A legal person's row, or null without an id or a name. */
export function euFsfEntityRow(data: EntityRecordedData): EuFsfEntityRow | null {
  const r = data.record as EuFsfRecord;
  const aliases = elements(r, 'nameAlias');
  const noms = unique(aliases.map((a) => text(a.wholeName)).filter((n): n is string => n !== null));
  if (!data.id || noms.length === 0) return null;
  const preferred =
    aliases.find((a) => a.nameLanguage === 'EN' && text(a.wholeName)) ??
    aliases.find((a) => !text(a.nameLanguage) && text(a.wholeName));
  const identifiants = elements(r, 'identification').flatMap((i) => {
    const numero = text(i.number) ?? text(i.latinNumber);
    return numero ? [{ type: text(i.identificationTypeCode), numero, pays: text(i.countryIso2Code) }] : [];
  });
  return {
    id: data.id,
    entree: text(r.euReferenceNumber) ?? data.id,
    nom: text(preferred?.wholeName) ?? noms[0]!,
    noms,
    cles_noms: unique(noms.map(legalNameKey).filter((k) => k !== '')),
    identifiants,
    cles_identifiants: unique(
      identifiants.map((i) => identifierKey('num', i.numero)).filter((k): k is string => k !== null),
    ),
    programmes: unique(
      elements(r, 'regulation')
        .map((g) => text(g.programme))
        .filter((p): p is string => p !== null),
    ),
    date_designation: text(r.designationDate),
    reference_onu: text(r.unitedNationId),
  };
}
