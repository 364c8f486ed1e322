import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import FakeTimers from '@sinonjs/fake-timers';
import { expect } from 'chai';
import { runIngestCommand } from '../../../app/cli/ingestCommand.ts';
import { hrSudregRecordSpec } from '../../../ingest/hr-sudreg/hrSudregRecordCommand.ts';
import { recordSudreg, type SudregRecording } from '../../../ingest/hr-sudreg/recordSudreg.ts';
import { createSudregClient, SudregError, type SudregTier } from '../../../ingest/hr-sudreg/sudregClient.ts';
import type { CliContext } from '../../../ops/commandContext.ts';
import { loadConfig } from '../../../ops/config.ts';
import { HR_ENTRY_ROLES } from '../../../schemas/events/hrSudregEntries.ts';
import {
  ACCESS_TOKEN,
  CLIENT_ID,
  CLIENT_SECRET,
  capturingLogger,
  replayTables,
  SNAPSHOT_ID,
  type SudregReplay,
  type SudregReplayFaults,
  startSudregReplay,
} from './sudregReplay.ts';

type Row = Record<string, unknown>;
const readJson = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as unknown;

/** A recording against the replay, paced by a clock that only moves when the recorder waits. */
async function record(
  replay: SudregReplay,
  out: string,
  opts: { tier?: SudregTier; pageSize?: number; snapshotId?: number; perMinute?: number } = {},
) {
  const { logger, lines } = capturingLogger();
  const slept: number[] = [];
  const client = createSudregClient({
    root: replay.root,
    tier: opts.tier ?? 'javni',
    clientId: CLIENT_ID,
    clientSecret: CLIENT_SECRET,
    logger,
    // A pace far above the register's: this suite is about what is recorded (the pace has its own test).
    perMinute: opts.perMinute ?? 6_000_000,
    retryDelayMs: 1,
    sleep: async (ms) => {
      slept.push(ms);
    },
  });
  const run = recordSudreg({
    client,
    out,
    tier: opts.tier ?? 'javni',
    pageSize: opts.pageSize ?? 2,
    logger,
    ...(opts.snapshotId ? { snapshotId: opts.snapshotId } : {}),
  });
  return { run, lines, slept };
}

describe('Croatia Sudski registar recorder (replayed API, no network)', () => {
  let out: string;
  let replay: SudregReplay;
  const start = async (faults: SudregReplayFaults = {}) => {
    replay = await startSudregReplay(faults);
    return replay;
  };
  beforeEach(() => {
    out = mkdtempSync(path.join(os.tmpdir(), 'sudreg-record-'));
  });
  afterEach(async () => {
    await replay?.server.close();
    rmSync(out, { recursive: true, force: true });
  });

  describe('a javni recording of the newest snapshot, 2 rows a page', () => {
    let recording: SudregRecording;
    let detalji: Row[];
    let lines: string[];
    beforeEach(async () => {
      await start();
      const r = await record(replay, out);
      recording = await r.run;
      lines = r.lines;
      detalji = readJson(path.join(out, 'detalji_subjekta.json')) as Row[];
    });

    it('writes detalji_subjekta.json and recording.json only (no temporary file left)', () => {
      expect(readdirSync(out).sort()).to.deep.equal(['detalji_subjekta.json', 'recording.json']);
      expect(readJson(path.join(out, 'recording.json'))).to.deep.equal(recording);
      expect(recording).to.deep.include({
        register: 'hr.sudreg',
        tier: 'javni',
        snapshot_id: SNAPSHOT_ID,
        snapshot_timestamp: '2026-11-18T02:39:55',
        files: { detalji: { file: 'detalji_subjekta.json', rows: 7 } },
        ingest: `registres ingest hr-sudreg --detalji ${path.join(out, 'detalji_subjekta.json')} --date 2026-11-18`,
      });
      expect(Date.parse(recording.started_at)).to.be.at.most(Date.parse(recording.finished_at));
    });

    it('a company assembled as detalji_subjekta answers it (expand_relations, active rows, nulls omitted)', () => {
      expect(detalji.find((s) => s.mbs === 80000604)).to.deep.equal({
        mbs: 80000604,
        status: 1,
        sud_nadlezan: {
          sifra: 1,
          naziv: 'Trgovački sud u Zagrebu',
          sifra_zupanije: 21,
          naziv_zupanije: 'Grad Zagreb',
          sifra_opcine: 133,
          naziv_opcine: 'Zagreb',
          sifra_naselja: 1,
          naziv_naselja: 'Zagreb',
          izdaje_izvatke: 1,
        },
        sud_sluzba: {
          sifra: 1,
          naziv: 'Trgovački sud u Zagrebu',
          sifra_zupanije: 21,
          naziv_zupanije: 'Grad Zagreb',
          sifra_opcine: 133,
          naziv_opcine: 'Zagreb',
          sifra_naselja: 1,
          naziv_naselja: 'Zagreb',
          izdaje_izvatke: 1,
        },
        oib: 28921383001,
        mb: 3276147,
        potpuni_mbs: '080000604',
        potpuni_oib: '28921383001',
        ino_podruznica: 0,
        stecajna_masa: 0,
        likvidacijska_masa: 0,
        glavna_djelatnost: 351,
        datum_osnivanja: '1990-12-28T00:00:00',
        tvrtka: {
          ime: 'Primjer Energija dioničko društvo za proizvodnju',
          naznaka_imena: 'Primjer Energija',
        },
        skracena_tvrtka: { ime: 'Primjer Energija d.d.' },
        sjediste: {
          sifra_zupanije: 21,
          naziv_zupanije: 'Grad Zagreb',
          sifra_opcine: 133,
          naziv_opcine: 'Zagreb',
          sifra_naselja: 1,
          naziv_naselja: 'Zagreb',
          sifra_ulice: 10245,
          ulica: 'Ulica grada Vukovara',
          kucni_broj: 37,
          postanski_broj: 10000,
        },
        email_adrese: [{ email_adresa_rbr: 1, adresa: 'info@primjer-energija.example' }],
        pravni_oblik: { vrsta_pravnog_oblika: { sifra: 4, naziv: 'dioničko društvo', kratica: 'd.d.' } },
        temeljni_kapitali: [
          { temeljni_kapital_rbr: 2, valuta: { sifra: 978, naziv: 'euro', drzava_id: 99 }, iznos: 25000000 },
        ],
        gfi: [
          {
            gfi_rbr: 1,
            vrsta_dokumenta: { znacenje: 'godišnji financijski izvještaj' },
            oznaka_konsolidacije: 0,
            godina_izvjestaja: 2023,
            datum_dostave: '2024-04-26T00:00:00',
            datum_od: '2023-01-01T00:00:00',
            datum_do: '2023-12-31T00:00:00',
          },
          {
            gfi_rbr: 2,
            vrsta_dokumenta: { znacenje: 'godišnji financijski izvještaj' },
            oznaka_konsolidacije: 0,
            godina_izvjestaja: 2024,
            datum_dostave: '2025-04-29T00:00:00',
            datum_od: '2024-01-01T00:00:00',
            datum_do: '2024-12-31T00:00:00',
          },
          {
            gfi_rbr: 3,
            vrsta_dokumenta: { znacenje: 'godišnji financijski izvještaj' },
            oznaka_konsolidacije: 1,
            godina_izvjestaja: 2024,
            datum_dostave: '2025-06-27T00:00:00',
            datum_od: '2024-01-01T00:00:00',
            datum_do: '2024-12-31T00:00:00',
          },
        ],
      });
    });

    it('procedures are nested with their meaning; deleted subjects and a subject without OIB are kept', () => {
      expect(detalji.map((s) => s.mbs)).to.deep.equal([
        80000604, 40012345, 81234567, 130045678, 80999888, 80777666, 10000111,
      ]);
      expect(detalji.find((s) => s.mbs === 81234567)?.postupak).to.deep.equal({
        postupak: { znacenje: 'stečajni postupak' },
        datum_stecaja: '2025-09-12T00:00:00',
      });
      expect(detalji.find((s) => s.mbs === 130045678)?.postupak).to.deep.equal({
        postupak: { znacenje: 'likvidacija' },
      });
      expect(detalji.find((s) => s.mbs === 80999888)).to.deep.include({
        status: 0,
        datum_brisanja: '2019-11-30T00:00:00',
        tvrtka_kod_brisanja: 'Stara Tvornica d.o.o.',
      });
      expect(detalji.find((s) => s.mbs === 10000111)).to.deep.equal({
        mbs: 10000111,
        status: 0,
        potpuni_mbs: '010000111',
        ino_podruznica: 0,
        datum_brisanja: '1998-04-01T00:00:00',
        tvrtka: { ime: 'Izbrisano poduzeće bez OIB-a' },
      });
      expect(detalji.find((s) => s.mbs === 40012345)).to.deep.include({ potpuni_oib: '04123456786' });
    });

    it('ended rows (a former name, seat, e-mail, capital in kuna) are not recorded', () => {
      const text = readFileSync(path.join(out, 'detalji_subjekta.json'), 'utf8');
      for (const former of [
        'proizvodnju i distribuciju',
        'Savska cesta", "kucni_broj": 1,',
        'stari@',
        'kuna',
      ]) {
        expect(text).not.to.contain(former);
      }
    });

    it('pages every list with offset/limit on the snapshot pinned, and only_active=0 for the subjects', () => {
      const subjects = replay.dataCalls.filter((c) => c.endpoint === 'subjekti');
      expect(subjects.map((c) => c.query.get('offset'))).to.deep.equal(['0', '2', '4', '6']);
      for (const c of replay.dataCalls.filter((c) => c.endpoint !== 'snapshots')) {
        expect(c.query.get('snapshot_id')).to.equal(String(SNAPSHOT_ID));
      }
      expect(
        subjects.every((c) => c.query.get('only_active') === '0' && c.query.get('limit') === '2'),
      ).to.equal(true);
      const forms = replay.dataCalls.filter((c) => c.endpoint === 'pravni_oblici');
      expect(forms.every((c) => c.query.get('expand_relations') === '1')).to.equal(true);
    });

    it('asks a token with HTTP Basic client credentials and sends it as a bearer token', () => {
      const token = replay.server.requests.find((r) => r.url === '/api/oauth/token')!;
      expect(token.method).to.equal('POST');
      expect(token.body).to.equal('grant_type=client_credentials');
      expect(token.headers['content-type']).to.equal('application/x-www-form-urlencoded');
      expect(Buffer.from(token.headers.authorization!.replace(/^Basic /, ''), 'base64').toString()).to.equal(
        `${CLIENT_ID}:${CLIENT_SECRET}`,
      );
      const data = replay.server.requests.filter((r) => r.url.startsWith('/api/javni/'));
      expect(data.length).to.be.greaterThan(10);
      expect(data.every((r) => r.headers.authorization === `Bearer ${ACCESS_TOKEN}`)).to.equal(true);
      expect(replay.server.requests.filter((r) => r.url === '/api/oauth/token')).to.have.length(1);
    });

    it('the logs never carry the secret, the Basic header or the token', () => {
      expect(lines.length).to.be.greaterThan(10);
      const logs = lines.join('');
      expect(logs).to.contain('sudreg: list recorded');
      for (const secret of [
        CLIENT_SECRET,
        'S3cr3t',
        ACCESS_TOKEN,
        'replay-token',
        Buffer.from(`${CLIENT_ID}:${CLIENT_SECRET}`).toString('base64'),
      ]) {
        expect(logs).not.to.contain(secret);
      }
    });
  });

  it('a snapshot asked by id is recorded; one /snapshots does not list is refused', async () => {
    await start();
    const older = await (await record(replay, out, { snapshotId: 1402 })).run;
    expect(older).to.deep.include({ snapshot_id: 1402, snapshot_timestamp: '2026-11-17T02:41:07' });
    expect(older.ingest).to.match(/--date 2026-11-17$/);
    const failed = await (await record(replay, out, { snapshotId: 999 })).run.catch((e: Error) => e);
    expect(failed).to.be.instanceOf(SudregError);
    expect((failed as Error).message).to.equal(
      'snapshot 999 is not listed by /snapshots (listed: 1402, 1403)',
    );
  });

  it('the state-bodies tier also records every entries file the ingest takes, texts and procedures with only_active=0', async () => {
    await start();
    const done = await (await record(replay, out, { tier: 'drzavna_tijela', pageSize: 3 })).run;
    const tables = replayTables();
    for (const role of HR_ENTRY_ROLES) {
      expect(readJson(path.join(out, `${role}.json`)), role).to.deep.equal(tables[role]);
      expect(done.files[role.replaceAll('_', '-')]).to.deep.equal({
        file: `${role}.json`,
        rows: tables[role]!.length,
      });
    }
    for (const endpoint of ['ostali_tekstovi', 'zabiljezbe']) {
      const calls = replay.dataCalls.filter((c) => c.endpoint === endpoint);
      expect(calls.length, endpoint).to.be.greaterThan(0);
      expect(calls.every((c) => c.query.get('only_active') === '0')).to.equal(true);
    }
    expect(replay.dataCalls.every((c) => c.endpoint === 'snapshots' || c.query.has('snapshot_id'))).to.equal(
      true,
    );
    expect(replay.server.requests.some((r) => r.url.startsWith('/api/javni/'))).to.equal(false);
    expect(done.ingest).to.contain('--upisi-vrste-upisa ');
    expect(done.ingest).to.contain('--ostali-tekstovi ');
  });

  describe('fails loudly, leaving the folder as it was', () => {
    const previous = '[{"mbs":1}]\n';
    beforeEach(() => {
      writeFileSync(path.join(out, 'detalji_subjekta.json'), previous);
    });
    const untouched = () => {
      expect(readdirSync(out)).to.deep.equal(['detalji_subjekta.json']);
      expect(readFileSync(path.join(out, 'detalji_subjekta.json'), 'utf8')).to.equal(previous);
    };
    const failure = async (faults: SudregReplayFaults) => {
      await start(faults);
      const err = await (await record(replay, out)).run.then(
        () => null,
        (e: Error) => e,
      );
      expect(err).to.be.instanceOf(SudregError);
      return (err as Error).message;
    };

    it('401 on the data calls (registration e-mail not confirmed): after one new token, a clear refusal', async () => {
      expect(await failure({ unconfirmed: true })).to.equal(
        'javni/snapshots: HTTP 401, the register refuses the token (is the registration e-mail confirmed? is the client registered for the javni tier?)',
      );
      expect(replay.server.requests.filter((r) => r.url === '/api/oauth/token')).to.have.length(2);
      untouched();
    });

    it('client credentials refused by the token endpoint', async () => {
      expect(await failure({ badClient: true })).to.match(
        /^the token endpoint refused the client credentials \(HTTP 401\)/,
      );
      untouched();
    });

    it('an HTML page instead of JSON', async () => {
      expect(await failure({ htmlOn: 'tvrtke' })).to.match(
        /^javni\/tvrtke\?snapshot_id=1403&offset=0&limit=2&no_data_error=0: HTTP 200 answered an HTML page, not JSON$/,
      );
      untouched();
    });

    it('the snapshot changing during the recording', async () => {
      expect(await failure({ snapshotChangesAfter: 20 })).to.match(
        /the snapshot changed during the recording \(asked 1403, answered 1404\); record again$/,
      );
      untouched();
    });

    it('rows received that differ from /counts', async () => {
      expect(await failure({ countOffFor: 'tvrtke' })).to.equal(
        'tvrtke: the pages brought 7 rows, /counts says 8 (snapshot 1403)',
      );
      untouched();
    });
  });

  it('a 429 is waited out (its Retry-After) and asked again', async () => {
    await start({ rateLimitedOnce: 'gfi' });
    const r = await record(replay, out);
    await r.run;
    expect(r.slept).to.include(7000);
    expect(replay.dataCalls.filter((c) => c.endpoint === 'gfi').length).to.equal(4);
  });

  it('the pace: never more than 6 requests in any minute (a fake clock, moved only by the waits)', async () => {
    const clock = FakeTimers.install({ toFake: ['Date'], now: Date.parse('2026-11-18T04:00:00Z') });
    try {
      await start();
      const { logger } = capturingLogger();
      const waits: number[] = [];
      const client = createSudregClient({
        root: replay.root,
        tier: 'javni',
        clientId: CLIENT_ID,
        clientSecret: CLIENT_SECRET,
        logger,
        sleep: async (ms) => {
          waits.push(ms);
          clock.tick(ms);
        },
      });
      await recordSudreg({ client, out, tier: 'javni', pageSize: 1000, logger });
      const times = replay.dataCalls.map((c) => c.at);
      expect(times.length).to.equal(15);
      for (let i = 6; i < times.length; i++) {
        expect(times[i]! - times[i - 6]!, `request ${i}`).to.be.at.least(60_000);
      }
      // 15 requests, one every 10 s: 140 s of waiting, not one more.
      expect(times[times.length - 1]! - times[0]!).to.equal(140_000);
      expect(waits.reduce((a, b) => a + b, 0)).to.equal(140_000);
    } finally {
      clock.uninstall();
    }
  });

  describe('registres record hr-sudreg (the command, credentials from configuration)', () => {
    const context = (env: NodeJS.ProcessEnv) => {
      const printed: string[] = [];
      const { logger, lines } = capturingLogger();
      const ctx: CliContext = {
        config: loadConfig(env),
        logger,
        out: (line) => printed.push(line),
        withDatabase: () => {
          throw new Error('the recorder needs no database');
        },
      };
      return { ctx, printed, lines };
    };

    it('without LIVE_CREDENTIALS_HR_SUDREG: exit 1 and what to set', async () => {
      const { ctx, printed } = context({});
      expect(await runIngestCommand('hr-sudreg', hrSudregRecordSpec, ['--out', out], ctx)).to.equal(1);
      expect(printed.join('\n')).to.contain('set LIVE_CREDENTIALS_HR_SUDREG=client_id:client_secret');
    });

    it('a bad --tier or --snapshot-id is a usage error (exit 2); --out is required', async () => {
      const { ctx, printed } = context({ LIVE_CREDENTIALS_HR_SUDREG: `${CLIENT_ID}:${CLIENT_SECRET}` });
      expect(
        await runIngestCommand('hr-sudreg', hrSudregRecordSpec, ['--out', out, '--tier', 'x'], ctx),
      ).to.equal(2);
      expect(
        await runIngestCommand('hr-sudreg', hrSudregRecordSpec, ['--out', out, '--snapshot-id', 'abc'], ctx),
      ).to.equal(2);
      expect(await runIngestCommand('hr-sudreg', hrSudregRecordSpec, [], ctx)).to.equal(2);
      expect(printed.join('\n')).to.contain('--tier must be javni or drzavna_tijela');
    });

    it('credentials split on the first colon, address from LIVE_URL_HR_SUDREG; a 401 is one line, exit 1, secret unsaid', async () => {
      await start({ unconfirmed: true });
      const { ctx, printed, lines } = context({
        LIVE_CREDENTIALS_HR_SUDREG: `${CLIENT_ID}:${CLIENT_SECRET}`,
        LIVE_URL_HR_SUDREG: replay.root,
      });
      expect(
        await runIngestCommand(
          'hr-sudreg',
          hrSudregRecordSpec,
          // The call asked again with a new token after the 401 is paced: the register's pace (10 s) would wait.
          ['--out', out, '--per-minute', '6000000'],
          ctx,
          'record',
        ),
      ).to.equal(1);
      expect(printed).to.deep.equal([
        'hr-sudreg: javni/snapshots: HTTP 401, the register refuses the token (is the registration e-mail confirmed? is the client registered for the javni tier?)',
      ]);
      // The token was granted: the Basic header carried client_id and the whole secret, colon included.
      expect(replay.server.requests[0]!.url).to.equal('/api/oauth/token');
      const logs = lines.join('');
      expect(logs).to.contain('record failed');
      for (const secret of [CLIENT_SECRET, ACCESS_TOKEN])
        expect(logs + printed.join('')).not.to.contain(secret);
    });
  });
});
