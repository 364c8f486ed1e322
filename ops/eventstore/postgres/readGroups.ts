import type { Knex } from 'knex';
import type { RecordedEvent, Upcaster } from '../port.ts';
import { type ReadFilter, readWindow, type Window } from './readAll.ts';

/** A subscription's place in its group: reads through it, and leaves when it stops. */
export interface GroupMembership {
  read(from: bigint, limit: number): Promise<Window>;
  leave(): void;
}

/** How much a group keeps, and how long its fastest member waits for the slowest. */
export interface ReadGroupLimits {
  /**
   * Full windows of the log kept for the other members (each about a batch of events). A member that would
   * read one more while the oldest is the next read of a slower member waits for it first.
   */
  keptWindows: number;
  /** The longest such a wait: then the oldest window is dropped, and the slower member reads it alone. */
  leaderWaitMs: number;
}

const DEFAULT_LIMITS: ReadGroupLimits = { keptWindows: 8, leaderWaitMs: 2000 };

/**
 * Subscriptions of one event store that read the same stretch of the log at about the same pace (a projection
 * runner's deferred read models, each reading the whole Sirene stock after a first pass) read it once: a window
 * is read with the filters of every member and kept, and each member takes from it only its own types and
 * entities, as if it had read alone. A member reads alone when no other member is about to read the same
 * stretch, and when its upcaster is not the group's.
 */
export class ReadGroups {
  readonly #groups = new Map<string, ReadGroup>();

  readonly #limits: ReadGroupLimits;

  constructor(
    private readonly knex: Knex,
    limits: Partial<ReadGroupLimits> = {},
  ) {
    this.#limits = { ...DEFAULT_LIMITS, ...limits };
  }

  join(name: string, filter: ReadFilter, from: bigint, upcast: Upcaster | undefined): GroupMembership | null {
    let group = this.#groups.get(name);
    if (!group) {
      group = new ReadGroup(this.knex, upcast, this.#limits, () => this.#groups.delete(name));
      this.#groups.set(name, group);
    }
    return group.upcast === upcast ? group.join(filter, from) : null;
  }
}

interface Member {
  filter: ReadFilter;
  /** Every event up to here has been read by this member. */
  position: bigint;
  /** Of `filter.entities.types`, the types kept only for the listed entities. */
  entityTypes: ReadonlySet<string>;
  entityKeys: ReadonlySet<string>;
}

interface KeptWindow {
  /** Exclusive. */
  from: bigint;
  /** Inclusive: the window's `scannedTo`. */
  to: bigint;
  /** Every event of the window that some member reads, upcast. */
  events: RecordedEvent[];
}

class ReadGroup {
  readonly #members = new Set<Member>();
  #windows: KeptWindow[] = [];
  /** Union reads in progress, by their `from`: a second member asking for the same window waits for it. */
  #reading = new Map<string, Promise<Window>>();
  /** Changes when a member joins or leaves: the union filter changes, what was kept is dropped. */
  #epoch = 0;
  #union: ReadFilter | null = null;
  /** Leaders waiting for a slower member to move on. */
  #waiting: (() => void)[] = [];

  constructor(
    private readonly knex: Knex,
    readonly upcast: Upcaster | undefined,
    private readonly limits: ReadGroupLimits,
    private readonly onEmpty: () => void,
  ) {}

  join(filter: ReadFilter, from: bigint): GroupMembership {
    const member: Member = {
      filter,
      position: from,
      entityTypes: new Set(filter.entities?.types ?? []),
      entityKeys: new Set((filter.entities?.of ?? []).map((e) => `${e.register} ${e.kind}`)),
    };
    this.#changeMembers(() => this.#members.add(member));
    return {
      read: (at, limit) => this.#read(member, at, limit),
      leave: () => {
        this.#changeMembers(() => this.#members.delete(member));
        if (this.#members.size === 0) this.onEmpty();
      },
    };
  }

  #changeMembers(change: () => void): void {
    change();
    this.#epoch++;
    this.#union = null;
    this.#windows = [];
    this.#reading.clear();
    this.#wakeLeaders();
  }

  async #read(member: Member, from: bigint, limit: number): Promise<Window> {
    member.position = from;
    this.#dropConsumed();
    const kept = this.#windows.find((w) => w.from <= from && from < w.to);
    if (kept) return { batch: this.#mine(member, kept.events, from), scannedTo: kept.to, full: true };

    const key = from.toString();
    let shared = this.#reading.get(key);
    const own = !shared;
    if (!shared) {
      // No other member is about to read this stretch (the others are ahead, or far behind: a rebuild beside
      // members at the head): a read with everybody's filters would only parse what this member leaves out.
      if (!this.#followed(member, from, limit)) return this.#readAlone(member, from, limit);
      if (this.#windows.length >= this.limits.keptWindows) {
        await this.#roomForAWindow(member);
        // Meanwhile another member may have read this window, or be reading it.
        return this.#read(member, from, limit);
      }
      shared = this.#readUnion(from, limit);
      this.#reading.set(key, shared);
      const reading = shared;
      const done = () => {
        if (this.#reading.get(key) === reading) this.#reading.delete(key);
      };
      reading.then(done, done);
    }
    const read = await shared;
    // A shorter window read for another member may predate a wake-up this member has cleared since:
    // it reads again itself rather than take it as the head of the log (see subscribe.ts).
    if (!own && !read.full) return this.#read(member, from, limit);
    return { batch: this.#mine(member, read.batch, from), scannedTo: read.scannedTo, full: read.full };
  }

  /** Whether another member is behind `from` by at most the windows kept: it reads this stretch soon. */
  #followed(reader: Member, from: bigint, limit: number): boolean {
    const reach = BigInt(this.limits.keptWindows * limit);
    for (const m of this.#members)
      if (m !== reader && m.position <= from && from - m.position <= reach) return true;
    return false;
  }

  #readAlone(member: Member, from: bigint, limit: number): Promise<Window> {
    return readWindow(this.knex, from, limit, member.filter, this.upcast);
  }

  async #readUnion(from: bigint, limit: number): Promise<Window> {
    const epoch = this.#epoch;
    const window = await readWindow(this.knex, from, limit, this.#unionFilter(), this.upcast);
    if (window.full && window.scannedTo !== null && epoch === this.#epoch && this.#members.size > 1) {
      this.#windows.push({ from, to: window.scannedTo, events: window.batch });
      this.#windows.sort((a, b) => (a.from < b.from ? -1 : a.from > b.from ? 1 : 0));
    }
    return window;
  }

  /**
   * A member about to read a window beyond what is kept, while the oldest kept window is the next read of a
   * slower member, waits for that member to move on (at most `leaderWaitMs`, then it drops the oldest): the kept
   * windows stay few, and the faster member's work waits for the cores the slower one needs anyway.
   */
  async #roomForAWindow(reader: Member): Promise<void> {
    const deadline = Date.now() + this.limits.leaderWaitMs;
    while (this.#windows.length >= this.limits.keptWindows) {
      // Only a member that reads the oldest window next is waited for: one behind every kept window reads
      // alone until it reaches them, and is not waited for.
      const oldest = this.#windows[0]!;
      const behind = [...this.#members].some(
        (m) => m !== reader && m.position >= oldest.from && m.position < oldest.to,
      );
      const left = deadline - Date.now();
      if (!behind || left <= 0) {
        this.#windows.shift();
        continue;
      }
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.#waiting.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
      this.#dropConsumed();
    }
  }

  /** Drops the windows every member has read past, and wakes the leaders waiting for room. */
  #dropConsumed(): void {
    let slowest: bigint | null = null;
    for (const m of this.#members) if (slowest === null || m.position < slowest) slowest = m.position;
    const before = this.#windows.length;
    if (slowest !== null) this.#windows = this.#windows.filter((w) => w.to > slowest!);
    if (this.#windows.length < before) this.#wakeLeaders();
  }

  #wakeLeaders(): void {
    const waiting = this.#waiting;
    this.#waiting = [];
    for (const wake of waiting) wake();
  }

  /** Of a union read, the events after `from` that `member` reads, in order. */
  #mine(member: Member, events: readonly RecordedEvent[], from: bigint): RecordedEvent[] {
    return events.filter((e) => {
      if (e.position <= from || !member.filter.types.has(e.type)) return false;
      if (!member.entityTypes.has(e.type)) return true;
      const data = e.data as { register?: unknown; kind?: unknown } | null;
      return member.entityKeys.has(`${data?.register} ${data?.kind}`);
    });
  }

  /**
   * What every member reads: the union of their types; of a type, only listed entities when every member
   * reading that type lists them (the union of their lists).
   */
  #unionFilter(): ReadFilter {
    if (this.#union) return this.#union;
    const members = [...this.#members];
    const types = new Set(members.flatMap((m) => [...m.filter.types]));
    const entityTypes = [...types].filter((t) =>
      members.every((m) => !m.filter.types.has(t) || m.entityTypes.has(t)),
    );
    const of = new Map<string, { register: string; kind: string }>();
    for (const m of members)
      for (const e of m.filter.entities?.of ?? []) of.set(`${e.register} ${e.kind}`, e);
    const weights = Object.assign({}, ...members.map((m) => m.filter.weights ?? {})) as Record<
      string,
      number
    >;
    this.#union = {
      types,
      ...(entityTypes.length > 0 ? { entities: { types: entityTypes, of: [...of.values()] } } : {}),
      ...(Object.keys(weights).length > 0 ? { weights } : {}),
    };
    return this.#union;
  }
}
