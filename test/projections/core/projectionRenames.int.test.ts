import { expect } from 'chai';
import { runMigrations } from '../../../ops/database/migrations.ts';
import type { Database } from '../../../ops/database/openDatabase.ts';
import { projectionMigrationsFor } from '../../../projections/core/schema.ts';
import { freshDatabase, targetDescription } from '../../support/database.ts';

describe(`projections renamed after their register on ${targetDescription}`, () => {
  let db: Database;
  before(async () => {
    db = await freshDatabase();
  });
  after(() => db.close());

  it('a deployment that projected eu-lv keeps its checkpoint and snapshot state under lv-ur', async () => {
    const core = projectionMigrationsFor([]);
    const rename = core.findIndex((m) => m.name === '0102_projection_register_names');
    expect(rename).to.be.greaterThan(0);
    // The schema as it was before the rename, holding the state of a projection still called eu-lv.
    await runMigrations(db.knex, core.slice(0, rename));
    await db.knex.raw(`insert into projection_state (name, position) values ('eu-lv', 42), ('accounts', 7)`);
    await db.knex.raw(
      `insert into projection_snapshots (projection, register, version) values ('eu-lv', 'lv.ur', '2026-11-20')`,
    );
    await runMigrations(db.knex, core);
    const states = await db.knex('projection_state').select('name', 'position').orderBy('name');
    expect(states.map((s) => [s.name, Number(s.position)])).to.deep.equal([
      ['accounts', 7],
      ['lv-ur', 42],
    ]);
    const snapshots = await db.knex('projection_snapshots').select('projection', 'register', 'version');
    expect(snapshots).to.deep.equal([{ projection: 'lv-ur', register: 'lv.ur', version: '2026-11-20' }]);
  });
});
