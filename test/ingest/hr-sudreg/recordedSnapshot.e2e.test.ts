import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { runIngestCommand } from '../../../app/cli/ingestCommand.ts';
import { hrSudregIngestSpec } from '../../../ingest/hr-sudreg/hrSudregCommand.ts';
import { recordSudreg, type SudregRecording } from '../../../ingest/hr-sudreg/recordSudreg.ts';
import { createSudregClient } from '../../../ingest/hr-sudreg/sudregClient.ts';
import type { CliContext } from '../../../ops/commandContext.ts';
import { loadConfig } from '../../../ops/config.ts';
import { targetDescription } from '../../support/database.ts';
import { getJson, startEuropeService } from '../../support/europeService.ts';
import { PRIMJER_REGISTRE_HR } from '../../support/hrSudregFixtures.ts';
import type { RunningService } from '../../support/service.ts';
import {
  CLIENT_ID,
  CLIENT_SECRET,
  capturingLogger,
  type SudregReplay,
  startSudregReplay,
} from './sudregReplay.ts';

/** The sole trader of the fixtures: its name, street and e-mail. */
const SOLE_TRADER = ['Horvatinović', 'Ilica', 'ivan.horvatinovic'];

describe(`Croatia Sudski registar: recorded, then ingested, then served (e2e, ${targetDescription})`, () => {
  let t: RunningService;
  let replay: SudregReplay;
  let out: string;
  let recording: SudregRecording;
  const printed: string[] = [];

  before(async () => {
    out = mkdtempSync(path.join(os.tmpdir(), 'sudreg-recorded-'));
    replay = await startSudregReplay();
    const { logger } = capturingLogger();
    const client = createSudregClient({
      root: replay.root,
      tier: 'drzavna_tijela',
      clientId: CLIENT_ID,
      clientSecret: CLIENT_SECRET,
      logger,
      perMinute: 6_000_000,
      sleep: async () => {},
    });
    recording = await recordSudreg({ client, out, tier: 'drzavna_tijela', pageSize: 2, logger });
    t = await startEuropeService(new Date('2026-11-20T10:00:00Z'));
    // The command recording.json names, run as `registres ingest` runs it.
    const ctx: CliContext = {
      config: loadConfig({}),
      logger,
      out: (line) => printed.push(line),
      withDatabase: (fn) => fn(t.db, t.service.store),
    };
    const argv = recording.ingest.split(' ').slice(3);
    expect(await runIngestCommand('hr-sudreg', hrSudregIngestSpec, argv, ctx)).to.equal(0);
    await t.service.runner.caughtUp();
  });
  after(async () => {
    await t?.stop();
    await replay?.server.close();
    rmSync(out, { recursive: true, force: true });
  });

  it('the ingest command recording.json names reads every recorded file', () => {
    expect(printed.join('\n')).to.match(/^hr\.sudreg 2026-11-18: \d+ rows/);
    expect(Object.keys(recording.files).sort()).to.deep.equal([
      'detalji',
      'grupe-vrsta-upisa',
      'ostali-tekstovi',
      'postupci',
      'sudovi',
      'upisi',
      'upisi-vrste-upisa',
      'vrste-upisa',
      'zabiljezbe',
    ]);
  });

  it('the profile of a company recorded from the list endpoints, dated by the snapshot', async () => {
    const { res, body } = await getJson(`${t.baseUrl}/v1/eu/entreprise/HR/28921383001`);
    expect(res.status).to.equal(200);
    expect(body).to.deep.include({
      pays: 'HR',
      id_national: '28921383001',
      denomination: 'Primjer Energija dioničko društvo za proizvodnju',
      forme_juridique: { code: 'd.d.', libelle: 'dioničko društvo' },
      statut: 'actif',
      date_creation: '1990-12-28',
      adresse_siege: {
        adresse: 'Ulica grada Vukovara 37',
        code_postal: '10000',
        ville: 'Zagreb',
        pays: 'HR',
      },
    });
    expect(body.registre_hr).to.deep.equal(PRIMJER_REGISTRE_HR);
  });

  it('procedures, a deleted subject, an OIB that lost its leading zero', async () => {
    const profile = async (id: string) => (await getJson(`${t.baseUrl}/v1/eu/entreprise/HR/${id}`)).body;
    expect(await profile('55123456788')).to.include({
      statut: 'en_cessation',
      statut_detail: 'stečajni postupak',
    });
    expect(await profile('73123456783')).to.include({ statut: 'en_cessation', statut_detail: 'likvidacija' });
    expect(await profile('88123456786')).to.include({ statut: 'radie' });
    expect(await profile('04123456786')).to.include({
      denomination: 'Jadranska plovidba društvo s ograničenom odgovornošću',
    });
  });

  it('the filed statements and the court-register entries recorded from the state-bodies tier are served', async () => {
    const comptes = await getJson(`${t.baseUrl}/v1/eu/entreprise/HR/28921383001/comptes`);
    expect(comptes.res.status).to.equal(200);
    expect(JSON.stringify(comptes.body)).to.contain('2024');
    const events = await getJson(`${t.baseUrl}/v1/eu/entreprise/HR/28921383001/evenements`);
    expect(events.res.status).to.equal(200);
    expect(events.body).to.deep.include({ mbs: '080000604', nombre_inscriptions: 6 });
  });

  it('the sole trader recorded is never served nor named', async () => {
    const answers: string[] = [];
    for (const p of ['33123456785', '33123456785/comptes', '33123456785/evenements', '080777666']) {
      const { res, body, text } = await getJson(`${t.baseUrl}/v1/eu/entreprise/HR/${p}`);
      expect([res.status, body.error], p).to.deep.equal([404, 'entreprise_individuelle_non_servie']);
      answers.push(text);
    }
    answers.push(
      (await getJson(`${t.baseUrl}/v1/eu/recherche?q=${encodeURIComponent('Horvatinović')}`)).text,
    );
    for (const s of SOLE_TRADER) expect(answers.join('\n')).not.to.contain(s);
  });
});
