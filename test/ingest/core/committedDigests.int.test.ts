import { expect } from 'chai';
import { CommittedDigests, READING } from '../../../ingest/core/committedDigests.ts';
import { snapshotPassMigrations } from '../../../ingest/core/snapshotPass.ts';
import { runMigrations } from '../../../ops/database/migrations.ts';
import { openTestBed, type TestBed } from '../../projections/core/testBed.ts';
import { targetDescription } from '../../support/database.ts';

const REGISTER = 'test.committed';
const digest = (label: string) => Buffer.from(label).toString('hex').padEnd(64, '0');

describe(`The last pass's digests streamed beside the file (${targetDescription})`, () => {
  let bed: TestBed;
  /** Slot of each committed row, by `kind/id`. */
  let slots: Map<string, number>;

  beforeEach(async () => {
    bed = await openTestBed([]);
    await runMigrations(bed.knex, snapshotPassMigrations);
    // Two kinds of five entities each, committed; one row only an unfinished pass wrote (no digest).
    for (const kind of ['a', 'b']) {
      for (const id of ['01', '02', '03', '04', '05']) {
        await bed.knex.raw(
          `insert into ingest_digests (register, kind, entity_id, digest) values (?, ?, ?, decode(?, 'hex'))`,
          [REGISTER, kind, id, digest(`${kind}${id}`)],
        );
      }
    }
    await bed.knex.raw(
      `insert into ingest_digests (register, kind, entity_id, pass_digest) values (?, 'a', '06', decode(?, 'hex'))`,
      [REGISTER, digest('a06')],
    );
    const { rows } = await bed.knex.raw<{ rows: { kind: string; entity_id: string; slot: string }[] }>(
      'select kind, entity_id, slot from ingest_digests',
    );
    slots = new Map(rows.map((r) => [`${r.kind}/${r.entity_id}`, Number(r.slot)]));
  });
  afterEach(() => bed.close());

  /** What the stream (pages of two rows) answers for each row, in order. */
  const answers = async (rows: [kind: string, id: string, label: string][]) => {
    const committed = new CommittedDigests(bed.knex, REGISTER, 2);
    const out: (number | null)[] = [];
    try {
      for (const [kind, id, label] of rows) {
        const row = { kind, id, digest: digest(label) };
        let slot = committed.unchangedSlot(row);
        while (slot === READING) {
          await committed.nextPage();
          slot = committed.unchangedSlot(row);
        }
        out.push(slot);
      }
    } finally {
      await committed.close();
    }
    return out;
  };

  it('shows unchanged, across pages, only the rows whose digest is the committed one', async () => {
    expect(
      await answers([
        ['a', '01', 'a01'],
        ['a', '02', 'changed'],
        ['a', '04', 'a04'],
        ['a', '05', 'a05'],
        ['a', '06', 'a06'],
        ['a', '07', 'new'],
        ['b', '03', 'b03'],
        ['b', '05', 'b05'],
      ]),
    ).to.deep.equal([
      slots.get('a/01'),
      null,
      slots.get('a/04'),
      slots.get('a/05'),
      null,
      null,
      slots.get('b/03'),
      slots.get('b/05'),
    ]);
  });

  it('leaves to the database every row out of key order, repeated, or of a kind met again', async () => {
    expect(
      await answers([
        ['a', '03', 'a03'],
        ['a', '01', 'a01'],
        ['a', '03', 'a03'],
        ['a', '04', 'a04'],
        ['b', '01', 'b01'],
        ['a', '05', 'a05'],
      ]),
    ).to.deep.equal([slots.get('a/03'), null, null, slots.get('a/04'), slots.get('b/01'), null]);
  });

  it('leaves to the database the rows of a page it cannot read in place, and the rest of their kind', async () => {
    const insert = (kind: string, id: string, hex: string) =>
      bed.knex.raw(
        `insert into ingest_digests (register, kind, entity_id, digest) values (?, ?, ?, decode(?, 'hex'))`,
        [REGISTER, kind, id, hex],
      );
    // Kind c: its second page holds an id with a line feed; kind d: its first page a digest of 16 bytes.
    for (const id of ['01', '02', '03']) await insert('c', id, digest(`c${id}`));
    await insert('c', 'x\ny', digest('cxy'));
    await insert('c', 'z', digest('cz'));
    await insert('d', '01', digest('d01'));
    await insert('d', '02', digest('d02').slice(0, 32));
    const { rows } = await bed.knex.raw<{ rows: { entity_id: string; slot: string }[] }>(
      `select entity_id, slot from ingest_digests where kind = 'c'`,
    );
    const slotOf = new Map(rows.map((r) => [r.entity_id, Number(r.slot)]));
    expect(
      await answers([
        ['c', '01', 'c01'],
        ['c', '02', 'c02'],
        ['c', '03', 'c03'],
        ['c', 'z', 'cz'],
        ['d', '01', 'd01'],
      ]),
    ).to.deep.equal([slotOf.get('01'), slotOf.get('02'), null, null, null]);
  });
});
