import { expect } from 'chai';
import { sampleRequestOf } from '../../../api/samples/sampleRequest.ts';
import {
  EU_LIVE_REGISTERS,
  type EuLiveSource,
  FRENCH_LIVE_SOURCES,
  type FrenchLiveSource,
  PRICED_ROUTES,
} from '../../../app/readSide.ts';
import type { ComposeOptions } from '../../../app/server/composeService.ts';
import { openAccount } from '../../../ops/accounts/openAccount.ts';
import { LIVE_RECORD_OBSERVED, type LiveRecordObservedData } from '../../../schemas/events/liveEvents.ts';
import { targetDescription } from '../../support/database.ts';
import { allEvents } from '../../support/eventLog.ts';
import { type PaidDemoService, startPaidDemoService } from '../../support/paidDemoService.ts';
import { recordedReplay } from '../../support/recordedLiveRegister.ts';
import { type ReplayAnswer, type ReplayServer, startReplayServer } from '../../support/replayServer.ts';

// biome-ignore lint/suspicious/noExplicitAny: decoded wire JSON, checked field by field
type Json = any;

const CREDENTIALS = 'contract-user:contract-secret';
const pause = () => new Promise((resolve) => setTimeout(resolve, 50));

/** The request a register's contract asks: the profile of its sample company, or its first detail route's. */
function requestOf(source: EuLiveSource): string {
  if (!source.detailsOnly) return `/v1/eu/entreprise/${source.info.pays}/${source.sampleId}`;
  const route = PRICED_ROUTES.find((r) => r.registers[0] === source.info.register);
  const sample = route && sampleRequestOf(route);
  if (!sample) throw new Error(`${source.info.register}: a register of details only without a detail route`);
  return sample.url;
}

/**
 * The request a French live source's contract asks: the sample of its own priced route (the source named first
 * in the route's registers: the filings list, not the profile, whose RNE outage is an absent member); null
 * without one.
 */
function frenchRequestOf(source: FrenchLiveSource): string | null {
  const route = PRICED_ROUTES.find((r) => r.registers[0] === source.info.register);
  return (route && sampleRequestOf(route)?.url) ?? null;
}

/** A live register under contract: how the service reads it, and what its route is asked. */
interface ContractSubject {
  code: string;
  path: string;
  recordings: EuLiveSource['parts']['recordings'];
  credentials: boolean;
  /** HTTP Basic with the configured credentials (the European registers); else the source's own login. */
  basic: boolean;
  /** The country of a register of the European search (its absence without credentials is checked there). */
  searchCountry: string | null;
  compose: Pick<ComposeOptions, 'liveRegisters' | 'frenchLiveSources'>;
}

const SUBJECTS: ContractSubject[] = [
  ...EU_LIVE_REGISTERS.map((source) => ({
    code: source.info.register,
    path: requestOf(source),
    recordings: source.parts.recordings,
    credentials: !!source.credentials,
    basic: true,
    searchCountry: source.detailsOnly ? null : source.info.pays,
    compose: { liveRegisters: [source], frenchLiveSources: [] },
  })),
  // The French live sources with a route of their own (Judilibre); the RNE feeds the profile's block only.
  ...FRENCH_LIVE_SOURCES.flatMap((source) => {
    const path = frenchRequestOf(source);
    return path === null
      ? []
      : [
          {
            code: source.info.register,
            path,
            recordings: source.parts.recordings,
            credentials: !!source.credentials,
            basic: false,
            searchCountry: null,
            compose: { liveRegisters: [], frenchLiveSources: [source] },
          },
        ];
  }),
];

/**
 * The same contract for every live register (each manifest's `europe.live`, and each French live source with
 * a route of its own), replayed from its own recorded answers: what each failure of the register answers, its
 * rate limit and circuit, then a served answer and its observation. Registers are added by their manifest
 * line; this suite needs no change.
 */
for (const source of SUBJECTS) {
  const code = source.code;
  describe(`Live register contract: ${code} (e2e, ${targetDescription})`, () => {
    let service: PaidDemoService;
    let upstream: ReplayServer;
    let key: string;
    const fail = new Map<string, ReplayAnswer>();
    const path = source.path;
    // The service's clock: moved forward past a Retry-After instead of waiting for it.
    let ahead = 0;
    const now = () => new Date(Date.now() + ahead);

    before(async () => {
      upstream = await startReplayServer(recordedReplay(source.recordings, fail));
      service = await startPaidDemoService({
        compose: {
          now,
          ...source.compose,
          liveUrls: { [code]: upstream.url },
          liveCredentials: { [code]: CREDENTIALS },
          livePolicy: { timeoutMs: 1000, breaker: { failures: 5, halfOpenAfterMs: 400 } },
        },
      });
      key = (await openAccount(service.t.service.store, { credits: 1_000_000 })).key;
      // The key resolves once the accounts read model has it.
      await service.t.service.runner.catchUp();
    });
    after(async () => {
      await service?.stop();
      await upstream?.close();
    });
    afterEach(() => fail.clear());

    const ask = async () => {
      const before = upstream.requests.length;
      const res = await fetch(`${service.t.baseUrl}${path}`, { headers: { 'X-Api-Key': key } });
      const body = (await res.json()) as Json;
      return { res, body, asked: upstream.requests.length - before };
    };
    const observed = async () =>
      (await allEvents(service.t.service.store))
        .filter((e) => e.type === LIVE_RECORD_OBSERVED)
        .map((e) => e.data as LiveRecordObservedData)
        .filter((d) => d.register === code);
    const circuit = async () => {
      const health = (await (await fetch(`${service.t.baseUrl}/health`)).json()) as Json;
      return health.registres_en_direct.find((r: Json) => r.registre === code)?.circuit;
    };

    // The failures come first: a served answer would be served again from the cache.
    it('a 5xx HTML page: retried once, then 503 amont_indisponible (injoignable), not charged nor recorded', async () => {
      fail.set('*', { status: 502, body: '<html>Bad gateway</html>', contentType: 'text/html' });
      const { res, body, asked } = await ask();
      expect(res.status).to.equal(503);
      expect(body).to.include({ error: 'amont_indisponible', registre: code, raison: 'injoignable' });
      expect(res.headers.get('x-credits-charged')).to.equal('0');
      expect(res.headers.get('signature')).to.equal(null);
      expect(asked).to.equal(2);
      expect(await observed()).to.deep.equal([]);
    });

    it('a 429: not retried, its Retry-After passed on, and the register left alone until then', async () => {
      fail.set('*', { status: 429, body: '{}', headers: { 'retry-after': '1' } });
      const first = await ask();
      expect(first.res.status).to.equal(503);
      expect(first.body.raison).to.equal('limite_amont');
      expect(first.res.headers.get('retry-after')).to.equal('1');
      expect(first.asked).to.equal(1);
      const held = await ask();
      expect(held.body.raison).to.equal('limite_amont');
      expect(held.asked, 'asked again before its Retry-After').to.equal(0);
      ahead += 1100;
    });

    for (const [what, failure] of [
      ['truncated JSON', { status: 200, body: '{"results":[{"id":1' }],
      ['an HTML page answered 200', { status: 200, body: '<html>Wartung</html>', contentType: 'text/html' }],
    ] as const) {
      it(`${what}: 503 amont_indisponible (illisible), nothing recorded`, async () => {
        fail.set('*', failure);
        const { res, body } = await ask();
        expect(res.status).to.equal(503);
        expect(body).to.include({ error: 'amont_indisponible', raison: 'illisible' });
        expect(await observed()).to.deep.equal([]);
      });
    }

    it('a register that hangs: 503 amont_indisponible (delai_depasse) within its timeout and retry', async () => {
      fail.set('*', { status: 200, body: '{}', delayMs: 6000 });
      const started = Date.now();
      const { res, body } = await ask();
      expect(res.status).to.equal(503);
      expect(body.raison).to.equal('delai_depasse');
      expect(Date.now() - started).to.be.below(3500); // two tries of 1 s, and room for a loaded machine
    });

    it('five failures in a row (each kind above) open its circuit: refused at once, shown in /health', async () => {
      const { res, body, asked } = await ask();
      expect(res.status).to.equal(503);
      expect(body.raison).to.equal('circuit_ouvert');
      expect(asked).to.equal(0);
      expect(await circuit()).to.equal('ouvert');
    });

    it('back up: the answer is served, the circuit closes, provenance names each observation in the log', async () => {
      // Half-open after 400 ms (the breaker's own timer): the first call that goes through closes it.
      let answer = await ask();
      for (const started = Date.now(); answer.res.status !== 200 && Date.now() - started < 5000; ) {
        await pause();
        answer = await ask();
      }
      const { res, body } = answer;
      expect(res.status, JSON.stringify(body).slice(0, 300)).to.equal(200);
      expect(await circuit()).to.equal('ferme');
      const log = await observed();
      expect(body.provenance.length).to.be.greaterThan(0);
      const own = body.provenance.filter((entry: Json) => entry.registre === code);
      expect(own.length).to.be.greaterThan(0);
      for (const entry of own) {
        expect(entry.url.startsWith(upstream.url)).to.equal(true);
        expect(entry.url).to.not.contain('contract-secret');
        expect(entry.consulte_le).to.match(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}/);
        expect(log.map((d) => d.bodySha256)).to.include(entry.empreinte_sha256);
      }
      expect(JSON.stringify(log)).to.not.contain('contract-secret');
    });

    it(
      !source.credentials
        ? 'sends no credentials: the register needs none'
        : source.basic
          ? 'sends its credentials as HTTP Basic, never in the URL'
          : 'never sends its credentials in a URL nor as HTTP Basic (its own login)',
      () => {
        const authorizations = upstream.requests.map((r) => r.headers.authorization);
        if (source.credentials && !source.basic) {
          const basic = `Basic ${Buffer.from(CREDENTIALS).toString('base64')}`;
          expect(authorizations).to.not.include(basic);
        } else if (source.credentials) {
          const basic = `Basic ${Buffer.from(CREDENTIALS).toString('base64')}`;
          expect(authorizations.every((a) => a === basic)).to.equal(true);
        } else {
          expect(authorizations.every((a) => a === undefined)).to.equal(true);
        }
        expect(upstream.requests.every((r) => !r.url.includes('contract-secret'))).to.equal(true);
      },
    );
  });

  if (!source.credentials) continue;
  // A service of its own, started once the suite above has stopped its own (they share the database server).
  describe(`Live register contract: ${code} without credentials (e2e, ${targetDescription})`, () => {
    let service: PaidDemoService;
    let upstream: ReplayServer;
    let key: string;
    before(async () => {
      upstream = await startReplayServer(recordedReplay(source.recordings, new Map()));
      service = await startPaidDemoService({
        compose: {
          ...source.compose,
          liveUrls: { [code]: upstream.url },
          livePolicy: { timeoutMs: 1000 },
        },
      });
      key = (await openAccount(service.t.service.store, { credits: 1_000_000 })).key;
      await service.t.service.runner.catchUp();
    });
    after(async () => {
      await service?.stop();
      await upstream?.close();
    });
    const get = async (p: string) => {
      const res = await fetch(`${service.t.baseUrl}${p}`, { headers: { 'X-Api-Key': key } });
      return { res, body: (await res.json()) as Json };
    };

    it('503 registre_non_configure, not an outage, never charged; the register is not asked', async () => {
      const { res, body } = await get(source.path);
      expect(res.status).to.equal(503);
      expect(body).to.include({ error: 'registre_non_configure', registre: code });
      expect(res.headers.get('x-credits-charged')).to.equal('0');
      expect(upstream.requests).to.have.length(0);
    });

    if (source.searchCountry !== null) {
      const pays = source.searchCountry;
      it('the European search leaves it out: neither covered, nor mute, nor in the results', async () => {
        const { res, body } = await get('/v1/eu/recherche?q=kinnisvara');
        expect(res.status).to.equal(200);
        expect(body.pays_couverts.map((c: Json) => c.pays)).to.not.include(pays);
        expect(body.registres_muets.map((m: Json) => m.registre)).to.not.include(code);
        expect(body.resultats.map((r: Json) => r.pays)).to.not.include(pays);
        expect(upstream.requests).to.have.length(0);
      });
    }

    it('/health lists it as not configured and stays ok: a register without access is not down', async () => {
      const health = (await (await fetch(`${service.t.baseUrl}/health`)).json()) as Json;
      expect(health.registres_non_configures).to.deep.equal([code]);
      expect(health.registres_en_direct.map((r: Json) => r.registre)).to.not.include(code);
      expect(health.statut).to.equal('ok');
    });
  });
}
