import type { Knex } from 'knex';
import type { SeenSlots } from './passSeenSet.ts';

/**
 * Committed digests read per statement. Small enough that a page's strings (128,000 characters of digests)
 * are ordinary young objects, which die before the collector has to copy them twice; big enough that its
 * statement (one index range of 2,000 rows) costs little beside its rows.
 */
const PAGE_ROWS = 2000;

/** After this many rows of a kind, its stream stops if it placed fewer than half of them (a file not in key order). */
const TRIAL_ROWS = 10_000;

/** `\n`, which ends each id of a page. */
const LINE_FEED = 10;
/** `,`, which ends each slot of a page. */
const COMMA = 44;

/**
 * One page of a kind's committed digests, in the database's key order, as three strings read in place (no
 * string or number made per entry): a row is compared with the entry at hand character by character.
 */
interface Page {
  /** Each id followed by `\n` (a page whose ids hold one is not used: see read). */
  ids: string;
  /** The digests' 64 hexadecimal characters each, end to end, in the order of `ids`. */
  digests: string;
  /** Each slot followed by `,`. */
  slots: string;
  entries: number;
}

/** The stream of one kind's committed digests, a page ahead of the rows. */
interface KindStream {
  page: Page;
  /** The entry of `page` the next row is compared with: its number, where its id and its slot start. */
  entry: number;
  idAt: number;
  slotAt: number;
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
    const { page } = s;
    let order = 0;
    for (; s.entry < page.entries; s.entry++) {
      order = compareEntry(page.ids, s.idAt, id);
      if (order >= 0) break;
      s.idAt = page.ids.indexOf('\n', s.idAt) + 1;
      s.slotAt = page.slots.indexOf(',', s.slotAt) + 1;
    }
    if (s.entry === page.entries) {
      if (s.next === null) return this.place(s, id, false);
      return READING;
    }
    if (order !== 0) return this.place(s, id, false);
    const unchanged = page.digests.startsWith(row.digest, s.entry * 64) ? slotAt(page.slots, s.slotAt) : null;
    s.entry++;
    s.idAt += id.length + 1;
    s.slotAt = page.slots.indexOf(',', s.slotAt) + 1;
    this.place(s, id, true);
    return unchanged;
  }

  /** Waits for the page after the current one (after `unchangedSlot` answered READING). */
  async nextPage(): Promise<void> {
    const s = this.stream;
    if (s === null || s.next === null) return;
    let page: Page | null;
    try {
      page = await s.next;
    } catch (err) {
      if (!(err instanceof UnreadablePage)) throw err;
      if (this.stream === s) this.stream = null;
      return;
    }
    if (this.stream !== s) return;
    if (page === null) {
      s.next = null;
      return;
    }
    s.page = page;
    s.entry = 0;
    s.idAt = 0;
    s.slotAt = 0;
    s.next = this.readAfter(page);
  }

  /** Stops reading ahead (a page asked for is awaited, so that no statement outlives the pass). */
  async close(): Promise<void> {
    const s = this.stream;
    this.stream = null;
    await s?.next?.catch(() => {});
  }

  private startKind(kind: string): void {
    this.stop();
    this.kind = kind;
    if (this.opened.has(kind)) return;
    this.opened.add(kind);
    const empty: Page = { ids: '', digests: '', slots: '', entries: 0 };
    const next = this.read(kind, null);
    next.catch(() => {});
    this.stream = { page: empty, entry: 0, idAt: 0, slotAt: 0, next, lastId: null, rows: 0, placed: 0 };
  }

  /** The current kind is no longer streamed (its page read ahead is dropped; its failure is not unhandled). */
  private stop(): void {
    this.stream?.next?.catch(() => {});
    this.stream = null;
  }

  /** Counts a row the stream placed (its id was there) or not; stops a stream that places too few. */
  private place(s: KindStream, id: string, placed: boolean): null {
    s.lastId = id;
    s.rows++;
    if (placed) s.placed++;
    if (s.rows === TRIAL_ROWS && s.placed * 2 < s.rows) this.stop();
    return null;
  }

  private readAfter(page: Page): Promise<Page | null> | null {
    if (page.entries < this.pageRows) return null;
    const lastId = page.ids.slice(page.ids.lastIndexOf('\n', page.ids.length - 2) + 1, -1);
    const next = this.read(this.kind!, lastId);
    next.catch(() => {});
    return next;
  }

  /**
   * The kind's next page after `after` (from the start when null), aggregated in the subquery's key order
   * (the three strings over the same rows in the same order, so they line up whatever that order is). A page
   * that cannot be read in place (an id holding a line feed, a digest not of 32 bytes) ends the stream: its
   * rows and the kind's next ones are compared in the database.
   */
  private async read(kind: string, after: string | null): Promise<Page | null> {
    const { rows } = await this.knex.raw<{
      rows: {
        entries: number;
        ids: string | null;
        digests: string | null;
        slots: string | null;
        usable: boolean | null;
      }[];
    }>(
      `select count(*)::int as entries, string_agg(p.entity_id || E'\n', '') as ids,
              string_agg(encode(p.digest, 'hex'), '') as digests, string_agg(p.slot::text || ',', '') as slots,
              bool_and(strpos(p.entity_id, E'\n') = 0 and octet_length(p.digest) = 32) as usable
         from (select entity_id, digest, slot from ingest_digests
                where register = ? and kind = ? and (?::text is null or entity_id > ?) and digest is not null
                order by entity_id limit ?) p`,
      [this.register, kind, after, after, this.pageRows],
    );
    const row = rows[0];
    if (!row || row.entries === 0 || row.ids === null || row.digests === null || row.slots === null)
      return null;
    if (row.usable !== true) throw new UnreadablePage();
    return { ids: row.ids, digests: row.digests, slots: row.slots, entries: row.entries };
  }
}

/** A page of digests that cannot be read in place (see CommittedDigests.read). */
class UnreadablePage extends Error {}

/**
 * How the id at `at` of a page's ids (ended by a line feed) compares with `id`, as JavaScript compares strings
 * (code unit by code unit, a prefix first): negative, zero or positive.
 */
function compareEntry(ids: string, at: number, id: string): number {
  for (let k = 0; ; k++) {
    const c = ids.charCodeAt(at + k);
    if (c === LINE_FEED) return k === id.length ? 0 : -1;
    if (k === id.length) return 1;
    const d = c - id.charCodeAt(k);
    if (d !== 0) return d;
  }
}

/** The slot written at `at` of a page's slots (digits ended by a comma). */
function slotAt(slots: string, at: number): number {
  let slot = 0;
  for (let i = at; ; i++) {
    const c = slots.charCodeAt(i);
    if (c === COMMA) return slot;
    slot = slot * 10 + (c - 48);
  }
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
