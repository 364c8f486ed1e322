import { readFileSync, writeFileSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { ingestLvUr } from '../../../ingest/lv-ur/ingestLvUr.ts';
import { targetDescription, testLogger } from '../../support/database.ts';
import { getJson, ingestEurope, LV_UR_DEMO_FILES, startEuropeService } from '../../support/europeService.ts';
import type { RunningService } from '../../support/service.ts';

describe(`Latvian statut derived from the legal events (e2e, ${targetDescription})`, () => {
  let t: RunningService;
  let dir: string;
  before(async () => {
    t = await startEuropeService(new Date('2026-11-20T10:00:00Z'));
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'lv-statut-'));
    await ingestEurope(t, '2026-11-18', ['LV']);
  });
  after(async () => {
    await t.stop();
    await fs.rm(dir, { recursive: true, force: true });
  });
  const statut = async (id: string) => {
    const { body } = await getJson(`${t.baseUrl}/v1/eu/entreprise/LV/${id}`);
    return [body.statut, body.statut_detail];
  };

  it('a company absorbed by a registered reorganisation is en_cessation, with the reorganisation’s label', async () => {
    expect(await statut('40003900006')).to.deep.equal(['en_cessation', 'Apvienošana pievienojot']);
  });

  it('the absorbing company stays actif', async () => {
    expect(await statut('40003900001')).to.deep.equal(['actif', null]);
  });

  it('an insolvency proceeding not ended makes it en_cessation; an ended legal protection (TAP) does not', async () => {
    expect(await statut('40003900007')).to.deep.equal(['en_cessation', 'INSOLVENCY']);
    const { body } = await getJson(`${t.baseUrl}/v1/eu/entreprise/LV/40003900007/insolvabilite`);
    expect(body).to.include({ procedure_en_cours: true, nombre_procedures: 1 });
  });

  it('a suspended economic activity is en_cessation with the suspension’s label', async () => {
    expect(await statut('40103900002')).to.deep.equal(['en_cessation', 'Saimnieciskās darbības apturēšana']);
  });

  it('a struck-off company stays radie, with its liquidation’s label verbatim as the detail', async () => {
    expect(await statut('40003900003')).to.deep.equal(['radie', 'Likvidācija pēc dalībnieku lēmuma']);
  });

  it('the search shows the same statut', async () => {
    const { body } = await getJson(`${t.baseUrl}/v1/eu/recherche?q=40003900006&pays=LV`);
    expect(body.resultats[0]).to.include({ id_national: '40003900006', statut: 'en_cessation' });
  });

  it('when the next pass no longer lists the suspension, the company is actif again', async () => {
    const header = readFileSync(LV_UR_DEMO_FILES.suspensions_prohibitions, 'utf8').split('\n')[0];
    const other = path.join(dir, 'suspensions_prohibitions.csv');
    // Another company's suspension keeps the file non-empty.
    writeFileSync(
      other,
      `${header}\n9500002;40008900005;PROHIBITION;Aizliegums;aizliegums reģistrēt izmaiņas;2026-11-10\n`,
    );
    await ingestLvUr({
      knex: t.db.knex,
      store: t.service.store,
      logger: testLogger,
      files: { ...LV_UR_DEMO_FILES, suspensions_prohibitions: other },
      snapshotDate: '2026-11-19',
    });
    await t.service.runner.caughtUp();
    expect(await statut('40103900002')).to.deep.equal(['actif', null]);
    // A prohibition is not a cessation.
    expect(await statut('40008900005')).to.deep.equal(['actif', null]);
  });
});
