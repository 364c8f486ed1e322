import type { Knex } from 'knex';

/** Knex instances whose pooled connections are each a server session of their own. */
const sessionPerConnection = new WeakSet<Knex>();

/** SQLSTATE duplicate_prepared_statement: the name is already prepared in this session. */
const DUPLICATE_PREPARED_STATEMENT = '42P05';

/**
 * Marks a knex on a PostgreSQL server: each of its connections is a session, where a prepared statement's
 * name belongs to that connection alone. The embedded database serves every connection from one session,
 * where a second connection preparing the same name is refused (42P05), so it is never marked.
 */
export function allowNamedStatements(knex: Knex): void {
  sessionPerConnection.add(knex);
}

/** Whether each pooled connection of `knex` is a PostgreSQL server session of its own (not the embedded database). */
export function isServerSession(knex: Knex): boolean {
  return sessionPerConnection.has(knex);
}

/**
 * `sql` as a named prepared statement where names are per connection: each connection then parses and
 * plans it once instead of on every call. Unnamed elsewhere (the embedded database, a transaction).
 * One name, one text: pg refuses a name reused for another statement on the same connection.
 *
 * A server that refuses a name no connection of this pool prepared (42P05) shares one session between
 * connections: `DATABASE_URL` set to the socket of a running embedded database. The statement is sent
 * again unnamed (a refused prepare ran nothing), and this knex names nothing from then on.
 */
export async function namedStatement<TResult>(
  knex: Knex,
  name: string,
  sql: string,
  bindings: readonly Knex.RawBinding[],
): Promise<TResult> {
  if (!sessionPerConnection.has(knex)) return (await knex.raw(sql, bindings)) as TResult;
  try {
    return (await knex.raw(sql, bindings).options({ name })) as TResult;
  } catch (err) {
    if ((err as { code?: unknown }).code !== DUPLICATE_PREPARED_STATEMENT) throw err;
    sessionPerConnection.delete(knex);
    return (await knex.raw(sql, bindings)) as TResult;
  }
}
