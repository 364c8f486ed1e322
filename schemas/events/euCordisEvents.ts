/**
 * The contract between the CORDIS ingester and the projections that read it. The upstream files are the
 * bulk CSV downloads of the EU framework programmes (CORDIS, Publications Office of the European Union):
 * per programme, `project.csv` (one row per grant) and `organization.csv` (one row per participation of an
 * organisation in a grant), `;`-separated, every field double-quoted. Their headers vary by programme and
 * date (`ecSignatureDate`, `contentUpdateDate`, `rcn` come and go): columns are read by name. Entity events:
 *
 * - `register` = `eu.cordis`;
 * - kind `projet`, `id` = the grant id (`id` of project.csv), `record` = the row as published (the columns of
 *   PROJECT_KEPT_COLUMNS that the file has; `objective` is left out: long free text the read side never serves);
 * - kind `participation`, `id` = `<projectID>-<organisationID>-<order>`, `record` = the row as published
 *   (PARTICIPATION_KEPT_COLUMNS): never the street, post code, geolocation, URL or contact form, which the read
 *   side never serves and which, for an organisation registered under a person's name, would locate a person;
 * - kind `fichier` (fileEvents.ts), one per file read, with its SHA-256;
 * - every event of a grant goes to the grant's stream `eu.cordis-<project id>`.
 *
 * A participation without a usable VAT number never enters the log: the service matches companies by the VAT
 * number the programme publishes, and such rows include organisations registered under a natural person's
 * name (a real one, `CORDOVA Trey Christian`, has no VAT number and no address: test/ingest/eu-cordis). The
 * files have no legal-form column: a sole proprietor registered with a French VAT number would be logged under
 * the name published, and never served (the route serves only what Sirene shows to be a legal person).
 * Every value is a string as published, trimmed, empty cells null; amounts are decimal strings as written
 * (`528340.97`, `960619,95`).
 */
export const EU_CORDIS_REGISTER = 'eu.cordis';
export const CORDIS_PROJECT = 'projet';
export const CORDIS_PARTICIPATION = 'participation';

/**
 * Days after which the copy is no longer served: CORDIS regenerates its datasets monthly ("CORDIS datasets
 * are produced on a monthly basis"), so two missed months make the copy stale.
 */
export const EU_CORDIS_FRESHNESS_DAYS = 70;

/** The framework programmes served, as `frameworkProgramme` writes them, with their names. */
export const CORDIS_PROGRAMMES = {
  H2020: 'Horizon 2020 (2014-2020)',
  HORIZON: 'Horizon Europe (2021-2027)',
} as const;
export type CordisProgramme = keyof typeof CORDIS_PROGRAMMES;

/** The columns of project.csv kept in the log (those a file lacks are absent from its records). */
export const PROJECT_KEPT_COLUMNS = [
  'id',
  'acronym',
  'status',
  'title',
  'startDate',
  'endDate',
  'totalCost',
  'ecMaxContribution',
  'legalBasis',
  'topics',
  'ecSignatureDate',
  'frameworkProgramme',
  'masterCall',
  'subCall',
  'call',
  'fundingScheme',
  'contentUpdateDate',
  'rcn',
  'grantDoi',
] as const;

/** The columns of organization.csv kept in the log. */
export const PARTICIPATION_KEPT_COLUMNS = [
  'projectID',
  'projectAcronym',
  'organisationID',
  'vatNumber',
  'name',
  'shortName',
  'SME',
  'activityType',
  'country',
  'order',
  'role',
  'ecContribution',
  'netEcContribution',
  'totalCost',
  'endOfParticipation',
  'active',
  'contentUpdateDate',
  'rcn',
] as const;

/** Columns without which a file is not what its role says: refused before anything is published. */
export const PROJECT_REQUIRED_COLUMNS = ['id', 'status', 'startDate', 'endDate'] as const;
export const ORGANIZATION_REQUIRED_COLUMNS = ['projectID', 'vatNumber', 'role', 'ecContribution'] as const;

/**
 * The organisation's id: `organisationID` in the current files, `id` in the older H2020 layout (which also
 * carried `organizationUrl` and the contact person's title, names, function, telephone and fax, never kept).
 * One of the two is required.
 */
export const ORGANISATION_ID_COLUMNS = ['organisationID', 'id'] as const;

/** The older H2020 organization.csv layout, from a public validator of it (test/fixtures/eu-cordis/SOURCE.txt). */
export const ORGANIZATION_OLD_H2020_COLUMNS = [
  'projectRcn',
  'projectID',
  'projectAcronym',
  'role',
  'id',
  'name',
  'shortName',
  'activityType',
  'endOfParticipation',
  'ecContribution',
  'country',
  'street',
  'city',
  'postCode',
  'organizationUrl',
  'vatNumber',
  'contactForm',
  'contactType',
  'contactTitle',
  'contactFirstNames',
  'contactLastNames',
  'contactFunction',
  'contactTelephoneNumber',
  'contactFaxNumber',
] as const;

/** The full headers seen in the real files (test/fixtures/eu-cordis/SOURCE.txt); others are reported. */
export const PROJECT_KNOWN_COLUMNS = [...PROJECT_KEPT_COLUMNS, 'nature', 'objective'] as const;
export const ORGANIZATION_KNOWN_COLUMNS = [
  ...new Set([...PARTICIPATION_KEPT_COLUMNS, ...ORGANIZATION_OLD_H2020_COLUMNS]),
  'street',
  'postCode',
  'city',
  'nutsCode',
  'geolocation',
  'organizationURL',
  'contactForm',
] as const;

export type CordisRecord = Record<string, string | null>;

/** The participation's id: grant, organisation and order (an organisation can hold two roles in a grant). */
export function cordisParticipationId(r: CordisRecord): string {
  return `${r.projectID}-${r.organisationID}-${r.order ?? ''}`;
}

/** The grant's stream: its project row, its participations and nothing else. */
export function euCordisStreamOf(row: { kind: string; id: string }): string {
  if (row.kind === CORDIS_PROJECT) return `${EU_CORDIS_REGISTER}-${row.id}`;
  if (row.kind === CORDIS_PARTICIPATION) return `${EU_CORDIS_REGISTER}-${row.id.split('-')[0]}`;
  return `${EU_CORDIS_REGISTER}-${row.kind}-${row.id}`;
}
