import { isLuhnValid } from '../params/luhn.ts';

/**
 * Event contract of the GLEIF golden copy (register `gleif`, worldwide). One pass reads three files of one
 * publication: LEI records (`lei2`, LEI-CDF 3.1), relationship records (`rr`, RR-CDF 2.1) and reporting
 * exceptions (`repex`), in the XML, JSON or CSV form GLEIF publishes. Whatever the form, a record is kept
 * under the golden copy's CSV column names (dotted paths: `Entity.LegalName`,
 * `Relationship.Period.1.startDate`, ...), strings as published, a field not published absent. Entities:
 * - `lei`: an LEI record, keyed by the LEI. A record of category `SOLE_PROPRIETOR` is a natural person: its
 *   names, address lines, city, postal code, region, creation date and register number never enter the log
 *   (the number is kept when it is a French SIREN, a public company identifier);
 * - `relation`: a relationship record whose two nodes are LEIs, keyed `<start LEI>|<type>|<end LEI>`
 *   (start node = child, end node = parent); every type is kept, only the two consolidation types are parents;
 * - `exception`: a reporting exception, keyed `<LEI>|<category>`;
 * - `fichier`: which file the pass read (see ingest/core/filesPass.ts).
 * Intra-day and daily delta files are applied on top of the last full pass as an update feed (source
 * `delta`): each record of a delta is the whole new record of its entity.
 */
export const GLEIF_REGISTER = 'gleif';
export const LEI_RECORD = 'lei';
export const RELATIONSHIP = 'relation';
export const REPORTING_EXCEPTION = 'exception';

/**
 * Days after which the local copy no longer answers `groupe_lei` (`indisponible`). GLEIF publishes the golden
 * copy three times a day; three days leave room for a failed download or two.
 */
export const GLEIF_FRESHNESS_DAYS = 3;

export type GleifRecord = Record<string, string>;

export const gleifStreamOf = (row: { kind: string; id: string }) => `${GLEIF_REGISTER}-${row.kind}-${row.id}`;

/** The relationship types that name an accounting-consolidation parent. */
export const DIRECT_PARENT = 'IS_DIRECTLY_CONSOLIDATED_BY';
export const ULTIMATE_PARENT = 'IS_ULTIMATELY_CONSOLIDATED_BY';

/** The reporting-exception categories of the same two levels. */
export const DIRECT_PARENT_EXCEPTION = 'DIRECT_ACCOUNTING_CONSOLIDATION_PARENT';
export const ULTIMATE_PARENT_EXCEPTION = 'ULTIMATE_ACCOUNTING_CONSOLIDATION_PARENT';

/** GLEIF's registration authorities of French companies: RA000189 (INSEE, Sirene) and RA000192 (RCS). */
const FRENCH_AUTHORITIES = ['RA000189', 'RA000192'];

/**
 * The SIREN an LEI record is registered under: the authority is a French one and its entity id, spaces
 * removed (`951 261 734` is published so), is 9 digits with a valid Luhn key. Null otherwise.
 */
export function sirenOfLeiRecord(record: Readonly<Record<string, unknown>>): string | null {
  const authority = record['Entity.RegistrationAuthority.RegistrationAuthorityID'];
  const id = record['Entity.RegistrationAuthority.RegistrationAuthorityEntityID'];
  if (typeof authority !== 'string' || !FRENCH_AUTHORITIES.includes(authority)) return null;
  if (typeof id !== 'string') return null;
  const digits = id.replace(/\s+/g, '');
  return /^\d{9}$/.test(digits) && isLuhnValid(digits) ? digits : null;
}
