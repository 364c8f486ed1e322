import { runSnapshotPass, type SnapshotRow } from '../../../../ingest/core/snapshotPass.ts';
import type { TestBed } from '../../../projections/core/testBed.ts';
import { testLogger } from '../../../support/database.ts';

/** A test file's rows: `[id, name]`, each the entity `thing` whose record is `{id, name}`. */
export type ThingRows = [string, string][];

/** The rows of a test file; with `failAfter`, the file ends early (an error) after that many rows. */
export async function* thingRows(list: ThingRows, failAfter?: number): AsyncGenerator<SnapshotRow> {
  let n = 0;
  for (const [id, name] of list) {
    if (failAfter !== undefined && n === failAfter) throw new Error('the file ended early (test)');
    n++;
    yield { kind: 'thing', id, record: { id, name } };
  }
}

/**
 * Runs snapshot passes of `register` on the bed, one per call: the version is also its date, and the file's
 * SHA-256 is made from it. `batchSize` defaults to `defaults.batchSize`, else the pass's own default.
 */
export function thingPasses(bed: () => TestBed, register: string, defaults: { batchSize?: number } = {}) {
  return (version: string, list: ThingRows, opts: { failAfter?: number; batchSize?: number } = {}) => {
    const batchSize = opts.batchSize ?? defaults.batchSize;
    return runSnapshotPass({
      knex: bed().knex,
      store: bed().store,
      logger: testLogger,
      register,
      version,
      snapshotDate: version,
      fileSha256: version.replaceAll('-', '').padEnd(64, '0'),
      rows: thingRows(list, opts.failAfter),
      ...(batchSize !== undefined ? { batchSize } : {}),
    });
  };
}
