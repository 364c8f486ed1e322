import { expect } from 'chai';
import type { Database } from '../../../ops/database/openDatabase.ts';
import { type RowTable, upsertRows } from '../../../projections/core/rowTable.ts';
import { freshDatabase, targetDescription } from '../../support/database.ts';

interface OddRow {
  id: string;
  label: string | null;
  names: unknown;
  doc: unknown;
  n: number | string | null;
  flag: boolean | null;
  day: string | null;
  amount: number | string | null;
  at: string | Date | null;
  digits: unknown;
}

const COLUMNS = {
  id: 'text',
  label: 'text',
  names: 'text[]',
  doc: 'jsonb',
  n: 'integer',
  flag: 'boolean',
  day: 'date',
  amount: 'numeric',
  at: 'timestamptz',
  digits: 'bigint[]',
} as const;

const table = (name: string): RowTable<OddRow> => ({ name, key: ['id'], columns: COLUMNS });

/** Rows with every kind of value a read model hands over: nulls, escapes, empty and nested arrays, JSON. */
const ROWS: OddRow[] = [
  {
    id: 'a',
    label: 'plain',
    names: ['x', 'y'],
    doc: { b: 1, a: [true, null, 'é'] },
    n: 42,
    flag: true,
    day: '2026-12-04',
    amount: 1234.5,
    at: '2026-12-04T05:06:07.123Z',
    digits: [1, 2, 3],
  },
  {
    id: 'b',
    label: 'quote " backslash \\ tab \t line\nbreak {brace}, comma NULL',
    names: ['"quoted"', 'back\\slash', null, '', 'NULL', 'a,b', '{x}', ' spaced '],
    doc: 'a JSON string',
    n: '7',
    flag: false,
    day: null,
    amount: '0.10',
    at: new Date('2026-01-02T03:04:05Z'),
    digits: [],
  },
  {
    id: 'c',
    label: null,
    names: [],
    doc: null,
    n: null,
    flag: null,
    day: null,
    amount: null,
    at: null,
    digits: null,
  },
  {
    id: 'd',
    label: '😀 unicode ß',
    names: [
      ['nested', 'pair'],
      ['of', 'rows'],
    ],
    doc: [1, 'two', { three: 3 }],
    n: 0,
    flag: true,
    day: '1999-12-31',
    amount: -3,
    at: '2026-06-30T22:00:00+02:00',
    digits: [9007199254740991, null],
  },
  { id: 'e', names: '{literal,"as given"}', doc: 12.5 } as unknown as OddRow,
];

describe(`Read-table rows sent one JSON array per column (${targetDescription})`, () => {
  let db: Database;

  before(async () => {
    db = await freshDatabase();
    for (const name of ['rows_by_columns', 'rows_by_objects']) {
      await db.knex.raw(
        `create table ${name} (id text primary key, label text, names text[], doc jsonb, n integer,
           flag boolean, day date, amount numeric, at timestamptz, digits bigint[])`,
      );
    }
  });
  after(() => db.close());

  const contents = async (name: string) =>
    (await db.knex.raw<{ rows: { row: string }[] }>(`select t::text as row from ${name} t order by id`)).rows;

  it('writes the same rows as json_to_recordset over the rows as objects', async () => {
    await upsertRows(db.knex, table('rows_by_columns'), ROWS);
    const typed = Object.entries(COLUMNS)
      .map(([c, t]) => `${c} ${t}`)
      .join(', ');
    await db.knex.raw(`insert into rows_by_objects select * from json_to_recordset(?::json) as r(${typed})`, [
      JSON.stringify(ROWS),
    ]);
    const written = await contents('rows_by_columns');
    expect(written).to.have.length(ROWS.length);
    expect(written).to.deep.equal(await contents('rows_by_objects'));
  });

  it('replaces a row whose key is written again', async () => {
    await upsertRows(db.knex, table('rows_by_columns'), [{ ...ROWS[0]!, label: 'replaced', names: ['z'] }]);
    const { rows } = await db.knex.raw<{ rows: { label: string; names: string[] }[] }>(
      "select label, names from rows_by_columns where id = 'a'",
    );
    expect(rows).to.deep.equal([{ label: 'replaced', names: ['z'] }]);
  });
});
