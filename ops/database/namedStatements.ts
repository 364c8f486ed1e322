import type { Knex } from 'knex';

/** Knex instances whose pooled connections are each a server session of their own. */
const sessionPerConnection = new WeakSet<Knex>();

/**
 * Marks a knex on a PostgreSQL server: each of its connections is a session, where a prepared statement's
 * name belongs to that connection alone. The embedded database serves every connection from one session,
 * where a second connection preparing the same name is refused (42P05), so it is never marked.
 */
export function allowNamedStatements(knex: Knex): void {
  sessionPerConnection.add(knex);
}

/**
 * `sql` as a named prepared statement where names are per connection: each connection then parses and
 * plans it once instead of on every call. Unnamed elsewhere (the embedded database, a transaction).
 * One name, one text: pg refuses a name reused for another statement on the same connection.
 */
export function namedStatement<TResult>(
  knex: Knex,
  name: string,
  sql: string,
  bindings: readonly Knex.RawBinding[],
): Knex.Raw<TResult> {
  const raw = knex.raw<TResult>(sql, bindings);
  return sessionPerConnection.has(knex) ? raw.options({ name }) : raw;
}
