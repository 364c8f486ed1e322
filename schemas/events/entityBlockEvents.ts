/**
 * The block events of a bulk pass (a first pass, or a rebuild with `--record-all`): one `EntitiesRecorded`
 * carries up to ENTITY_BLOCK_ROWS rows (and ENTITY_BLOCK_CHARS of their JSON) of one kind, on the stream `snapshot-<register>-blocks`, where a per-row
 * pass would append one `EntityRecorded` per entity stream. What changes between passes (a later pass's
 * differences, daily updates, live observations) stays one event per entity on the entity's stream.
 *
 * Each row keeps what proves it: its values (in the order of the column names its pass declared once in
 * `SnapshotStarted.columns[kind]`), its digest (as the pass computed it: SHA-256 of the JSON of those names, a
 * line feed and the JSON of its values) and its line in the file whose SHA-256 the block names. Metadata
 * names the pass (`pass`: the position of its `SnapshotStarted`) and `snapshotVersion`.
 */
export const ENTITIES_RECORDED = 'EntitiesRecorded';

/** The most rows one block event holds. */
export const ENTITY_BLOCK_ROWS = 2000;

/**
 * The most characters of row JSON one block event holds (a block always holds at least one row). The server
 * parses an event into `jsonb` when it is appended and prints it back for every read; for an event of half a
 * megabyte or more, each of those allocates and hands back to the system megabytes of fresh memory, and
 * page faults became most of the work: COPY of 200,000 rows of 54 values took 3.5-4.1 s of the server's
 * CPU in blocks of 2,000 rows (570 KB each; 150,000 minor faults), 1.1-1.3 s in blocks of 200 (114 KB),
 * reading them back as text 2.7 s against 0.6 s (bench/HISTORY.md, issue 50). About 180 rows of a Sirene
 * establishment, 250 of a legal unit.
 */
export const ENTITY_BLOCK_CHARS = 64 * 1024;

/**
 * How many events a block event weighs in a read model's batch (SubscribeOptions.weights): a batch of 500
 * takes five blocks, about 1,000 Sirene rows. Ten blocks (2,000 rows) held each read model's batch, parsed
 * and expanded, across the batch's statements: most of it outlived two young-generation collections and was
 * promoted, and the old generation grew with it (peak RSS of the projecting process 632-677 MiB at 1 M rows;
 * about 555 MiB with five blocks, 534 MiB with three, at the same CPU; bench sirene, issue 50).
 */
export const ENTITY_BLOCK_WEIGHT = 100;

/**
 * As stored: the rows of a file with a header as arrays of values (see above), or, for a register whose rows
 * are records (XML, JSON: GLEIF), as their records in canonical JSON (digest: SHA-256 of that JSON).
 */
export interface EntitiesRecordedData {
  register: string;
  kind: string;
  /** SHA-256 (hex) of the file the rows were read from. */
  fileSha256: string;
  ids: string[];
  /**
   * Each row's position in that file (decompressed, for a `.zip` or `.gz`), as its register's reader counts
   * it while reading, lines it skipped, set aside or joined included:
   * - a file of lines (every CSV or delimited file: Sirene, BE KBO, RO ONRC, SE Bolagsverket, a GLEIF CSV):
   *   the 1-based physical line the row's record starts on, a line ending at each `\n`, the header being
   *   line 1; `sed -n '<line>p' <file>` shows the start of the row, which holds its identifier (a record
   *   broken over several lines starts on its first; two SE rows of one number merged keep the first's; a
   *   BE `code` row, one line per language, the line of its first);
   * - a GLEIF XML file: the physical line its record's start tag (`<lei:LEIRecord`,
   *   `<rr:RelationshipRecord`, `<repex:Exception`) opens on; the record runs from there to its end tag
   *   (`sed -n '<line>,/<\/lei:LEIRecord>/p' <file>`);
   * - a GLEIF JSON file: the record's number (from 1) in the file's `records` array;
   * - an INPI XML document: the physical line its title's start tag (`<TradeMark`, `<fr-patent-document`)
   *   opens on; the title runs from there to its end tag (`sed -n '<line>,/<\/TradeMark>/p' <file>`), in the
   *   document `entries` names when the file is a ZIP archive of several (`unzip -p <file> '<entry>' | sed …`).
   * A reader that gives no position fails the pass: a block never holds a null (EntitiesRecorded events
   * written before readers counted their own lines may hold other numbers or nulls).
   */
  lines: (number | null)[];
  /**
   * When the file is an archive of several documents (an INPI `.zip`): each row's member, by the name the
   * archive gives it (`unzip -l`), its line counted in that member decompressed. Absent otherwise.
   */
  entries?: string[];
  digests: string[];
  values?: (string | null)[][];
  records?: Record<string, unknown>[];
}

/** As the read side's upcaster hands it over: each row's record (values keyed by its pass's column names). */
export interface EntitiesRecordedReadData extends Omit<EntitiesRecordedData, 'values' | 'records'> {
  records: Record<string, unknown>[];
}

/** The stream of a register's block events. */
export function blockStreamId(register: string): string {
  return `snapshot-${register}-blocks`;
}
