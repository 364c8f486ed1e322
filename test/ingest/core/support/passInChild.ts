/**
 * A pass run in a child process of the crash tests (bundled by test/support/bundledChild.ts, then
 * `node passInChild-<pid>.mjs <json>`): it reaches the parent's database by URL and kills itself at the
 * boundary `REGISTRES_CRASH_AT` names (see crashPoint).
 */
import { runNoticePass } from '../../../../ingest/core/noticePass.ts';
import { runSnapshotPass } from '../../../../ingest/core/snapshotPass.ts';
import { runUpdatesPass } from '../../../../ingest/core/updatesPass.ts';
import { createPollingNotificationSource } from '../../../../ops/database/notifications.ts';
import { createKnex } from '../../../../ops/database/openDatabase.ts';
import { createPostgresEventStore } from '../../../../ops/eventstore/postgres/index.ts';
import { createLogger } from '../../../../ops/logger.ts';
import { type ChildPass, passOptions } from './crashPasses.ts';

const job = JSON.parse(process.argv[2] ?? '{}') as ChildPass & { url: string };
const knex = createKnex(job.url, 2);
const notifications = createPollingNotificationSource(1000);
const logger = createLogger('silent');
const store = createPostgresEventStore({ knex, notifications, logger });
try {
  const deps = { knex, store, logger };
  if (job.kind === 'snapshot') await runSnapshotPass(passOptions.snapshot(deps, job));
  else if (job.kind === 'blocks') await runSnapshotPass(passOptions.blocks(deps, job));
  else if (job.kind === 'notice') await runNoticePass(passOptions.notice(deps, job));
  else await runUpdatesPass(passOptions.updates(deps, job));
} finally {
  await notifications.close();
  await knex.destroy();
}
