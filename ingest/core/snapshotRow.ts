/** One upstream row, ready to be compared with the last completed pass. */
export interface SnapshotRow {
  kind: string;
  /** The register's identifier, as a string (leading zeros kept). */
  id: string;
  record: Record<string, unknown>;
  /**
   * The record's canonical JSON (ops/json/canonicalJson.ts), when its reader wrote it (delimitedRecordJson.ts):
   * the digest's input and the event's data, taken as given, so that the pass never serialises the record
   * (nor needs it built: the reader may give `record` as a getter that parses this). It must be exactly
   * `canonicalJson(record)`.
   */
  json?: string;
  /**
   * Where the row is in its file, as its reader found it; a block pass keeps it to prove the row later and
   * refuses a row without it (EntitiesRecordedData.lines says what the number is for each form of file).
   */
  line?: number;
  /**
   * The SHA-256 of the file the row was read from, set by a pass over several files (filesPass.ts): a block
   * names the file of its own rows, whichever file is being read when the block is made.
   */
  fileSha256?: string;
  /**
   * The member of an archive of several documents (a ZIP's entry name, as `unzip -l` lists it) the row was
   * read from: its file is the archive, its `line` counted within that member (decompressed).
   */
  entry?: string;
}

/** A row of a register whose pass writes block events: its reader always says where the row is. */
export type LinedSnapshotRow = SnapshotRow & { line: number };

/**
 * One upstream row of a file with a header, as its values in the order of `SnapshotPassOptions.columns[kind]`
 * (empty cells null). Stored without its field names (EntityValuesData); read back as a record.
 */
export interface ValuesRow {
  kind: string;
  id: string;
  values: (string | null)[];
  /**
   * The physical line (from 1, the header's) its record starts on in its file, kept by a block pass to prove
   * the row later (EntitiesRecordedData.lines).
   */
  line?: number;
  /** As SnapshotRow's. */
  fileSha256?: string;
  /** As SnapshotRow's. */
  entry?: string;
}
