/** One upstream row, ready to be compared with the last completed pass. */
export interface SnapshotRow {
  kind: string;
  /** The register's identifier, as a string (leading zeros kept). */
  id: string;
  record: Record<string, unknown>;
}

/**
 * One upstream row of a file with a header, as its values in the order of `SnapshotPassOptions.columns[kind]`
 * (empty cells null). Stored without its field names (EntityValuesData); read back as a record.
 */
export interface ValuesRow {
  kind: string;
  id: string;
  values: (string | null)[];
}
