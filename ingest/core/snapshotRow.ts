/** One upstream row, ready to be compared with the last completed pass. */
export interface SnapshotRow {
  kind: string;
  /** The register's identifier, as a string (leading zeros kept). */
  id: string;
  record: Record<string, unknown>;
  /** The row's position in its file (its record's number from 1), kept by a block pass. */
  line?: number;
}

/**
 * One upstream row of a file with a header, as its values in the order of `SnapshotPassOptions.columns[kind]`
 * (empty cells null). Stored without its field names (EntityValuesData); read back as a record.
 */
export interface ValuesRow {
  kind: string;
  id: string;
  values: (string | null)[];
  /** The row's line in its file (1 is the header), kept by a block pass to prove the row later. */
  line?: number;
}
