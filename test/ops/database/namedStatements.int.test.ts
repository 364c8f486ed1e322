import { expect } from 'chai';
import knexFactory, { type Knex } from 'knex';
import { type EmbeddedHost, startEmbeddedHost } from '../../../ops/database/embeddedHost.ts';
import { allowNamedStatements, namedRead, namedStatement } from '../../../ops/database/namedStatements.ts';
import type { Database } from '../../../ops/database/openDatabase.ts';
import { freshDatabase, targetDescription } from '../../support/database.ts';

describe(`named statements (${targetDescription})`, () => {
  let db: Database;
  before(async () => {
    db = await freshDatabase({ poolMax: 3 });
    await db.knex.raw('create table named_t (id int primary key, v text)');
    await db.knex.raw("insert into named_t values (1, 'un'), (2, 'deux')");
  });
  after(async () => {
    await db?.close();
  });

  const read = (id: number) =>
    namedStatement<{ rows: { v: string }[] }>(db.knex, 'test_named_t', 'select v from named_t where id = ?', [
      id,
    ]).then((r) => r.rows[0]?.v);

  it('answers on every connection of the pool at once, however often it is sent', async () => {
    for (let round = 0; round < 3; round++) {
      expect(await Promise.all([read(1), read(2), read(1), read(2)])).to.deep.equal([
        'un',
        'deux',
        'un',
        'deux',
      ]);
    }
  });
});

describe(`named reads, prepared on the embedded database too (${targetDescription})`, () => {
  let db: Database;
  before(async () => {
    db = await freshDatabase({ poolMax: 3 });
    await db.knex.raw('create table named_t (id int primary key, v text)');
    await db.knex.raw("insert into named_t values (1, 'un'), (2, null)");
  });
  after(async () => {
    await db?.close();
  });

  const SQL = `select ?::text as texte, ?::int as n, ?::numeric as d, ?::boolean as b, ?::text as nul, v
                 from named_t where id = ?`;
  const read = (values: (string | number | boolean | null)[]) =>
    namedRead<{ rows: unknown[] }>(db.knex, 'test_named_read', SQL, values).then((r) => r.rows);

  it('answers the rows knex answers with the same values bound, on every connection at once', async () => {
    // A question mark, quotes, backslashes and a non-ASCII letter: written into the statement, read back whole.
    const texts = ["l'a\\b?c", 'x = ? and y = ?', '\\?', 'Île-de-France', ''];
    const calls = texts.flatMap((text, i) => [
      [text, i, 1.25, i % 2 === 0, null, 1],
      [text, -i, 0.5, true, null, 2],
    ]);
    const expected = await Promise.all(calls.map((values) => db.knex.raw(SQL, values).then((r) => r.rows)));
    for (let round = 0; round < 2; round++) {
      expect(await Promise.all(calls.map(read))).to.deep.equal(expected);
    }
  });

  it('is prepared once for the whole embedded session, and prepared again once the session forgot it', async function () {
    if (db.kind === 'postgres') this.skip();
    const prepared = async () =>
      (
        await db.knex.raw<{ rows: { name: string }[] }>(
          "select name from pg_prepared_statements where name like 'test\\_named\\_read\\_%'",
        )
      ).rows.length;
    await read(['a', 1, 1, true, null, 1]);
    expect(await prepared()).to.equal(1);
    await db.knex.raw('deallocate all');
    expect(await read(['b', 2, 2, false, null, 1])).to.deep.equal([
      { texte: 'b', n: 2, d: '2', b: false, nul: null, v: 'un' },
    ]);
    expect(await prepared()).to.equal(1);
  });
});

// A database of its own with a pool of one connection, opened once the suite above has closed its own.
describe(`named statements on a one-connection pool (${targetDescription})`, () => {
  let one: Database;
  before(async () => {
    one = await freshDatabase({ poolMax: 1 });
    await one.knex.raw('create table named_t (id int primary key, v text)');
  });
  after(async () => {
    await one?.close();
  });

  it('is prepared once per connection on a server, and never named on the embedded database', async () => {
    await namedStatement(one.knex, 'test_named_t', 'select v from named_t where id = ?', [1]);
    const { rows } = await one.knex.raw<{ rows: { name: string }[] }>(
      "select name from pg_prepared_statements where name = 'test_named_t'",
    );
    expect(rows.map((r) => r.name)).to.deep.equal(one.kind === 'postgres' ? ['test_named_t'] : []);
  });
});

// DATABASE_URL set to the socket a running embedded database prints: two processes' pools, one session.
describe('named statements through the socket of an embedded database', () => {
  let host: EmbeddedHost;
  const pools: Knex[] = [];
  before(async () => {
    host = await startEmbeddedHost({ dataDir: 'memory://' });
    for (let i = 0; i < 2; i++) {
      const knex = knexFactory({ client: 'pg', connection: host.url, pool: { min: 0, max: 2 } });
      allowNamedStatements(knex); // what a PostgreSQL DATABASE_URL gets
      pools.push(knex);
    }
    await pools[0]!.raw('create table named_t (id int primary key, v text)');
    await pools[0]!.raw("insert into named_t values (1, 'un'), (2, 'deux')");
  });
  after(async () => {
    for (const knex of pools) await knex.destroy();
    await host?.stop();
  });

  it('answers from a second pool whose statement name the session already holds', async () => {
    const read = (knex: Knex, id: number) =>
      namedStatement<{ rows: { v: string }[] }>(knex, 'test_named_t', 'select v from named_t where id = ?', [
        id,
      ]).then((r) => r.rows[0]?.v);
    expect(await read(pools[0]!, 1)).to.equal('un');
    expect(await read(pools[1]!, 2)).to.equal('deux');
    expect(await Promise.all([read(pools[1]!, 1), read(pools[0]!, 2), read(pools[1]!, 2)])).to.deep.equal([
      'un',
      'deux',
      'deux',
    ]);
  });
});
