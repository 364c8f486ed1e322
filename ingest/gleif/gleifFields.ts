/**
 * The fields kept of each golden-copy file, under the CSV golden copy's column names (shared/FORMATS.md §7).
 * A single field's XML/JSON path is its CSV name split on the dots; a repeated element is numbered from 1 in
 * document order, as the CSV numbers its slots.
 */
export interface RepeatedField {
  /** Path of the repeated element in the XML/JSON record, its own name last. */
  path: readonly string[];
  /** CSV column prefix; the item's columns are `<csv>.<n>` or `<csv>.<n>.<field>`. */
  csv: string;
  /** Sub-elements of an item, as [XML name, CSV name]; none: the item's own text. */
  fields: readonly (readonly [string, string])[];
}

export interface RecordFields {
  single: readonly string[];
  repeated: readonly RepeatedField[];
}

const ADDRESS = ['FirstAddressLine', 'AddressNumber', 'AddressNumberWithinBuilding', 'MailRouting'];
const PLACE = ['City', 'Region', 'Country', 'PostalCode'];
/**
 * What kind of entity it is: jurisdiction, category, legal form, status. Nothing here names a person, so a
 * sole proprietor's record keeps them (gleifRecords.ts, withoutNaturalPerson).
 */
export const ENTITY_KIND_FIELDS = [
  'LegalJurisdiction',
  'EntityCategory',
  'EntitySubCategory',
  'LegalForm.EntityLegalFormCode',
  'LegalForm.OtherLegalForm',
  'EntityStatus',
].map((f) => `Entity.${f}`);

const REGISTRATION = [
  'InitialRegistrationDate',
  'LastUpdateDate',
  'RegistrationStatus',
  'NextRenewalDate',
  'ManagingLOU',
  'ValidationSources',
];

/** LEI-CDF records (`lei2`). */
export const LEI_FIELDS: RecordFields = {
  single: [
    'LEI',
    'Entity.LegalName',
    ...[...ADDRESS, ...PLACE].map((f) => `Entity.LegalAddress.${f}`),
    'Entity.HeadquartersAddress.City',
    'Entity.HeadquartersAddress.Country',
    'Entity.RegistrationAuthority.RegistrationAuthorityID',
    'Entity.RegistrationAuthority.OtherRegistrationAuthorityID',
    'Entity.RegistrationAuthority.RegistrationAuthorityEntityID',
    ...ENTITY_KIND_FIELDS,
    'Entity.EntityCreationDate',
    'Entity.EntityExpirationDate',
    'Entity.EntityExpirationReason',
    ...REGISTRATION.map((f) => `Registration.${f}`),
  ],
  repeated: [
    {
      path: ['Entity', 'OtherEntityNames', 'OtherEntityName'],
      csv: 'Entity.OtherEntityNames.OtherEntityName',
      fields: [],
    },
    {
      path: ['Entity', 'TransliteratedOtherEntityNames', 'TransliteratedOtherEntityName'],
      csv: 'Entity.TransliteratedOtherEntityNames.TransliteratedOtherEntityName',
      fields: [],
    },
    {
      path: ['Entity', 'LegalAddress', 'AdditionalAddressLine'],
      csv: 'Entity.LegalAddress.AdditionalAddressLine',
      fields: [],
    },
  ],
};

/** RR-CDF relationship records (`rr`). */
export const RELATIONSHIP_FIELDS: RecordFields = {
  single: [
    'Relationship.StartNode.NodeID',
    'Relationship.StartNode.NodeIDType',
    'Relationship.EndNode.NodeID',
    'Relationship.EndNode.NodeIDType',
    'Relationship.RelationshipType',
    'Relationship.RelationshipStatus',
    ...[...REGISTRATION, 'ValidationDocuments', 'ValidationReference'].map((f) => `Registration.${f}`),
  ],
  repeated: [
    {
      path: ['Relationship', 'RelationshipPeriods', 'RelationshipPeriod'],
      csv: 'Relationship.Period',
      fields: [
        ['StartDate', 'startDate'],
        ['EndDate', 'endDate'],
        ['PeriodType', 'periodType'],
      ],
    },
    {
      path: ['Relationship', 'RelationshipQualifiers', 'RelationshipQualifier'],
      csv: 'Relationship.Qualifiers',
      fields: [
        ['QualifierDimension', 'QualifierDimension'],
        ['QualifierCategory', 'QualifierCategory'],
      ],
    },
    {
      path: ['Relationship', 'RelationshipQuantifiers', 'RelationshipQuantifier'],
      csv: 'Relationship.Quantifiers',
      fields: [
        ['MeasurementMethod', 'MeasurementMethod'],
        ['QuantifierAmount', 'QuantifierAmount'],
        ['QuantifierUnits', 'QuantifierUnits'],
      ],
    },
  ],
};

/** Reporting exceptions (`repex`): the XML's flat `ExceptionCategory` is the CSV's `Exception.Category`. */
export const EXCEPTION_FIELDS: RecordFields = {
  single: ['LEI', 'Exception.Category'],
  repeated: [
    { path: ['ExceptionReason'], csv: 'Exception.Reason', fields: [] },
    { path: ['ExceptionReference'], csv: 'Exception.Reference', fields: [] },
  ],
};

/** The XML path of a single field, where it differs from its CSV name split on the dots. */
export const XML_PATH_OF: Readonly<Record<string, readonly string[]>> = {
  'Exception.Category': ['ExceptionCategory'],
};

/** The CSV columns a file of each role must have (the pass is refused without them). */
export const REQUIRED_COLUMNS = {
  lei2: ['LEI', 'Entity.LegalName', 'Entity.LegalAddress.Country', 'Registration.RegistrationStatus'],
  rr: [
    'Relationship.StartNode.NodeID',
    'Relationship.EndNode.NodeID',
    'Relationship.RelationshipType',
    'Relationship.StartNode.NodeIDType',
    'Relationship.EndNode.NodeIDType',
  ],
  repex: ['LEI', 'Exception.Category', 'Exception.Reason.1'],
} as const;
