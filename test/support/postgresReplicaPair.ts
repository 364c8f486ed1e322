import { execFile, execFileSync } from 'node:child_process';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';

const run = promisify(execFile);

/**
 * A PostgreSQL primary and its streaming replica, each a temporary server of its own on a loopback port, built
 * from the local installation's binaries: `initdb` a primary that accepts replication connections, then
 * `pg_basebackup -R` a hot standby from it. The servers on the machine are never touched.
 */
export interface PostgresReplicaPair {
  primaryUrl: string;
  replicaUrl: string;
  /** Resolves once the replica has replayed everything the primary had written when called. */
  caughtUp(): Promise<void>;
  /** Stops applying the primary's changes (`pg_wal_replay_pause`); the replica still answers reads. */
  pauseReplay(): Promise<void>;
  resumeReplay(): Promise<void>;
  /** Takes the replica away, as a crash would. */
  stopReplica(): Promise<void>;
  /** Stops both servers and deletes their files. */
  stop(): Promise<void>;
}

const TOOLS = ['initdb', 'pg_ctl', 'pg_basebackup', 'postgres'] as const;
/** Longest wait for the replica to reach a position or a state: far beyond what a few events take. */
const WAIT_MS = 30_000;
const POLL_MS = 25;
/** Marks written on the primary to know when the replica has replayed up to them (a schema of the pair's own). */
const MARKS = 'replica_pair.marks';

/** The directory holding the PostgreSQL server binaries, or why a pair cannot be built here. */
export function postgresBinaries(): { bindir: string } | { unavailable: string } {
  let bindir: string;
  try {
    bindir = execFileSync('pg_config', ['--bindir'], { encoding: 'utf8' }).trim();
  } catch {
    return { unavailable: 'pg_config is not installed: the PostgreSQL server binaries cannot be found' };
  }
  const missing = TOOLS.filter((tool) => !fs.existsSync(path.join(bindir, tool)));
  if (missing.length > 0) return { unavailable: `${missing.join(', ')} missing from ${bindir}` };
  if (isRoot()) {
    // PostgreSQL refuses to run as root: the servers run as the postgres user.
    try {
      execFileSync('id', ['-u', 'postgres'], { stdio: 'ignore' });
      execFileSync('runuser', ['--help'], { stdio: 'ignore' });
    } catch {
      return { unavailable: 'running as root without a postgres user and runuser to run the servers as' };
    }
  }
  return { bindir };
}

export async function startPostgresReplicaPair(): Promise<PostgresReplicaPair> {
  const found = postgresBinaries();
  if ('unavailable' in found) throw new Error(found.unavailable);
  const bin = (tool: (typeof TOOLS)[number]) => path.join(found.bindir, tool);
  const root = await fsp.mkdtemp(path.join(os.tmpdir(), 'registres-replica-'));
  if (isRoot()) {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }));
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }));
    await fsp.chown(root, uid, gid);
  }
  await fsp.chmod(root, 0o700);
  const primaryDir = path.join(root, 'primary');
  const replicaDir = path.join(root, 'replica');
  const asServerUser = (tool: (typeof TOOLS)[number], args: string[]) =>
    isRoot()
      ? run('runuser', ['-u', 'postgres', '--', bin(tool), ...args], { cwd: root })
      : run(bin(tool), args, { cwd: root });
  const started: string[] = [];
  const stopServer = async (dir: string) => {
    if (!started.includes(dir)) return;
    started.splice(started.indexOf(dir), 1);
    await asServerUser('pg_ctl', ['-D', dir, '-m', 'immediate', '-w', 'stop']);
  };
  const startServer = async (dir: string, log: string) => {
    try {
      await asServerUser('pg_ctl', ['-D', dir, '-l', path.join(root, log), '-w', '-t', '60', 'start']);
    } catch (err) {
      const tail = await fsp.readFile(path.join(root, log), 'utf8').catch(() => '');
      throw new Error(`${log}: the server did not start: ${(err as Error).message}\n${tail.slice(-2000)}`);
    }
    started.push(dir);
  };
  const cleanUp = async () => {
    for (const dir of [...started].reverse()) await stopServer(dir).catch(() => {});
    await fsp.rm(root, { recursive: true, force: true });
  };

  try {
    const [primaryPort, replicaPort] = [await freePort(), await freePort()];
    await asServerUser('initdb', [
      '-D',
      primaryDir,
      '-U',
      'postgres',
      '--auth=trust',
      '--no-sync',
      '--no-locale',
      '-E',
      'UTF8',
    ]);
    await writeAsServerFile(
      path.join(primaryDir, 'pg_hba.conf'),
      [
        'local all all trust',
        'host all all 127.0.0.1/32 trust',
        'host replication all 127.0.0.1/32 trust',
        '',
      ].join('\n'),
    );
    await fsp.appendFile(
      path.join(primaryDir, 'postgresql.conf'),
      [
        '',
        "listen_addresses = '127.0.0.1'",
        `port = ${primaryPort}`,
        `unix_socket_directories = '${root}'`,
        'wal_level = replica',
        'max_wal_senders = 4',
        // A throwaway server: durability is not what the test is about.
        'fsync = off',
        '',
      ].join('\n'),
    );
    await startServer(primaryDir, 'primary.log');
    const primaryUrl = `postgres://postgres@127.0.0.1:${primaryPort}/postgres`;
    await query(primaryUrl, `create schema replica_pair; create table ${MARKS} (n bigserial primary key)`);
    await asServerUser('pg_basebackup', [
      ...['-h', '127.0.0.1', '-p', String(primaryPort), '-U', 'postgres', '-D', replicaDir],
      ...['-R', '-X', 'stream', '--checkpoint=fast', '--no-sync'],
    ]);
    // The copied configuration is the primary's: the last setting wins.
    await fsp.appendFile(
      path.join(replicaDir, 'postgresql.conf'),
      `\nport = ${replicaPort}\nhot_standby = on\n`,
    );
    await startServer(replicaDir, 'replica.log');
    const replicaUrl = `postgres://postgres@127.0.0.1:${replicaPort}/postgres`;
    return {
      primaryUrl,
      replicaUrl,
      async caughtUp() {
        // A mark committed synchronously flushes the WAL before it, commits made with synchronous_commit off
        // included (the projections' batches): once the replica shows the mark, it has replayed all of it.
        const [mark] = await query<{ n: string }>(
          primaryUrl,
          `insert into ${MARKS} default values returning n`,
        );
        await waitFor(replicaUrl, `select exists (select 1 from ${MARKS} where n = $1) as done`, [mark?.n]);
      },
      async pauseReplay() {
        await query(replicaUrl, 'select pg_wal_replay_pause()');
        // Once requested, no further record is applied: replay checks before each one.
        await waitFor(replicaUrl, "select pg_get_wal_replay_pause_state() <> 'not paused' as done");
      },
      async resumeReplay() {
        await query(replicaUrl, 'select pg_wal_replay_resume()');
      },
      stopReplica: () => stopServer(replicaDir),
      stop: cleanUp,
    };
  } catch (err) {
    await cleanUp();
    throw err;
  }
}

function isRoot(): boolean {
  return process.getuid?.() === 0;
}

/** Rewrites a file the server user owns, keeping its owner. */
async function writeAsServerFile(file: string, text: string): Promise<void> {
  const { uid, gid } = await fsp.stat(file);
  await fsp.writeFile(file, text);
  await fsp.chown(file, uid, gid);
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

async function query<T>(url: string, sql: string, values: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(sql, values)).rows as T[];
  } finally {
    await client.end();
  }
}

/** Polls `sql` (one row, a boolean `done`) until it is true. */
async function waitFor(url: string, sql: string, values: unknown[] = []): Promise<void> {
  const deadline = Date.now() + WAIT_MS;
  while (Date.now() < deadline) {
    const [row] = await query<{ done: boolean }>(url, sql, values);
    if (row?.done) return;
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
  throw new Error(`the replica did not reach the state asked within ${WAIT_MS} ms: ${sql}`);
}
