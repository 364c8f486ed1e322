/**
 * The contract between the EU financial sanctions ingester and the projections that read it. The upstream is
 * the European Commission's consolidated list of persons, groups and entities subject to EU financial
 * sanctions (Financial Sanctions Files, FSF), in its XML 1.1 `export` format
 * (`xmlFullSanctionsList_1_1`): `<export generationDate=… globalFileId=…>` holding one `<sanctionEntity>`
 * per listed subject. Entity events:
 *
 * - `register` = `eu.fsf`, `kind` = `sanctionEntity`;
 * - `id` = the entity's `logicalId` (stable across files); its `euReferenceNumber` (`EU.3523.13`) is kept in
 *   the record and served as the list's own reference;
 * - `record` = the `sanctionEntity` element as published: its attributes, and each child element by its tag
 *   as a list (attributes and children again; an element holding only text is its text);
 * - only legal persons (`subjectType code="enterprise"`) enter the log: a natural person
 *   (`code="person"`) is counted in the pass report (`personnesPhysiquesEcartees`), never logged.
 */
export const EU_FSF_REGISTER = 'eu.fsf';
export const EU_FSF_ENTITY = 'sanctionEntity';

/**
 * Days after which a copy is no longer served: the Commission republishes the file whenever a listing
 * changes (several times a week); a screening against a list older than three days is not a screening.
 */
export const EU_FSF_FRESHNESS_DAYS = 3;

/** The `subjectType` code of a legal person, the only kind kept. */
export const EU_FSF_ENTERPRISE = 'enterprise';

/** A `sanctionEntity` as its event carries it (attributes and child elements, see above). */
export type EuFsfRecord = Record<string, unknown>;

export function euFsfStreamOf(row: { kind: string; id: string }): string {
  return `${EU_FSF_REGISTER}-${row.id}`;
}
