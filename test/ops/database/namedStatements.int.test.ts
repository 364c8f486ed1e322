import { expect } from 'chai';
import knexFactory, { type Knex } from 'knex';
import { type EmbeddedHost, startEmbeddedHost } from '../../../ops/database/embeddedHost.ts';
import { allowNamedStatements, namedStatement } from '../../../ops/database/namedStatements.ts';
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
