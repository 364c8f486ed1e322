import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const MEMBER_SCRIPT = fileURLToPath(new URL('./groupMember.ts', import.meta.url));

export interface MemberProcesses {
  /** How many processes were started. */
  count: number;
  /** Resolves once every member has started its consumer (printed `joined`); rejects if one exits first. */
  joined: Promise<void>;
  /** Resolves once every member has exited with 0; rejects with the output of the first that did not. */
  exited: Promise<void>;
  /** Asks every member still running to stop (they leave the group and exit). */
  stop(): void;
  /** Ends every member still running at once (SIGKILL), after a failure. */
  kill(): void;
}

/**
 * The kafka bench's consumer group as `count` node processes running bench/kafka/groupMember.ts through
 * tsx, as `serve --role projector --bus kafka` runs on separate machines: each has its own event loop,
 * kafkajs client and connection pool, and each applies what its partitions carry.
 */
export function startMemberProcesses(opts: {
  count: number;
  databaseUrl: string;
  brokers: readonly string[];
  schema: string;
  topic: string;
  group: string;
  events: number;
}): MemberProcesses {
  const children = Array.from({ length: opts.count }, () => startMember(opts));
  const joined = Promise.all(children.map((c) => c.joined)).then(() => undefined);
  const exited = Promise.all(children.map((c) => c.exited)).then(() => undefined);
  // Whichever the caller awaits first, a failure of the other is not an unhandled rejection.
  joined.catch(() => {});
  exited.catch(() => {});
  return {
    count: opts.count,
    joined,
    exited,
    stop() {
      for (const c of children) if (c.child.exitCode === null) c.child.stdin!.end('stop\n');
    },
    kill() {
      for (const c of children) if (c.child.exitCode === null) c.child.kill('SIGKILL');
    },
  };
}

function startMember(opts: Parameters<typeof startMemberProcesses>[0]): {
  child: ChildProcess;
  joined: Promise<void>;
  exited: Promise<void>;
} {
  const args = [
    '--schema',
    opts.schema,
    '--topic',
    opts.topic,
    '--group',
    opts.group,
    '--events',
    String(opts.events),
  ];
  const child = spawn(process.execPath, ['--import', 'tsx', MEMBER_SCRIPT, ...args], {
    cwd: ROOT,
    env: {
      ...process.env,
      DATABASE_URL: opts.databaseUrl,
      KAFKA_BROKERS: opts.brokers.join(','),
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
    },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let output = '';
  let onJoined: () => void = () => {};
  const joinedLine = new Promise<void>((resolve) => {
    onJoined = resolve;
  });
  child.stdout!.setEncoding('utf8');
  child.stderr!.setEncoding('utf8');
  child.stdout!.on('data', (d: string) => {
    output += d;
    if (/^joined$/m.test(output)) onJoined();
  });
  child.stderr!.on('data', (d: string) => {
    output += d;
  });
  // A parent gone (or its pipe closed) reads as `stop` on the child's side.
  child.stdin!.on('error', () => {});
  const exited = once(child, 'exit').then(([code, signal]) => {
    if (code !== 0) {
      throw new Error(`group member ${child.pid} exited with ${code ?? signal}:\n${output.slice(-3000)}`);
    }
  });
  const joined = Promise.race([
    joinedLine,
    exited.then(() => {
      if (!/^joined$/m.test(output)) throw new Error(`group member ${child.pid} exited before joining`);
    }),
  ]);
  return { child, joined, exited };
}
