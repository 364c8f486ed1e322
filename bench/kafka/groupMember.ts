import { parseArgs } from 'node:util';
import { createKafka } from '../../ops/bus/kafka/kafkaClient.ts';
import { kafkaSettingsFrom } from '../../ops/bus/kafka/kafkaSettings.ts';
import { loadConfig } from '../../ops/config.ts';
import { createLogger } from '../../ops/logger.ts';
import { createBusProjector } from '../../projections/core/busProjector.ts';
import { openBenchDatabase } from '../core/openBenchDatabase.ts';
import { parseCount } from '../core/parseCount.ts';
import { appliedCount, benchProjection } from './benchProjection.ts';

/**
 * One member of the kafka bench's consumer group, in a process of its own (spawned by memberProcesses.ts):
 * the bus projector over the bench read model, in the bench schema of DATABASE_URL's server. Prints `joined`
 * once started, then `done <rows>` and exits when the read table holds every event, or when the parent
 * writes `stop` or closes its stdin.
 *
 *   node --import tsx bench/kafka/groupMember.ts --schema S --topic T --group G --events N
 */
const POLL_MS = 100;

const { values } = parseArgs({
  options: {
    schema: { type: 'string' },
    topic: { type: 'string' },
    group: { type: 'string' },
    events: { type: 'string' },
  },
  strict: true,
});
if (!values.schema || !values.topic || !values.group)
  throw new Error('--schema, --topic and --group are required');
const events = parseCount('events', values.events, 0, { zero: true });
const logger = createLogger(process.env.LOG_LEVEL ?? 'warn');
const settings = kafkaSettingsFrom(process.env);
const db = await openBenchDatabase(loadConfig(), logger, {
  reuseSchema: values.schema,
  keep: true,
  poolMax: 4,
});
const kafka = createKafka(settings, logger, `registres-bench-${process.pid}`);
const member = createBusProjector({
  knex: db.knex,
  kafka,
  topic: values.topic,
  groupId: values.group,
  projections: [benchProjection],
  logger,
});

let stopping = false;
const stopped = new Promise<void>((resolve) => {
  const stop = () => {
    stopping = true;
    resolve();
  };
  process.stdin.setEncoding('utf8');
  process.stdin.on('data', (chunk: string) => {
    if (chunk.split('\n').some((l) => l.trim() === 'stop')) stop();
  });
  process.stdin.on('end', stop);
  process.stdin.on('error', stop);
});

await member.start();
process.stdout.write('joined\n');
let rows = 0;
while (!stopping) {
  rows = await appliedCount(db.knex);
  if (rows >= events) break;
  await Promise.race([stopped, new Promise((r) => setTimeout(r, POLL_MS))]);
}
await member.stop();
await db.close();
process.stdout.write(`done ${rows}\n`);
process.exit(0);
