import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { expect } from 'chai';
import { pino } from 'pino';
import type { RouteDefinition } from '../../../api/catalogue/route.ts';
import { readDirigeants } from '../../../api/routes/entreprise/readDirigeants.ts';
import { FRENCH_LIVE_SOURCES } from '../../../app/readSide.ts';
import { REGISTERS } from '../../../app/registers.ts';
import { composeService, type Service } from '../../../app/server/composeService.ts';
import { createRneLive, RNE_RECORDINGS } from '../../../ingest/fr-rne/frRneLive.ts';
import { loadConfig } from '../../../ops/config.ts';
import type { Database } from '../../../ops/database/openDatabase.ts';
import type { Logger } from '../../../ops/logger.ts';
import { euLiveProjection, readLiveObservation } from '../../../projections/eu-live/euLiveProjection.ts';
import { FR_RNE_REGISTER } from '../../../schemas/events/frRneEvents.ts';
import { LIVE_RECORD_OBSERVED } from '../../../schemas/events/liveEvents.ts';
import { dirigeantsSchema } from '../../../schemas/responses/dirigeants.ts';
import {
  LEAKS,
  leakedValues,
  naturalPersonValues,
  RECORDED_LOGIN_TOKEN,
  RNE_COMPANIES,
} from '../../ingest/fr-rne/rneRecordings.ts';
import { freshDatabase, targetDescription } from '../../support/database.ts';
import { allEvents } from '../../support/eventLog.ts';
import { recordedReplay } from '../../support/recordedLiveRegister.ts';
import { type ReplayAnswer, type ReplayServer, startReplayServer } from '../../support/replayServer.ts';

// biome-ignore lint/suspicious/noExplicitAny: decoded wire JSON, checked field by field
type Json = any;

const CREDENTIALS = 'rne-user@example.org:s3cret-password';

/** JSON of what the event store reads (positions are bigints). */
const json = (v: unknown) => JSON.stringify(v, (_k, x) => (typeof x === 'bigint' ? x.toString() : x));

/** Every log line of the service, at debug level. */
function capturingLogger(): { logger: Logger; lines: string[] } {
  const lines: string[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _enc, done) {
      lines.push(chunk.toString('utf8'));
      done();
    },
  });
  return { logger: pino({ level: 'debug' }, sink) as Logger, lines };
}

/**
 * A priced route standing for the French profile's member (api/routes/entreprise.ts wires the real one): the
 * officers read by readDirigeants through the composed service's `HandlerDeps.live.french`.
 */
const DIRIGEANTS_ROUTE: RouteDefinition = {
  id: 'test.dirigeants',
  method: 'GET',
  path: '/v1/test/entreprise/{siren}/dirigeants',
  summary: 'Dirigeants (RNE), route de test.',
  params: [
    {
      name: 'siren',
      in: 'path',
      required: true,
      description: 'SIREN',
      schema: { type: 'string', pattern: '^\\d{9}$' },
    },
  ],
  price: 1000,
  freeTier: false,
  registers: [FR_RNE_REGISTER],
  projections: [],
  responseSchema: { type: 'object' },
  async handler(ctx, deps) {
    const siren = ctx.state.params!.siren as string;
    const reading = await readDirigeants(siren, { rne: deps.live.french['fr.rne'], log: ctx.state.log });
    return {
      body: { siren, dirigeants: reading.value, blocs_absents: reading.absent ? [reading.absent] : [] },
      provenance: reading.provenance,
    };
  },
};

async function startService(
  db: Database,
  logger: Logger,
  live: { url?: string; credentials?: string; now: () => Date },
): Promise<{ service: Service; baseUrl: string; dataDir: string }> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'registres-rne-'));
  const config = { ...loadConfig({ DATA_DIR: dataDir }), host: '127.0.0.1' };
  const service = await composeService(db, config, logger, {
    projections: [euLiveProjection],
    routes: [DIRIGEANTS_ROUTE],
    registers: REGISTERS,
    payment: false,
    rateLimits: false,
    servedLogFlushMs: 20,
    now: live.now,
    liveRegisters: [],
    frenchLiveSources: FRENCH_LIVE_SOURCES,
    liveUrls: live.url ? { [FR_RNE_REGISTER]: live.url } : {},
    liveCredentials: live.credentials ? { [FR_RNE_REGISTER]: live.credentials } : {},
    livePolicy: { timeoutMs: 1500, breaker: { failures: 3, halfOpenAfterMs: 300 } },
  });
  const port = await service.listen(0, '127.0.0.1');
  return { service, baseUrl: `http://127.0.0.1:${port}`, dataDir };
}

describe(`French officers read live from the RNE (e2e, ${targetDescription})`, () => {
  let db: Database;
  let service: Service;
  let baseUrl: string;
  let dataDir: string;
  let rne: ReplayServer;
  let clock = new Date('2026-11-25T10:00:00.000Z');
  const fail = new Map<string, ReplayAnswer>();
  const { logger, lines } = capturingLogger();
  /** Every answer body served in this suite, for the privacy checks. */
  const served: string[] = [];

  before(async () => {
    rne = await startReplayServer(recordedReplay(RNE_RECORDINGS, fail));
    db = await freshDatabase();
    ({ service, baseUrl, dataDir } = await startService(db, logger, {
      url: rne.url,
      credentials: CREDENTIALS,
      now: () => clock,
    }));
  });
  after(async () => {
    await service?.close();
    await db?.close();
    await rne?.close();
    if (dataDir) await fs.rm(dataDir, { recursive: true, force: true });
  });
  afterEach(() => fail.clear());

  const get = async (siren: string) => {
    const res = await fetch(`${baseUrl}/v1/test/entreprise/${siren}/dirigeants`);
    const text = await res.text();
    served.push(text);
    return { res, body: JSON.parse(text) as Json };
  };
  const asked = (siren: string) => rne.requests.filter((r) => r.url === `/api/companies/${siren}`).length;

  it('serves Danone’s officers with the RNE’s provenance: when it was read, and what was asked', async () => {
    const { res, body } = await get(RNE_COMPANIES.danone.siren);
    expect(res.status).to.equal(200);
    expect(body.blocs_absents).to.deep.equal([]);
    expect(body.dirigeants).to.have.length(13);
    expect(body.dirigeants[0]).to.deep.equal({
      type: 'personne_physique',
      code_fonction: '53',
      fonction: 'Directeur Général',
      actif: true,
      code_fonction_secondaire: '65',
      fonction_secondaire: 'Administrateur',
    });
    expect(body.dirigeants[12]).to.include({
      type: 'personne_morale',
      siren: '784824153',
      denomination: 'FORVIS MAZARS SA',
      fonction: 'Commissaire aux comptes titulaire',
    });
    expect(body.provenance).to.have.length(1);
    expect(body.provenance[0]).to.include({
      registre: 'fr.rne',
      consulte_le: '2026-11-25T10:00:00.000Z',
      url: `${rne.url}/api/companies/552032534`,
    });
    expect(body.citation).to.match(/^RNE \(version 2026-11-25T10:00:00.000Z, sha256 [0-9a-f]{12}\)/);
    const validate = new Ajv2020({ strict: false }).compile(dirigeantsSchema);
    expect(validate(body.dirigeants), JSON.stringify(validate.errors)).to.equal(true);
  });

  it('logs in again when the RNE answers 401, and serves the answer', async () => {
    const logins = () => rne.requests.filter((r) => r.url === '/api/sso/login').length;
    const before = logins();
    let refused = false;
    rne.answer = (req) => {
      if (!refused && req.url.pathname === `/api/companies/${RNE_COMPANIES.sci.siren}`) {
        refused = true;
        return { status: 401, body: '{"message":"Expired JWT Token"}' };
      }
      return recordedReplay(RNE_RECORDINGS, fail)(req);
    };
    const { body } = await get(RNE_COMPANIES.sci.siren);
    rne.answer = recordedReplay(RNE_RECORDINGS, fail);
    expect(body.dirigeants).to.have.length(11);
    expect(logins()).to.equal(before + 1);
  });

  it('serves the same company again without asking the RNE (this process’s cache)', async () => {
    const before = asked(RNE_COMPANIES.danone.siren);
    const { body } = await get(RNE_COMPANIES.danone.siren);
    expect(body.dirigeants).to.have.length(13);
    expect(asked(RNE_COMPANIES.danone.siren)).to.equal(before);
  });

  it('serves an observation younger than 24 hours from the read table without asking the RNE', async () => {
    await service.runner.caughtUp();
    // Another process: no cache of its own, the log's read table only.
    const reader = createRneLive({
      baseUrl: rne.url,
      credentials: CREDENTIALS,
      store: service.store,
      recall: (register, url, maxAgeMs) => readLiveObservation(db.knex, register, url, maxAgeMs, clock),
      now: () => clock,
    });
    const before = rne.requests.length;
    clock = new Date('2026-11-26T09:00:00.000Z');
    const reading = await readDirigeants(RNE_COMPANIES.danone.siren, { rne: reader, log: logger });
    expect(reading.value).to.have.length(13);
    expect(reading.provenance[0]).to.include({ consulte_le: '2026-11-25T10:00:00.000Z' });
    expect(rne.requests.length, 'neither login nor company asked').to.equal(before);
    clock = new Date('2026-11-26T10:00:01.000Z');
    const later = createRneLive({
      baseUrl: rne.url,
      credentials: CREDENTIALS,
      store: service.store,
      recall: (register, url, maxAgeMs) => readLiveObservation(db.knex, register, url, maxAgeMs, clock),
      now: () => clock,
    });
    const older = await readDirigeants(RNE_COMPANIES.danone.siren, { rne: later, log: logger });
    expect(older.provenance[0]).to.include({ consulte_le: '2026-11-26T10:00:01.000Z' });
    expect(rne.requests.length, 'older than 24 hours: asked again').to.be.above(before);
  });

  it('a company the RNE does not know (404) is absent with `aucune_donnee`, never an empty list', async () => {
    const { res, body } = await get('317236248');
    expect(res.status).to.equal(200);
    expect(body.dirigeants).to.equal(null);
    expect(body.blocs_absents).to.deep.equal([
      {
        bloc: 'dirigeants',
        raison: 'aucune_donnee',
        message: 'Le RNE (INPI) ne connaît pas cette entreprise. / The RNE (INPI) holds no such company.',
      },
    ]);
    expect(body.provenance[0]).to.include({ registre: 'fr.rne', url: `${rne.url}/api/companies/317236248` });
  });

  const upstreamDown = async (siren: string, failure: ReplayAnswer, raison: string) => {
    fail.set(siren, failure);
    const { res, body } = await get(siren);
    expect(res.status, 'the rest of the answer is served').to.equal(200);
    expect(body.dirigeants).to.equal(null);
    expect(body.blocs_absents).to.have.length(1);
    expect(body.blocs_absents[0]).to.include({ bloc: 'dirigeants', raison: 'amont_indisponible' });
    expect(body.blocs_absents[0].message).to.contain(`(${raison})`);
    expect(body.provenance).to.deep.equal([]);
  };

  it('an RNE answering 5xx (after one retry) is `amont_indisponible`', async () => {
    await upstreamDown(RNE_COMPANIES.holding.siren, { status: 503, body: '{}' }, 'injoignable');
    expect(asked(RNE_COMPANIES.holding.siren), 'one retry').to.equal(2);
  });

  it('an RNE too slow is `amont_indisponible`', async () => {
    await upstreamDown(
      RNE_COMPANIES.holding.siren,
      { status: 200, body: '{}', delayMs: 4000 },
      'delai_depasse',
    );
  });

  it('an answer that is not the RNE’s is `amont_indisponible`', async () => {
    // An answer between failures (a SIREN with no recording: the replay answers 404): the circuit stays closed.
    expect((await get('732829320')).body.blocs_absents[0]).to.include({ raison: 'aucune_donnee' });
    await upstreamDown(
      RNE_COMPANIES.holding.siren,
      { status: 200, body: '<html>maintenance</html>', contentType: 'text/html' },
      'illisible',
    );
  });

  it('an open circuit is `amont_indisponible` without asking the RNE, and closes again', async () => {
    fail.set('*', { status: 500, body: '{}' });
    for (let i = 0; i < 3; i++) await get(RNE_COMPANIES.holding.siren);
    const before = rne.requests.length;
    await upstreamDown(RNE_COMPANIES.holding.siren, { status: 500 }, 'circuit_ouvert');
    expect(rne.requests.length).to.equal(before);
    const health = (await (await fetch(`${baseUrl}/health`)).json()) as Json;
    expect(health.registres_en_direct).to.deep.include({ registre: 'fr.rne', circuit: 'ouvert' });
    fail.clear();
    await new Promise((resolve) => setTimeout(resolve, 350));
    const { body } = await get(RNE_COMPANIES.holding.siren);
    expect(body.dirigeants).to.have.length(8);
  });

  it('an RNE over its quota (429) is `amont_indisponible`, and is not asked again before its Retry-After', async () => {
    await upstreamDown(
      RNE_COMPANIES.soleTrader.siren,
      { status: 429, headers: { 'retry-after': '30' } },
      'limite_amont',
    );
    const before = rne.requests.length;
    await upstreamDown(RNE_COMPANIES.soleTrader.siren, { status: 500 }, 'limite_amont');
    expect(rne.requests.length).to.equal(before);
    fail.clear();
    clock = new Date(clock.getTime() + 31_000);
    const { body } = await get(RNE_COMPANIES.soleTrader.siren);
    expect(body.dirigeants).to.deep.equal([
      {
        type: 'personne_physique',
        code_fonction: '101',
        fonction: 'Entrepreneur',
        actif: null,
        code_fonction_secondaire: null,
        fonction_secondaire: null,
      },
    ]);
  });

  describe('privacy: no natural person’s name, birth date or address anywhere', () => {
    before(async () => {
      // Every sample company served (each was read from the RNE above), its answer in the log and the read table.
      for (const company of Object.values(RNE_COMPANIES)) {
        const { body } = await get(company.siren);
        expect(body.dirigeants, company.siren).to.be.an('array').that.is.not.empty;
      }
      await service.runner.caughtUp();
      await new Promise((resolve) => setTimeout(resolve, 50)); // the served log's flush
    });

    for (const [name, company] of Object.entries(RNE_COMPANIES)) {
      describe(`${name} (${company.siren})`, () => {
        const personal = () => naturalPersonValues(company.file);

        it('not in the served block', () => {
          const bodies = served.filter((t) => t.includes(`/api/companies/${company.siren}`));
          expect(bodies).to.not.be.empty;
          expect(leakedValues(bodies.join('\n'), personal()).length, LEAKS).to.equal(0);
        });

        it('not in the appended LiveRecordObserved event (the raw body is only hashed)', async () => {
          const events = (await allEvents(service.store)).filter(
            (e) =>
              e.type === LIVE_RECORD_OBSERVED && json(e.data).includes(`/api/companies/${company.siren}`),
          );
          expect(events).to.not.be.empty;
          expect(leakedValues(json(events), personal()).length, LEAKS).to.equal(0);
        });

        it('not in any table', async () => {
          const { rows: tables } = await db.knex.raw<{ rows: { table_name: string }[] }>(
            `select table_name from information_schema.tables
              where table_schema = current_schema() and table_type = 'BASE TABLE'`,
          );
          let dump = '';
          for (const { table_name } of tables) dump += JSON.stringify(await db.knex(table_name).select('*'));
          expect(dump).to.contain(`/api/companies/${company.siren}`);
          expect(leakedValues(dump, personal()).length, LEAKS).to.equal(0);
        });

        it('not in any log line', () => {
          expect(lines.join('')).to.contain(company.siren);
          expect(leakedValues(lines.join(''), personal()).length, LEAKS).to.equal(0);
        });
      });
    }

    it('no credential nor token in the log, the events or the tables', async () => {
      const everything = [
        lines.join(''),
        json(await allEvents(service.store)),
        JSON.stringify(await db.knex('eu_live_observations').select('*')),
      ].join('\n');
      for (const secret of ['s3cret-password', 'rne-user@example.org', RECORDED_LOGIN_TOKEN]) {
        expect(everything).to.not.contain(secret);
      }
    });
  });
});

describe(`French officers without RNE credentials (e2e, ${targetDescription})`, () => {
  let db: Database;
  let service: Service;
  let baseUrl: string;
  let dataDir: string;

  before(async () => {
    db = await freshDatabase();
    ({ service, baseUrl, dataDir } = await startService(db, capturingLogger().logger, {
      now: () => new Date(),
    }));
  });
  after(async () => {
    await service?.close();
    await db?.close();
    if (dataDir) await fs.rm(dataDir, { recursive: true, force: true });
  });

  it('the block is absent with `registre_non_configure`, and /health says the RNE is not configured', async () => {
    const body = (await (await fetch(`${baseUrl}/v1/test/entreprise/552032534/dirigeants`)).json()) as Json;
    expect(body.dirigeants).to.equal(null);
    expect(body.blocs_absents).to.deep.equal([
      {
        bloc: 'dirigeants',
        raison: 'registre_non_configure',
        message:
          'Le RNE (INPI) n’est pas configuré sur ce serveur (identifiants) : dirigeants non lus. / The RNE (INPI) is not configured on this server (credentials): officers not read.',
      },
    ]);
    const health = (await (await fetch(`${baseUrl}/health`)).json()) as Json;
    expect(health.registres_non_configures).to.include('fr.rne');
  });
});
