import pg from 'pg';
import { quoteIdent } from '../../ops/database/notifications.ts';

/**
 * Loaded first by `require` in .mocharc.cjs. In a parallel worker (mocha sets MOCHA_WORKER_ID) of a run on a
 * PostgreSQL server, the worker gets a database of its own, `<database>_w<id>`, created if need be: suites
 * reset their database's schema and copy templates under its name, so two workers on one database would drop
 * each other's tables. The templates stay named after the run's database (TEST_TEMPLATES_DATABASE), built
 * once by the run's global setup and copied by every worker.
 *
 * Embedded, each worker already has its own PGlite in its own memory: nothing to do.
 */
const worker = process.env.MOCHA_WORKER_ID;
const url = process.env.DATABASE_URL;
if (worker !== undefined && url && !process.env.TEST_TEMPLATES_DATABASE) {
  const own = new URL(url);
  const database = decodeURIComponent(own.pathname.replace(/^\//, ''));
  if (!database) throw new Error('DATABASE_URL names no database: the workers name theirs after it');
  const name = `${database}_w${worker}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    const { rowCount } = await admin.query('select 1 from pg_database where datname = $1', [name]);
    if (!rowCount) {
      await admin.query(`create database ${quoteIdent(name)}`).catch((err: { code?: string }) => {
        // 42P04: created meanwhile by a worker of another run of the same checkout.
        if (err.code !== '42P04') throw err;
      });
    }
  } finally {
    await admin.end();
  }
  own.pathname = `/${encodeURIComponent(name)}`;
  process.env.TEST_TEMPLATES_DATABASE = database;
  process.env.DATABASE_URL = own.toString();
}
