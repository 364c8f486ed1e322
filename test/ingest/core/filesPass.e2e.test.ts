import { readFileSync, writeFileSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { ingestLvUr } from '../../../ingest/lv-ur/ingestLvUr.ts';
import { SNAPSHOT_COMPLETED, snapshotStreamId } from '../../../schemas/events/snapshotEvents.ts';
import { targetDescription, testLogger } from '../../support/database.ts';
import { getJson, LV_UR_DEMO_FILES, startEuropeService } from '../../support/europeService.ts';
import type { RunningService } from '../../support/service.ts';

describe(`A pass over several files guards what it publishes (${targetDescription})`, () => {
  let t: RunningService;
  let dir: string;
  const write = (name: string, text: string) => {
    const file = path.join(dir, name);
    writeFileSync(file, text);
    return file;
  };
  const register = readFileSync(LV_UR_DEMO_FILES.register, 'utf8');
  const pass = (files: Parameters<typeof ingestLvUr>[0]['files'], date: string) =>
    ingestLvUr({ knex: t.db.knex, store: t.service.store, logger: testLogger, files, snapshotDate: date });

  before(async () => {
    t = await startEuropeService(new Date('2026-11-20T10:00:00Z'));
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'eu-files-'));
  });
  after(async () => {
    await t.stop();
    await fs.rm(dir, { recursive: true, force: true });
  });

  it('a file whose key column was renamed is refused and nothing is published', async () => {
    const renamed = write('register.csv', register.replace(/^regcode;/, 'registration_code;'));
    let error: Error | null = null;
    await pass({ register: renamed }, '2026-11-17').catch((e: Error) => {
      error = e;
    });
    expect(String(error)).to.contain('required column(s) missing from the header: regcode');
    await t.service.runner.caughtUp();
    const { res, body } = await getJson(`${t.baseUrl}/v1/eu/entreprise/LV/40003900001`);
    expect([res.status, body.error]).to.deep.equal([503, 'collecte_en_cours']);
  });

  it('an unknown column is reported in SnapshotCompleted and the pass is published', async () => {
    const lines = register.trimEnd().split('\n');
    const extra = write(
      'register.csv',
      `${[`${lines[0]};new_column`, ...lines.slice(1).map((l) => `${l};x`)].join('\n')}\n`,
    );
    const done = await pass({ register: extra, members: LV_UR_DEMO_FILES.members }, '2026-11-18');
    expect(done.report?.colonnes_inconnues).to.deep.equal({ register: ['new_column'] });
    const events = await t.service.store.readStream(snapshotStreamId('lv.ur'));
    const completed = events.filter((e) => e.type === SNAPSHOT_COMPLETED);
    expect(completed).to.have.length(1);
    await t.service.runner.caughtUp();
    expect((await getJson(`${t.baseUrl}/v1/eu/entreprise/LV/40003900001`)).res.status).to.equal(200);
  });

  it('a file with a header and no row is refused: the members already published stay served', async () => {
    const header = readFileSync(LV_UR_DEMO_FILES.members, 'utf8').split('\n')[0];
    const empty = write('members.csv', `${header}\n`);
    let error: Error | null = null;
    await pass({ register: LV_UR_DEMO_FILES.register, members: empty }, '2026-11-19').catch((e: Error) => {
      error = e;
    });
    expect(String(error)).to.contain('holds no row; pass refused');
    await t.service.runner.caughtUp();
    const { body } = await getJson(`${t.baseUrl}/v1/eu/entreprise/LV/40003900001/associes`);
    expect(body).to.include({ nombre_associes: 2, photo_le: '2026-11-18' });
  });
});
