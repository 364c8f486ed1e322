import { expect } from 'chai';
import { batchedKeyRead, KEYS_PER_STATEMENT, rowsByKey } from '../../../ops/database/batchedKeyReads.ts';
import type { Database } from '../../../ops/database/openDatabase.ts';
import { freshDatabase, targetDescription } from '../../support/database.ts';

interface Row {
  id: string;
  v: string;
}

describe(`batched reads by key (${targetDescription})`, () => {
  let db: Database;
  const statements: string[] = [];
  const count = (q: { sql: string }) => {
    if (q.sql.includes('batched_t')) statements.push(q.sql);
  };
  before(async () => {
    db = await freshDatabase({ poolMax: 3 });
    await db.knex.raw('create table batched_t (id text, v text)');
    await db.knex.raw(
      "insert into batched_t select 'k' || i, 'v' || i from generate_series(1, 200) as i union all select 'k1', 'bis'",
    );
    db.knex.on('query', count);
  });
  beforeEach(() => {
    statements.length = 0;
  });
  after(async () => {
    db?.knex.removeListener('query', count);
    await db?.close();
  });

  const values = batchedKeyRead<Row, Row[]>({
    name: 'test_batched_values',
    sql: (places) => `select id, v from batched_t where id in (${places}) order by id, v`,
    group: rowsByKey((row) => row.id),
  });

  it('answers the keys asked for in the same moment with one statement, each key its own rows', async () => {
    const keys = ['k1', 'k2', 'k3', 'nowhere', 'k2'];
    const together = await Promise.all(keys.map((k) => values.load(db.knex, k)));
    expect(together.map((rows) => rows?.map((r) => r.v))).to.deep.equal([
      ['bis', 'v1'],
      ['v2'],
      ['v3'],
      undefined,
      ['v2'],
    ]);
    expect(statements).to.have.length(1);
  });

  it(`sends one statement per ${KEYS_PER_STATEMENT} keys, and refuses more in one readMany`, async () => {
    const keys = Array.from({ length: KEYS_PER_STATEMENT + 1 }, (_, i) => `k${i + 1}`);
    const together = await Promise.all(keys.map((k) => values.load(db.knex, k)));
    expect(together.every((rows) => rows !== undefined && rows.length > 0)).to.equal(true);
    expect(statements).to.have.length(2);
    let refused: unknown = null;
    await values.readMany(db.knex, keys).catch((err: unknown) => {
      refused = err;
    });
    expect(refused).to.be.instanceOf(RangeError);
  });

  it('binds the keys at every place the statement names them', async () => {
    const twice = batchedKeyRead<Row, Row>({
      name: 'test_batched_twice',
      sql: (places) =>
        `select id, v from batched_t where id in (${places}) and v <> 'bis' and 'k' || substr(v, 2) in (${places})`,
      group: (rows) => new Map(rows.map((row) => [row.id, row])),
    });
    const [a, b, c] = await Promise.all(['k7', 'k8', 'k9'].map((k) => twice.load(db.knex, k)));
    expect([a?.v, b?.v, c?.v]).to.deep.equal(['v7', 'v8', 'v9']);
  });

  it('a failed statement fails every call it held, and the next calls are read again', async () => {
    const broken = batchedKeyRead<Row, Row>({
      name: 'test_batched_broken',
      sql: (places) => `select id, v from batched_t_absent where id in (${places})`,
      group: (rows) => new Map(rows.map((row) => [row.id, row])),
    });
    const settled = await Promise.allSettled(['k1', 'k2'].map((k) => broken.load(db.knex, k)));
    expect(settled.map((s) => s.status)).to.deep.equal(['rejected', 'rejected']);
    expect(await values.load(db.knex, 'k4')).to.deep.equal([{ id: 'k4', v: 'v4' }]);
  });
});
