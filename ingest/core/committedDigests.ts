import type { Knex } from 'knex';
import type { SeenSlots } from './passSeenSet.ts';

/** Committed digests read per statement: about 0.9 MB of text for Sirene's ids. */
const PAGE_ROWS = 10_000;

/** After this many rows of a kind, its stream stops if it placed fewer than half of them (a file not in key order). */
const TRIAL_ROWS = 10_000;

/** One page of a kind's committed digests, in the database's key order. */
interface Page {
  ids: string[];
  /** The digests' 64 hexadecimal characters each, end to end, in the order of `ids`. */
  digests: string;
  slots: Float64Array;
}

/** The stream of one kind's committed digests, a page ahead of the rows. */
interface KindStream {
  page: Page;
  /** The entry of `page` the next row is compared with. */
  at: number;
  /** The next page, asked for as soon as the current one arrived; null when the current page is the last. */
  next: Promise<Page | null> | null;
  /** The last row's id: a row whose id is not above it is out of order for the stream. */
  lastId: string | null;
  rows: number;
  placed: number;
}

/** What `unchangedSlot` answers while the next page of digests is being read: `await` `nextPage()`, then ask again. */
export const READING = -1;

/**
 * The last completed pass's digests of a register, streamed kind by kind in key order alongside a file sorted
 * the same way, so that an unchanged row is known in this process as it is read: no per-row probe of
 * `ingest_digests` (markSeen), and the row is not held in a batch waiting for one. Each page is one short
 * statement (no transaction is held open for the pass), read a page ahead of the rows.
 *
 * The stream only ever says "unchanged" for a row whose id it holds with the same digest; every other row
 * (changed, new, out of key order, of a kind met a second time, or when the database orders ids differently
 * from JavaScript) is left for the comparison in the database, which is exact for any row. So the answer
 * never depends on the file being sorted: an unsorted file is only slower, and a kind whose rows the stream
 * cannot place (fewer than half of its first 10,000) is not streamed further.
 *
 * Only the last completed pass's digests are streamed (`digest` not null): what this pass marks meanwhile
 * (`pass_digest`, new rows without a digest) is not read, and nothing else writes `digest` while a pass runs
 * (an update feed is refused while one is open).
 */
export class CommittedDigests {
  private kind: string | null = null;
  private stream: KindStream | null = null;
  /** Kinds whose stream was opened: one met again later is not streamed twice. */
  private readonly opened = new Set<string>();

  constructor(
    private readonly knex: Knex,
    private readonly register: string,
    private readonly pageRows = PAGE_ROWS,
  ) {}

  /**
   * The row's slot in `ingest_digests` when its digest is the last completed pass's for its entity; null
   * when that must be found out in the database (see the class); READING when the next page is needed first.
   * Rows are given in file order, each once (a row answered READING is given again after `nextPage()`).
   */
  unchangedSlot(row: { kind: string; id: string; digest: string }): number | null | typeof READING {
    if (row.kind !== this.kind) this.startKind(row.kind);
    const s = this.stream;
    if (s === null) return null;
    const { id } = row;
    if (s.lastId !== null && !(id > s.lastId)) return null;
    const { ids } = s.page;
    while (s.at < ids.length && ids[s.at]! < id) s.at++;
    if (s.at === ids.length) {
      if (s.next === null) return this.place(s, id, false);
      return READING;
    }
    if (ids[s.at] !== id) return this.place(s, id, false);
    const at = s.at++;
    this.place(s, id, true);
    return s.page.digests.startsWith(row.digest, at * 64) ? s.page.slots[at]! : null;
  }

  /** Waits for the page after the current one (after `unchangedSlot` answered READING). */
  async nextPage(): Promise<void> {
    const s = this.stream;
    if (s === null || s.next === null) return;
    const page = await s.next;
    if (this.stream !== s) return;
    if (page === null) {
      s.next = null;
      return;
    }
    s.page = page;
    s.at = 0;
    s.next = this.readAfter(page);
  }

  /** Stops reading ahead (a page asked for is awaited, so that no statement outlives the pass). */
  async close(): Promise<void> {
    const s = this.stream;
    this.stream = null;
    await s?.next?.catch(() => {});
  }

  private startKind(kind: string): void {
    const previous = this.stream;
    // A page read ahead for the kind left is no longer wanted; its failure must not count as unhandled.
    previous?.next?.catch(() => {});
    this.kind = kind;
    this.stream = null;
    if (this.opened.has(kind)) return;
    this.opened.add(kind);
    const empty: Page = { ids: [], digests: '', slots: new Float64Array(0) };
    this.stream = { page: empty, at: 0, next: this.read(kind, null), lastId: null, rows: 0, placed: 0 };
    this.stream.next?.catch(() => {});
  }

  /** Counts a row the stream placed (its id was there) or not; stops a stream that places too few. */
  private place(s: KindStream, id: string, placed: boolean): null {
    s.lastId = id;
    s.rows++;
    if (placed) s.placed++;
    if (s.rows === TRIAL_ROWS && s.placed * 2 < s.rows) {
      s.next?.catch(() => {});
      this.stream = null;
    }
    return null;
  }

  private readAfter(page: Page): Promise<Page | null> | null {
    if (page.ids.length < this.pageRows) return null;
    const next = this.read(this.kind!, page.ids[page.ids.length - 1]!);
    next.catch(() => {});
    return next;
  }

  /**
   * The kind's next page after `after` (from the start when null): ids as a JSON array, digests as one hex
   * string, slots as one list, aggregated in the subquery's key order (all three over the same rows in the
   * same order, so they line up whatever that order is).
   */
  private async read(kind: string, after: string | null): Promise<Page | null> {
    const { rows } = await this.knex.raw<{
      rows: { ids: string[] | null; digests: string | null; slots: string | null }[];
    }>(
      `select json_agg(p.entity_id) as ids, string_agg(encode(p.digest, 'hex'), '') as digests,
              string_agg(p.slot::text, ',') as slots
         from (select entity_id, digest, slot from ingest_digests
                where register = ? and kind = ? and (?::text is null or entity_id > ?) and digest is not null
                order by entity_id limit ?) p`,
      [this.register, kind, after, after, this.pageRows],
    );
    const row = rows[0];
    if (!row?.ids || row.digests === null || row.slots === null) return null;
    return { ids: row.ids, digests: row.digests, slots: parseSlots(row.slots, row.ids.length) };
  }
}

/** The `n` integers of a comma-separated list. */
function parseSlots(list: string, n: number): Float64Array {
  const slots = new Float64Array(n);
  let k = 0;
  let slot = 0;
  for (let i = 0; i < list.length; i++) {
    const c = list.charCodeAt(i);
    if (c === 44) {
      slots[k++] = slot;
      slot = 0;
    } else slot = slot * 10 + (c - 48);
  }
  slots[k] = slot;
  return slots;
}

/**
 * A test of each row, in file order, for writeInBatches's `settled`: true for a row the committed digests show
 * unchanged, which is counted and its slot added to `seen`, and goes no further (nothing is written for it,
 * as markSeen writes nothing for it); false for a row left to compare in the database. A promise only when
 * the next page of digests must be read first.
 */
export function unchangedRowTest(
  committed: CommittedDigests,
  seen: SeenSlots,
  counts: { unchanged: number },
  /** Called every `every` unchanged rows (the rows compared in the database report their own progress). */
  progress?: { every: number; report: () => void },
): (row: { kind: string; id: string; digest: string }) => boolean | Promise<boolean> {
  const settle = (slot: number | null): boolean => {
    if (slot === null) return false;
    counts.unchanged++;
    seen.add(slot);
    if (progress && counts.unchanged % progress.every === 0) progress.report();
    return true;
  };
  const afterReading = async (row: { kind: string; id: string; digest: string }): Promise<boolean> => {
    let slot: number | null = READING;
    while (slot === READING) {
      await committed.nextPage();
      slot = committed.unchangedSlot(row);
    }
    return settle(slot);
  };
  return (row) => {
    const slot = committed.unchangedSlot(row);
    return slot === READING ? afterReading(row) : settle(slot);
  };
}
