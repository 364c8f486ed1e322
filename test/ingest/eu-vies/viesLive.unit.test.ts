import { expect } from 'chai';
import { createViesLive, VIES_RECORDINGS } from '../../../ingest/eu-vies/euViesLive.ts';
import type { NewEvent } from '../../../ops/eventstore/port.ts';
import { LiveUnavailableError } from '../../../schemas/live/liveUnavailable.ts';
import { recordedReplay } from '../../support/recordedLiveRegister.ts';
import { type ReplayAnswer, type ReplayServer, startReplayServer } from '../../support/replayServer.ts';
import { userErrorAnswer, VIES_ANSWERS, viesBody } from './viesRecordings.ts';

describe('VIES client: the question sent, outages apart from verdicts, what the log keeps (unit)', () => {
  let vies: ReplayServer;
  let appended: NewEvent[];
  const fail = new Map<string, ReplayAnswer>();
  const store = {
    async append(_stream: string, events: NewEvent[]) {
      appended.push(...events);
      return { ok: true as const, nextExpectedVersion: 0n, lastPosition: 0n };
    },
  };
  const reader = (requester?: string) =>
    createViesLive({
      baseUrl: vies.url,
      ...(requester ? { requester } : {}),
      store,
      timeoutMs: 1500,
      breaker: { failures: 50, halfOpenAfterMs: 100 },
    });

  beforeEach(async () => {
    appended = [];
    fail.clear();
    vies = await startReplayServer(recordedReplay(VIES_RECORDINGS, fail));
  });
  afterEach(() => vies.close());

  it('asks GET /ms/{CC}/vat/{number}, the number without its prefix, and reads the verdict', async () => {
    const { record } = await reader().check('LV', '44103126607', 'jeton_forme_juridique');
    expect(vies.requests.map((r) => `${r.method} ${r.url}`)).to.deep.equal(['GET /ms/LV/vat/44103126607']);
    expect(record).to.deep.include({
      valide: true,
      nom: 'SIA "WD Market"',
      adresse: 'Lāčplēša iela 6–8, Sigulda, Siguldas nov., LV-2150',
      date_demande: '2024-07-25T07:28:37.115Z',
      identifiant_consultation: null,
    });
  });

  it('with a requester VAT number, POSTs check-vat-number naming it and keeps the consultation number', async () => {
    const { record } = await reader('fr 40 303 265 045').check('DK', '13612870', 'jeton_forme_juridique');
    expect(vies.requests).to.have.length(1);
    expect(vies.requests[0]).to.include({ method: 'POST', url: '/check-vat-number' });
    expect(JSON.parse(vies.requests[0]!.body)).to.deep.equal({
      countryCode: 'DK',
      vatNumber: '13612870',
      requesterMemberStateCode: 'FR',
      requesterNumber: '40303265045',
    });
    expect(record).to.include({ valide: true, identifiant_consultation: 'WAPIAAAAZNgfuVoL' });
  });

  it('asks a throttling member state (MS_MAX_CONCURRENT_REQ) once more, and serves its answer', async () => {
    let calls = 0;
    vies.answer = (req) =>
      ++calls === 1
        ? { status: 200, body: userErrorAnswer('MS_MAX_CONCURRENT_REQ') }
        : recordedReplay(VIES_RECORDINGS, fail)(req);
    const { record } = await reader().check('LV', '44103126607', 'jeton_forme_juridique');
    expect(calls).to.equal(2);
    expect(record.valide).to.equal(true);
  });

  for (const userError of ['MS_UNAVAILABLE', 'GLOBAL_MAX_CONCURRENT_REQ', 'SERVICE_UNAVAILABLE', 'TIMEOUT']) {
    it(`userError ${userError} is an outage naming the member state, not a verdict, and nothing is recorded`, async () => {
      fail.set('*', { status: 200, body: userErrorAnswer(userError) });
      const err = await reader()
        .check('LV', '44103126607', 'jeton_forme_juridique')
        .then(
          () => null,
          (e: unknown) => e,
        );
      expect(err).to.be.instanceOf(LiveUnavailableError);
      expect((err as Error).message)
        .to.contain('member state LV')
        .and.contain(userError);
      expect(appended).to.deep.equal([]);
    });
  }

  it('the error wrapper {"actionSucceed":false,…} is an outage naming the member state', async () => {
    fail.set('*', { status: 200, body: viesBody(VIES_ANSWERS.msUnavailable.file) });
    const err = await reader()
      .check('LV', '44103126607', 'jeton_forme_juridique')
      .then(
        () => null,
        (e: unknown) => e,
      );
    expect(err).to.be.instanceOf(LiveUnavailableError);
    expect(err).to.include({ reason: 'injoignable' });
    expect((err as Error).message)
      .to.contain('member state LV')
      .and.contain('MS_UNAVAILABLE');
  });

  it('the recorded outage of a member state (DE, MS_UNAVAILABLE) is an outage naming it, nothing recorded', async () => {
    const err = await reader('fr 40 303 265 045')
      .check('DE', '129273398', 'jeton_forme_juridique')
      .then(
        () => null,
        (e: unknown) => e,
      );
    expect(vies.requests.map((r) => `${r.method} ${r.url}`)).to.deep.equal(['POST /check-vat-number']);
    expect(err).to.be.instanceOf(LiveUnavailableError);
    expect(err).to.include({ reason: 'injoignable' });
    expect((err as Error).message)
      .to.contain('member state DE')
      .and.contain('MS_UNAVAILABLE');
    expect(appended).to.deep.equal([]);
  });

  it('the recorded IP_BLOCKED answer is a refusal naming the member state, never a verdict', async () => {
    const err = await reader()
      .check('FR', '29921822466', 'jeton_forme_juridique')
      .then(
        () => null,
        (e: unknown) => e,
      );
    expect(vies.requests.map((r) => `${r.method} ${r.url}`)).to.deep.equal(['GET /ms/FR/vat/29921822466']);
    expect(err).to.be.instanceOf(LiveUnavailableError);
    expect(err).to.include({ reason: 'refus' });
    expect((err as Error).message)
      .to.contain('member state FR')
      .and.contain('IP_BLOCKED');
    expect(appended).to.deep.equal([]);
  });

  it('never lets a name without a legal-form token into the log, unless a register vouched for it', async () => {
    const { record } = await reader().check('FR', '17949053854', 'jeton_forme_juridique');
    expect(record).to.include({ nom: null, adresse: null, nom_non_servi: 'personne_physique_possible' });
    const name = (JSON.parse(viesBody(VIES_ANSWERS.frenchSoleTrader.file)) as { name: string }).name;
    expect(JSON.stringify(appended)).to.not.contain(name);
    const vouched = await reader().check('FR', '68005420120', 'personne_morale_verifiee');
    expect(vouched.record.nom).to.equal('SOCIETE DES SUCRERIES DU MARQUENTERRE');
  });

  it('keeps a real French legal person’s name whose legal-form token (SA) vouches for it, with no register asked', async () => {
    const { record } = await reader().check('FR', '27552032534', 'jeton_forme_juridique');
    expect(vies.requests.map((r) => `${r.method} ${r.url}`)).to.deep.equal(['GET /ms/FR/vat/27552032534']);
    expect(record).to.include({
      pays: 'FR',
      numero: '27552032534',
      valide: true,
      nom: 'SA DANONE',
      adresse: '17 BD HAUSSMANN\n75009 PARIS',
      nom_non_servi: null,
      date_demande: '2023-04-06T21:14:10.956Z',
      identifiant_consultation: null,
    });
  });

  it('an invalid number is a verdict: valide false, name withheld by VIES (non_publie)', async () => {
    const { record } = await reader().check('DE', '315037332', 'jeton_forme_juridique');
    expect(record).to.include({ valide: false, nom: null, nom_non_servi: 'non_publie' });
  });
});
