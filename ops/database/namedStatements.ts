import { createHash } from 'node:crypto';
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

/** Knex instances over the embedded database this process hosts: every connection is one session. */
const embeddedSession = new WeakSet<Knex>();

/** SQLSTATE invalid_sql_statement_name: no statement of that name is prepared in this session. */
const UNKNOWN_PREPARED_STATEMENT = '26000';

/**
 * Marks a knex over the embedded database this process hosts (embeddedHost.ts): its connections share one
 * session, where {@link namedRead} prepares a statement once for all of them.
 */
export function allowSessionStatements(knex: Knex): void {
  embeddedSession.add(knex);
}

/** A value a {@link namedRead} binds: written into its statement on the embedded database. */
export type PlainValue = string | number | boolean | null;

/**
 * `namedStatement` for a read whose bindings are plain values, prepared on the embedded database too. There the
 * session is one: the statement is prepared once in it (`PREPARE`, under a name that holds a digest of its
 * text, so one name is one text whoever prepared it) and each call is one `EXECUTE` with the values written
 * in as literals. The embedded database otherwise parses and plans a statement on every call, and takes each
 * message of the extended protocol (parse, bind, describe, execute, sync) as a turn of its own: a capital
 * route's read of its notices cost about five times a trivial statement that way, and as much as one once
 * prepared (BENCHMARKS.md, fr-live). The rows are the same: each value goes in as the text `pg` would have
 * bound, read by the parameter type's input function.
 */
export async function namedRead<TResult>(
  knex: Knex,
  name: string,
  sql: string,
  bindings: readonly PlainValue[],
): Promise<TResult> {
  if (!embeddedSession.has(knex)) return namedStatement<TResult>(knex, name, sql, bindings);
  const prepared = await preparedIn(knex, name, sql, bindings);
  const execute = `execute ${prepared}(${bindings.map(literalOf).join(', ')})`;
  try {
    return (await knex.raw(execute)) as TResult;
  } catch (err) {
    if ((err as { code?: unknown }).code !== UNKNOWN_PREPARED_STATEMENT) throw err;
    // Deallocated behind our back (`DEALLOCATE ALL`, `DISCARD ALL`): prepared again, once.
    sessionStatements.get(knex)?.delete(sql);
    await preparedIn(knex, name, sql, bindings);
    return (await knex.raw(execute)) as TResult;
  }
}

/** The statements prepared in each embedded session, by text: their session name once prepared. */
const sessionStatements = new WeakMap<Knex, Map<string, Promise<string>>>();

function preparedIn(knex: Knex, name: string, sql: string, bindings: readonly PlainValue[]): Promise<string> {
  const statements = sessionStatements.get(knex) ?? new Map<string, Promise<string>>();
  sessionStatements.set(knex, statements);
  let prepared = statements.get(sql);
  if (!prepared) {
    // The text with `$n` placeholders, as knex would send it; its digest in the name.
    const native = knex
      .raw(sql, [...bindings])
      .toSQL()
      .toNative().sql;
    const sessionName = `${name}_${createHash('sha256').update(native).digest('hex').slice(0, 12)}`;
    prepared = knex.raw(`prepare ${sessionName} as ${native}`).then(
      () => sessionName,
      (err: { code?: unknown }) => {
        // Prepared already by another pool on the session (the same text: the name says so).
        if (err.code === DUPLICATE_PREPARED_STATEMENT) return sessionName;
        throw err;
      },
    );
    prepared.catch(() => statements.delete(sql));
    statements.set(sql, prepared);
  }
  return prepared;
}

/**
 * A value as an SQL literal of unknown type, its text the one `pg` binds (numbers and booleans written as
 * text too, so the parameter's type reads them as it would a bound value). An escape string, in which a
 * backslash is doubled and `?` written `\u003F`: knex reads every `?` of a statement as a placeholder.
 */
function literalOf(value: PlainValue): string {
  if (value === null) return 'null';
  const text = String(value).replaceAll('\\', '\\\\').replaceAll("'", "''").replaceAll('?', '\\u003F');
  return `E'${text}'`;
}
