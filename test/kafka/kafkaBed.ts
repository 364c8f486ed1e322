import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { type Kafka, Kafka as KafkaClient, logLevel } from 'kafkajs';
import type { Knex } from 'knex';
import { decodeRecord, type TopicRecord } from '../../ops/bus/kafka/eventRecords.ts';
import type { Database } from '../../ops/database/openDatabase.ts';
import { registresArgv } from '../support/serveProcess.ts';

/**
 * What the Kafka tests share (npm run test:kafka, never part of npm test): the broker of ops/kafka/kafka.sh
 * (`KAFKA_BROKERS`, default its single node), the command line in child processes, the topic read back.
 */
export const BROKERS = (process.env.KAFKA_BROKERS ?? '127.0.0.1:19092').split(',');

export function testKafka(): Kafka {
  return new KafkaClient({ clientId: 'registres-test', brokers: BROKERS, logLevel: logLevel.NOTHING });
}

export function uniqueName(prefix: string): string {
  return `${prefix}-${randomUUID().slice(0, 8)}`;
}

export interface CliProcess {
  child: ChildProcess;
  output(): string;
  /** Resolves with the first line for which `match` is true (lines printed before included). */
  line(match: (line: string) => boolean, timeoutMs?: number): Promise<string>;
  /** Calls `listener` with each line printed from now on; returns what stops the calls. */
  onLine(listener: (line: string) => void): () => void;
  exit: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  kill(signal: NodeJS.Signals): Promise<void>;
}

/** `registres <args>` in a child process. */
export function startCli(args: readonly string[], env: NodeJS.ProcessEnv): CliProcess {
  const child = spawn(process.execPath, registresArgv(args), {
    env: { ...process.env, LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  const watchers: { match: (line: string) => boolean; resolve: (line: string) => void }[] = [];
  const listeners = new Set<(line: string) => void>();
  let pending = '';
  const onData = (chunk: Buffer) => {
    out += String(chunk);
    pending += String(chunk);
    const lines = pending.split('\n');
    pending = lines.pop() ?? '';
    for (const line of lines) {
      for (const listener of [...listeners]) listener(line);
      for (const w of [...watchers]) {
        if (w.match(line)) {
          watchers.splice(watchers.indexOf(w), 1);
          w.resolve(line);
        }
      }
    }
  };
  child.stdout!.on('data', onData);
  child.stderr!.on('data', onData);
  const exit = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on('exit', (code, signal) => resolve({ code, signal })),
  );
  return {
    child,
    output: () => out,
    exit,
    onLine(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    line(match, timeoutMs = 90_000) {
      const seen = out.split('\n').find(match);
      if (seen !== undefined) return Promise.resolve(seen);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`no such line in time:\n${out.slice(-3000)}`)),
          timeoutMs,
        );
        watchers.push({
          match,
          resolve: (l) => {
            clearTimeout(timer);
            resolve(l);
          },
        });
        void exit.then(() => {
          clearTimeout(timer);
          reject(new Error(`exited before printing the line:\n${out.slice(-3000)}`));
        });
      });
    },
    async kill(signal) {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill(signal);
      await exit;
    },
  };
}

/** The pino line's fields, or null for a line that is not one. */
export function logFields(line: string): Record<string, unknown> | null {
  try {
    const v = JSON.parse(line) as unknown;
    return v && typeof v === 'object' ? (v as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

export interface ReadRecord {
  partition: number;
  offset: bigint;
  record: TopicRecord;
}

/** Every record of the topic, partition by partition in offset order. */
export async function readTopic(kafka: Kafka, topic: string, timeoutMs = 60_000): Promise<ReadRecord[]> {
  const admin = kafka.admin();
  await admin.connect();
  const offsets = await admin.fetchTopicOffsets(topic);
  await admin.disconnect();
  const want = new Map(offsets.map((o) => [o.partition, BigInt(o.high)]));
  const got: ReadRecord[] = [];
  const done = () =>
    [...want].every(([p, high]) => got.filter((r) => r.partition === p).length >= Number(high));
  const consumer = kafka.consumer({ groupId: uniqueName('registres-test-reader') });
  await consumer.connect();
  await consumer.subscribe({ topic, fromBeginning: true });
  try {
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('topic not read in time')), timeoutMs);
      if (done()) {
        clearTimeout(timer);
        resolve();
        return;
      }
      consumer
        .run({
          autoCommit: false,
          eachBatch: async ({ batch }) => {
            for (const m of batch.messages) {
              got.push({ partition: batch.partition, offset: BigInt(m.offset), record: decodeRecord(m) });
            }
            if (done()) {
              clearTimeout(timer);
              resolve();
            }
          },
        })
        .catch(reject);
    });
  } finally {
    await consumer.disconnect();
  }
  return got.sort((a, b) => a.partition - b.partition || Number(a.offset - b.offset));
}

/**
 * Something a condition reads may have changed: `wake` is called each time (a commit to a watched table, a
 * line printed by a child, an offset commit of a consumer group). Returns what stops the calls.
 */
export type Changes = (wake: () => void) => () => void;

/** Several sources of changes as one. */
export function anyOf(...sources: Changes[]): Changes {
  return (wake) => {
    const stops = sources.map((s) => s(wake));
    return () => {
      for (const stop of stops) stop();
    };
  };
}

/**
 * Waits until `check` holds: it runs once, then again after each change `changes` signals (never on a
 * timer). `check` returns true, or what it saw instead; after `timeoutMs` the wait fails with what it waited
 * for and the last thing `check` saw.
 */
export function waitFor(
  what: string,
  check: () => Promise<true | string>,
  changes: Changes,
  timeoutMs: number,
): Promise<void> {
  return new Promise((resolve, reject) => {
    let seen = 'not checked yet';
    let dirty = true;
    let running = false;
    let done = false;
    let stop = () => {};
    const finish = (error?: unknown) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      stop();
      if (error === undefined) resolve();
      else reject(error);
    };
    const timer = setTimeout(
      () => finish(new Error(`timed out after ${timeoutMs} ms waiting for ${what}; last seen: ${seen}`)),
      timeoutMs,
    );
    const run = async () => {
      if (running) return;
      running = true;
      try {
        while (dirty && !done) {
          dirty = false;
          const result = await check();
          if (result === true) return finish();
          seen = result;
        }
      } catch (error) {
        finish(error);
      } finally {
        running = false;
      }
    };
    stop = changes(() => {
      dirty = true;
      void run();
    });
    void run();
  });
}

const CHANGES_CHANNEL = 'registres_test_changes';

/**
 * The commits that write to `tables` of the test's own database: a statement trigger (installed here, in
 * the test's fresh schema only) notifies a channel the test listens on, whichever process wrote. Listened
 * to until the database is closed.
 */
export async function tableChanges(db: Database, tables: readonly string[]): Promise<Changes> {
  await db.knex.raw(`create or replace function registres_test_notify_change() returns trigger
    language plpgsql as $$ begin perform pg_notify('${CHANGES_CHANNEL}', tg_table_name); return null; end $$`);
  for (const table of tables) {
    await db.knex.raw(`drop trigger if exists registres_test_notify_change on ${table}`);
    await db.knex.raw(`create trigger registres_test_notify_change after insert or update or delete on ${table}
      for each statement execute function registres_test_notify_change()`);
  }
  const wakes = new Set<() => void>();
  await db.notifications.listen(CHANGES_CHANNEL, (table) => {
    // An empty payload: the connection was made again, anything may have changed meanwhile.
    if (table === '' || tables.includes(table)) for (const wake of wakes) wake();
  });
  return (wake) => {
    wakes.add(wake);
    return () => wakes.delete(wake);
  };
}

/**
 * The client, with the offset commits of the consumers it makes (a consumer group's offsets moving) as
 * changes: the consumers are the client's own, made as `kafka.consumer` makes them.
 */
export function withOffsetCommits(kafka: Kafka): { kafka: Kafka; commits: Changes } {
  const wakes = new Set<() => void>();
  const observed = Object.create(kafka) as Kafka;
  observed.consumer = (config) => {
    const consumer = kafka.consumer(config);
    consumer.on(consumer.events.COMMIT_OFFSETS, () => {
      for (const wake of wakes) wake();
    });
    return consumer;
  };
  return {
    kafka: observed,
    commits: (wake) => {
      wakes.add(wake);
      return () => wakes.delete(wake);
    },
  };
}

/** The lines the children print, as changes (what a child says it holds). */
export function outputOf(...children: CliProcess[]): Changes {
  return anyOf(
    ...children.map(
      (c): Changes =>
        (wake) =>
          c.onLine(wake),
    ),
  );
}

export async function relayPosition(knex: Knex, topic: string): Promise<bigint> {
  const { rows } = await knex.raw<{ rows: { position: string }[] }>(
    'select position from bus_relay_state where topic = ?',
    [topic],
  );
  return BigInt(rows[0]?.position ?? '0');
}
