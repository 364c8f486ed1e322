import fs from 'node:fs';
import path from 'node:path';
import { expect } from 'chai';
import { createPeppolLive, PEPPOL_RECORDINGS } from '../../../ingest/eu-peppol/euPeppolLive.ts';
import type { NewEvent } from '../../../ops/eventstore/port.ts';
import { LIVE_RECORD_OBSERVED } from '../../../schemas/events/liveEvents.ts';
import { isEn16931Invoice } from '../../../schemas/invoicing/en16931.ts';
import { LiveUnavailableError } from '../../../schemas/live/liveUnavailable.ts';
import { recordedReplay } from '../../support/recordedLiveRegister.ts';
import { type ReplayAnswer, type ReplayServer, startReplayServer } from '../../support/replayServer.ts';

const EQUINOR = fs.readFileSync(
  path.join(PEPPOL_RECORDINGS.folder, 'participant_0192_923609016_trimmed.json'),
  'utf8',
);

describe('Peppol Directory client: the question, published or not found, outages apart (unit)', () => {
  let directory: ReplayServer;
  let appended: NewEvent[];
  const fail = new Map<string, ReplayAnswer>();
  const store = {
    async append(_stream: string, events: NewEvent[]) {
      appended.push(...events);
      return { ok: true as const, nextExpectedVersion: 0n, lastPosition: 0n };
    },
  };
  const reader = () =>
    createPeppolLive({
      baseUrl: directory.url,
      store,
      timeoutMs: 1500,
      breaker: { failures: 50, halfOpenAfterMs: 100 },
    });

  beforeEach(async () => {
    appended = [];
    fail.clear();
    directory = await startReplayServer(recordedReplay(PEPPOL_RECORDINGS, fail));
  });
  afterEach(() => directory.close());

  it('asks /search/1.0/json?participant=iso6523-actorid-upis::<id> and reads the real (trimmed) answer', async () => {
    const { record, observation } = await reader().participant('0192:923609016');
    expect(directory.requests.map((r) => decodeURIComponent(r.url))).to.deep.equal([
      '/search/1.0/json?participant=iso6523-actorid-upis::0192:923609016',
    ]);
    expect(record).to.deep.equal({
      kind: 'eu-peppol-participant',
      participant: 'iso6523-actorid-upis::0192:923609016',
      publie: true,
      identifiant: '0192:923609016',
      nom_enregistre: 'EQUINOR ASA',
      pays: 'NO',
      documents: [
        'busdox-docid-qns::urn:oasis:names:specification:ubl:schema:xsd:Invoice-2::Invoice##urn:cen.eu:en16931:2017#compliant#urn:fdc:peppol.eu:2017:poacc:billing:3.0::2.1',
      ],
    });
    expect(record.documents.every(isEn16931Invoice)).to.equal(true);
    // Appended before it is returned.
    expect(appended).to.have.length(1);
    expect(appended[0]!.type).to.equal(LIVE_RECORD_OBSERVED);
    expect((appended[0]!.data as { record: unknown }).record).to.deep.equal(record);
    expect(observation.cached).to.equal(false);
  });

  it('a 200 with an empty body (the directory’s empty result) is “not published”, never an error', async () => {
    fail.set('0208', { status: 200 });
    const { record } = await reader().participant('0208:1029025290');
    expect(record).to.include({ publie: false, identifiant: null, nom_enregistre: null });
    expect(record.documents).to.deep.equal([]);
  });

  it('a match for another participant is not the one asked: not published', async () => {
    fail.set('0208', { status: 200, body: EQUINOR });
    const { record } = await reader().participant('0208:1029025290');
    expect(record.publie).to.equal(false);
  });

  it('the contact block (personal data) never enters the log', async () => {
    const json = JSON.parse(EQUINOR);
    json.matches[0].participantID.value = '0208:1029025290';
    json.matches[0].entities[0].contacts = [
      { type: 'x', name: 'Jane Contact', email: 'jane@example.invalid' },
    ];
    fail.set('0208', { status: 200, body: JSON.stringify(json) });
    await reader().participant('0208:1029025290');
    expect(JSON.stringify(appended)).to.not.contain('Jane').and.not.contain('example.invalid');
  });

  for (const [what, answer] of [
    ['a 503', { status: 503 }],
    ['a 429', { status: 429, headers: { 'retry-after': '2' } }],
    ['an HTML page', { status: 200, body: '<html>maintenance</html>', contentType: 'text/html' }],
    ['JSON without matches', { status: 200, body: '{"version":"1.0"}' }],
  ] as const) {
    it(`${what} is an outage (LiveUnavailableError), never “not published”, and nothing is recorded`, async () => {
      fail.set('*', answer);
      const err = await reader()
        .participant('0208:1029025290')
        .then(
          () => null,
          (e: unknown) => e,
        );
      expect(err).to.be.instanceOf(LiveUnavailableError);
      expect(appended).to.deep.equal([]);
    });
  }

  it('EN 16931: an invoice in UBL or CII qualifies, a credit note or another document does not', () => {
    expect(
      isEn16931Invoice(
        'busdox-docid-qns::urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100::CrossIndustryInvoice##urn:cen.eu:en16931:2017::D16B',
      ),
    ).to.equal(true);
    expect(
      isEn16931Invoice(
        'busdox-docid-qns::urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2::CreditNote##urn:cen.eu:en16931:2017#compliant#urn:fdc:peppol.eu:2017:poacc:billing:3.0::2.1',
      ),
    ).to.equal(false);
    expect(
      isEn16931Invoice(
        'busdox-docid-qns::urn:oasis:names:specification:ubl:schema:xsd:Order-2::Order##urn:fdc:peppol.eu:poacc:trns:order:3::2.1',
      ),
    ).to.equal(false);
  });
});
