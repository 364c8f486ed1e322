import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { type Kafka, Kafka as KafkaClient, logLevel } from 'kafkajs';
import type { Knex } from 'knex';
import { decodeRecord, type TopicRecord } from '../../ops/bus/kafka/eventRecords.ts';
import { REGISTRES_BIN } from '../support/serveProcess.ts';

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
  exit: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  kill(signal: NodeJS.Signals): Promise<void>;
}

/** `registres <args>` in a child process. */
export function startCli(args: readonly string[], env: NodeJS.ProcessEnv): CliProcess {
  const child = spawn(process.execPath, [REGISTRES_BIN, ...args], {
    env: { ...process.env, LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  const watchers: { match: (line: string) => boolean; resolve: (line: string) => void }[] = [];
  let pending = '';
  const onData = (chunk: Buffer) => {
    out += String(chunk);
    pending += String(chunk);
    const lines = pending.split('\n');
    pending = lines.pop() ?? '';
    for (const line of lines) {
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

/** Polls until `check` is true. */
export async function until(check: () => Promise<boolean>, timeoutMs: number, what: string): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

export async function relayPosition(knex: Knex, topic: string): Promise<bigint> {
  const { rows } = await knex.raw<{ rows: { position: string }[] }>(
    'select position from bus_relay_state where topic = ?',
    [topic],
  );
  return BigInt(rows[0]?.position ?? '0');
}
