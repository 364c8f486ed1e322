import fs from 'node:fs';
import path from 'node:path';
import { expect } from 'chai';
import { createWhiteListLive, WHITE_LIST_RECORDINGS } from '../../../ingest/pl-wl/plWhiteListLive.ts';
import type { NewEvent } from '../../../ops/eventstore/port.ts';
import { accountDigest } from '../../../schemas/events/plWhiteListEvents.ts';
import { LiveUnavailableError } from '../../../schemas/live/liveUnavailable.ts';
import { recordedReplay } from '../../support/recordedLiveRegister.ts';
import { type ReplayAnswer, type ReplayServer, startReplayServer } from '../../support/replayServer.ts';

const MINISTRY = fs.readFileSync(
  path.join(WHITE_LIST_RECORDINGS.folder, 'nip_5260250274_ministerstwo_finansow.json'),
  'utf8',
);

describe('Polish white-list client: the question, the subject kept, outages apart (unit)', () => {
  let wl: ReplayServer;
  let appended: NewEvent[];
  const fail = new Map<string, ReplayAnswer>();
  const store = {
    async append(_stream: string, events: NewEvent[]) {
      appended.push(...events);
      return { ok: true as const, nextExpectedVersion: 0n, lastPosition: 0n };
    },
  };
  const reader = () =>
    createWhiteListLive({
      baseUrl: wl.url,
      store,
      timeoutMs: 1500,
      breaker: { failures: 50, halfOpenAfterMs: 100 },
    });

  beforeEach(async () => {
    appended = [];
    fail.clear();
    wl = await startReplayServer(recordedReplay(WHITE_LIST_RECORDINGS, fail));
  });
  afterEach(() => wl.close());

  it('asks /api/search/nip/{nip}?date=<day> and keeps a KRS company’s name, its accounts as digests', async () => {
    const { record } = await reader().subject('7792422251', '2026-12-02');
    expect(wl.requests.map((r) => r.url)).to.deep.equal(['/api/search/nip/7792422251?date=2026-12-02']);
    expect(record).to.deep.equal({
      kind: 'pl-wl-subject',
      nip: '7792422251',
      trouve: true,
      nom: 'ZAKŁAD REMONTOWY SERVICE SPÓŁKA Z OGRANICZONĄ ODPOWIEDZIALNOŚCIĄ',
      nom_non_servi: null,
      statut_vat: 'Czynny',
      krs: '0000512257',
      comptes_sha256: [accountDigest('19102052420000260203597267')],
      identifiant_requete: 'jnima-866d64e',
      date_requete: null,
    });
  });

  it('privacy on a real answer: no KRS number, no legal-form word: the name, address and accounts are not logged', async () => {
    const { record } = await reader().subject('5260250274', '2026-12-02');
    expect(record).to.include({
      nom: null,
      nom_non_servi: 'personne_physique_possible',
      identifiant_requete: 'LaNA1-8mck7ch',
      date_requete: '18-02-2024 14:41:05',
    });
    expect(record.comptes_sha256).to.have.length(16);
    const logged = JSON.stringify(appended);
    expect(logged).to.not.contain('MINISTERSTWO').and.not.contain('ŚWIĘTOKRZYSKA');
    expect(logged).to.not.contain('12101010100075912221000000');
  });

  it('subject null: not found (a fact of the list), with its requestId', async () => {
    const json = JSON.parse(MINISTRY);
    json.result.subject = null;
    fail.set('1234563218', { status: 200, body: JSON.stringify(json) });
    const { record } = await reader().subject('1234563218', '2026-12-02');
    expect(record).to.include({ trouve: false, nom: null, identifiant_requete: 'LaNA1-8mck7ch' });
  });

  for (const [what, answer] of [
    ['a refused question (400 {code:"WL-1xx"})', { status: 400, body: '{"code":"WL-113","message":"x"}' }],
    ['a 503', { status: 503 }],
    ['a 429', { status: 429 }],
    ['an answer without result.subject', { status: 200, body: '{"result":{}}' }],
  ] as const) {
    it(`${what} is an outage (LiveUnavailableError), never “not on the list”, and nothing is recorded`, async () => {
      fail.set('*', answer);
      const err = await reader()
        .subject('7792422251', '2026-12-02')
        .then(
          () => null,
          (e: unknown) => e,
        );
      expect(err).to.be.instanceOf(LiveUnavailableError);
      expect(appended).to.deep.equal([]);
    });
  }
});
