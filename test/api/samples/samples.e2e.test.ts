import { expect } from 'chai';
import { sampleRequestOf } from '../../../api/samples/sampleRequest.ts';
import { EU_LIVE_REGISTERS, FRENCH_LIVE_SOURCES, PRICED_ROUTES } from '../../../app/readSide.ts';
import { type LiveReplay, startLiveReplay } from '../../../app/server/liveReplay.ts';
import { type PaidDemoService, startPaidDemoService } from '../../support/paidDemoService.ts';
import type { RunningService } from '../../support/service.ts';

// biome-ignore lint/suspicious/noExplicitAny: decoded wire JSON, checked field by field
type Json = any;

/** The free samples surface on the demo data (`npm start`), with payment on: samples are never charged. */
describe('Samples: one real, signed answer of each priced route, free (demo data)', () => {
  let t: RunningService;
  let service: PaidDemoService;
  // The live registers (European and French) answer from their recorded answers, as with LIVE_REPLAY=1 (no
  // network).
  let replay: LiveReplay;
  before(async () => {
    replay = await startLiveReplay([...EU_LIVE_REGISTERS, ...FRENCH_LIVE_SOURCES]);
    service = await startPaidDemoService({
      compose: {
        liveUrls: replay.urls,
        liveCredentials: replay.credentials,
        frenchLiveSources: FRENCH_LIVE_SOURCES,
        // The KYB samples (one company, then a batch) ask the RNE for the officers of demo companies it has no
        // recording of: each a transient failure, which must not open the circuit before the RNE's own samples.
        livePolicy: { breaker: { failures: 50, halfOpenAfterMs: 30_000 } },
      },
    });
    t = service.t;
  });
  after(async () => {
    await service?.stop();
    await replay?.close();
  });

  it('every priced route has a sample request built from its declared examples', () => {
    const missing = PRICED_ROUTES.filter((r) => sampleRequestOf(r) === null).map((r) => r.id);
    expect(missing, 'routes whose required parameters have no example').to.deep.equal([]);
  });

  it('lists every priced route with its free sample URL, the request it answers and its price', async () => {
    const res = await fetch(`${t.baseUrl}/v1/echantillons`);
    expect(res.status).to.equal(200);
    const body = (await res.json()) as Json;
    expect(body.echantillons.map((e: Json) => e.route)).to.deep.equal(PRICED_ROUTES.map((r) => r.id));
    const profile = body.echantillons.find((e: Json) => e.route === 'entreprise.profil');
    expect(profile).to.deep.include({
      echantillon: '/v1/echantillons/entreprise.profil',
      requete: '/v1/entreprise/005420120',
    });
    expect(profile.prix).to.match(/^\$0\.\d+$/);
  });

  for (const route of PRICED_ROUTES) {
    it(`${route.id}: a 200 with the route's envelope, signed, marked as a sample, not charged`, async () => {
      const res = await fetch(`${t.baseUrl}/v1/echantillons/${route.id}`);
      const bytes = Buffer.from(await res.arrayBuffer());
      const text = bytes.toString('utf8');
      expect(res.status, text.slice(0, 300)).to.equal(200);
      expect(res.headers.get('echantillon')).to.equal(route.id);
      expect(res.headers.get('signature')).to.match(/^sig1=:/);
      expect(res.headers.get('content-digest')).to.match(/^sha-256=:/);
      expect(res.headers.get('payment-response')).to.equal(null);
      if (route.contentType === 'application/pdf') {
        // A document has no envelope: the PDF itself, its provenance in headers.
        expect(bytes.subarray(0, 5).toString('latin1')).to.equal('%PDF-');
        expect(res.headers.get('x-registre-sha256')).to.match(/^[0-9a-f]{64}$/);
        return;
      }
      const body = JSON.parse(text) as Json;
      expect(Object.keys(body)[0]).to.equal('citation');
      expect(body.provenance).to.be.an('array').that.is.not.empty;
    });
  }

  it('the same request on the route itself is not free: 402', async () => {
    const res = await fetch(`${t.baseUrl}/v1/entreprise/005420120`);
    expect(res.status).to.equal(402);
  });

  it('ignores the query a client adds, and signs the request as the client sent it', async () => {
    const res = await fetch(`${t.baseUrl}/v1/echantillons/entreprise.profil?siren=552100554`);
    expect(res.status).to.equal(200);
    const body = (await res.json()) as Json;
    expect(body.siren).to.equal('005420120');
    expect(res.headers.get('signature-input')).to.contain('"@query"');
  });

  it('an unknown route is a 400 naming the parameter, not a 500', async () => {
    const res = await fetch(`${t.baseUrl}/v1/echantillons/entreprise.inconnue`);
    expect(res.status).to.equal(400);
    const body = (await res.json()) as Json;
    expect(body).to.include({ error: 'parametre_invalide', champ: 'route' });
  });
});
