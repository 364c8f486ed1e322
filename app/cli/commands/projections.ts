import type { CliCommand } from '../../../ops/commandContext.ts';
import type { Database } from '../../../ops/database/openDatabase.ts';
import type { EventStore } from '../../../ops/eventstore/port.ts';
import type { Logger } from '../../../ops/logger.ts';
import { createProjectionRunner } from '../../../projections/core/projectionRunner.ts';
import { tableChecksum } from '../../../projections/core/tableChecksum.ts';
import { PROJECTIONS } from '../../readSide.ts';

const KNOWN = PROJECTIONS.map((p) => p.name).join(', ') || '(none yet)';

/** Every projection of the service over the database and log a command opened. */
const runnerOver = (db: Database, store: EventStore, logger: Logger) =>
  createProjectionRunner({ knex: db.knex, eventStore: store, logger, projections: [...PROJECTIONS] });

/** `project [name]`: applies the log up to its current head, then prints each projection's position. */
export const projectCommand: CliCommand = async (argv, ctx) => {
  const name = argv[0];
  if (name && !PROJECTIONS.some((p) => p.name === name)) {
    ctx.out(`Unknown projection "${name}". Known: ${KNOWN}`);
    return 2;
  }
  return ctx.withDatabase(async (db, store) => {
    const runner = runnerOver(db, store, ctx.logger);
    await runner.catchUp(name);
    for (const s of await runner.status())
      ctx.out(`${s.name}: position ${s.position} / head ${s.head} (lag ${s.lag})`);
    return 0;
  });
};

/** `rebuild <name>`: truncates the projection's tables and replays the log; prints checksums before and after. */
export const rebuildCommand: CliCommand = async (argv, ctx) => {
  const name = argv[0];
  const projection = PROJECTIONS.find((p) => p.name === name);
  if (!projection) {
    ctx.out(`Usage: registres rebuild <projection>. Known: ${KNOWN}`);
    return 2;
  }
  return ctx.withDatabase(async (db, store) => {
    const runner = runnerOver(db, store, ctx.logger);
    const before = await Promise.all(projection.tables.map((t) => tableChecksum(db.knex, t)));
    await runner.rebuild(projection.name);
    await runner.stop();
    const after = await Promise.all(projection.tables.map((t) => tableChecksum(db.knex, t)));
    let same = true;
    projection.tables.forEach((t, i) => {
      const equal = before[i] === after[i];
      same &&= equal;
      ctx.out(`${t}: before ${before[i]} after ${after[i]} ${equal ? 'identical' : 'DIFFERENT'}`);
    });
    return same ? 0 : 1;
  });
};
