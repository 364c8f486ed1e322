import { expect } from 'chai';
import { financementsUeRoute } from '../../../api/routes/financementsUe.ts';
import { REGISTERS } from '../../../app/registers.ts';
import { manifestSha256 } from '../../../ingest/core/filesPass.ts';
import { sha256OfFile } from '../../../ingest/core/upstreamFile.ts';
import { EU_CORDIS_DEMO_FILES } from '../../../ingest/eu-cordis/euCordisDemo.ts';
import { ingestEuCordis } from '../../../ingest/eu-cordis/ingestEuCordis.ts';
import { openAccount } from '../../../ops/accounts/openAccount.ts';
import { euCordisProjection } from '../../../projections/eu-cordis/euCordisProjection.ts';
import { unitesLegalesProjection } from '../../../projections/fr-sirene-unites-legales/unitesLegalesProjection.ts';
import { EU_CORDIS_REGISTER } from '../../../schemas/events/euCordisEvents.ts';
import { FR_SIRENE_REGISTER } from '../../../schemas/events/frSireneEvents.ts';
import { CORDIS_FILES } from '../../ingest/eu-cordis/cordisFixtures.ts';
import { targetDescription, testLogger } from '../../support/database.ts';
import { SOLE_TRADER } from '../../support/gazetteFixtures.ts';
import { type PaidDemoService, startPaidDemoService } from '../../support/paidDemoService.ts';
import { type RunningService, startTestService } from '../../support/service.ts';
import { ingestSireneSample } from '../../support/sireneSample.ts';

// biome-ignore lint/suspicious/noExplicitAny: decoded wire JSON, checked field by field
type Json = any;

const SUCRERIES = '005420120';
/** Luhn-valid, absent from the Sirene demo. */
const UNKNOWN = '005410220';

describe(`GET /v1/entreprise/{siren}/financements-ue on the demo data, payment on (${targetDescription})`, () => {
  let service: PaidDemoService;
  let t: RunningService;
  let key: string;

  before(async () => {
    service = await startPaidDemoService({
      freeCallsPerMonth: 0,
      demo: [FR_SIRENE_REGISTER, EU_CORDIS_REGISTER],
    });
    t = service.t;
    ({ key } = await openAccount(t.service.store, { credits: 10_000_000 }));
    await t.service.runner.catchUp();
  });
  after(async () => {
    await service?.stop();
  });

  const get = async (siren: string, headers: Record<string, string> = { 'X-Api-Key': key }) => {
    const res = await fetch(`${t.baseUrl}/v1/entreprise/${siren}/financements-ue`, { headers });
    return { res, body: (await res.json()) as Json };
  };

  it('a company with no participation: 200, aucun_financement, its coverage, cited and charged $0.02', async () => {
    const { res, body } = await get(SUCRERIES);
    expect(res.status).to.equal(200);
    expect(res.headers.get('x-credits-charged')).to.equal('0.02');
    expect(Object.keys(body)[0]).to.equal('citation');
    expect(body.citation).to.contain('CORDIS');
    expect(body).to.deep.include({
      siren: SUCRERIES,
      nombre_projets: 0,
      nombre_participations: 0,
      contribution_ue_totale_eur: 0,
      en_cours: 0,
      tronque: false,
      projets: [],
      aucun_financement: true,
    });
    const cordis = body.provenance.find((p: Json) => p.registre === EU_CORDIS_REGISTER);
    expect(body.couverture).to.deep.equal({
      programmes: ['H2020', 'HORIZON'],
      publication: cordis.date_photo,
      note: body.couverture.note,
    });
    expect(body.couverture.note).to.contain('90 %').and.contain(' / ');
    expect(body.provenance.map((p: Json) => p.registre).sort()).to.deep.equal([
      EU_CORDIS_REGISTER,
      FR_SIRENE_REGISTER,
    ]);
  });

  it('cites the pass’s fingerprint: the sorted manifest of the four files’ SHA-256', async () => {
    const { body } = await get(SUCRERIES);
    const files = [
      ['horizon-project', EU_CORDIS_DEMO_FILES.HORIZON!.project],
      ['h2020-project', EU_CORDIS_DEMO_FILES.H2020!.project],
      ['h2020-organization', EU_CORDIS_DEMO_FILES.H2020!.organization],
      ['horizon-organization', EU_CORDIS_DEMO_FILES.HORIZON!.organization],
    ] as const;
    const manifest = manifestSha256(
      await Promise.all(
        files.map(async ([, f]) => ({ nom: f.split('/').pop()!, sha256: await sha256OfFile(f) })),
      ),
    );
    const cordis = body.provenance.find((p: Json) => p.registre === EU_CORDIS_REGISTER);
    expect(cordis.empreinte_sha256).to.equal(manifest);
  });

  it('a malformed SIREN is a 400 naming the parameter, never charged', async () => {
    const { res, body } = await get('005420121');
    expect(res.status).to.equal(400);
    expect(body).to.include({ champ: 'siren' });
    expect(res.headers.get('x-credits-charged')).to.be.oneOf([null, '0']);
  });

  it('a SIREN absent from Sirene is refused as on the profile, 404, never charged', async () => {
    const { res, body } = await get(UNKNOWN);
    expect(res.status).to.equal(404);
    expect(body.error).to.equal('entreprise_inconnue');
    expect(res.headers.get('x-credits-charged')).to.be.oneOf([null, '0']);
  });

  it('without a key or payment: 402 with the route’s price', async () => {
    const { res, body } = await get(SUCRERIES, {});
    expect(res.status).to.equal(402);
    expect(JSON.stringify(body)).to.contain('0.02');
  });

  it('is in the OpenAPI document at $0.02 with its refusals', async () => {
    const doc = (await (await fetch(`${t.baseUrl}/openapi.json`)).json()) as Json;
    const op = doc.paths['/v1/entreprise/{siren}/financements-ue'].get;
    expect(op['x-prix']).to.equal('$0.02');
    expect(op.responses['400'].description).to.contain('entreprise_individuelle_non_couverte');
  });
});

describe(`GET /v1/entreprise/{siren}/financements-ue: refusals and freshness (${targetDescription})`, () => {
  let t: RunningService;
  let now = new Date('2026-11-10T10:00:00Z');
  const get = async (siren: string) => {
    const res = await fetch(`${t.baseUrl}/v1/entreprise/${siren}/financements-ue`);
    return { res, text: await res.text() };
  };

  before(async () => {
    t = await startTestService({
      projections: [unitesLegalesProjection, euCordisProjection],
      routes: [financementsUeRoute],
      registers: REGISTERS,
      payment: false,
      now: () => now,
    });
    await ingestSireneSample({ knex: t.db.knex, store: t.service.store }, { version: '2026-11-01' });
    await ingestEuCordis({
      knex: t.db.knex,
      store: t.service.store,
      logger: testLogger,
      files: CORDIS_FILES,
      snapshotDate: '2026-11-01',
    });
    await t.service.runner.caughtUp();
  });
  after(() => t.stop());

  it('a sole proprietor is refused as on the profile, 400, and not named', async () => {
    const { res, text } = await get(SOLE_TRADER);
    expect(res.status).to.equal(400);
    expect(JSON.parse(text)).to.include({ error: 'entreprise_individuelle_non_couverte', champ: 'siren' });
    expect(text).not.to.match(/WATTEBLED|GEORGES/i);
  });

  it('a company of the Sirene sample with no participation answers aucun_financement', async () => {
    const { res, text } = await get('005420120');
    expect(res.status).to.equal(200);
    expect(JSON.parse(text)).to.deep.include({ aucun_financement: true, nombre_participations: 0 });
  });

  it('a CORDIS copy older than 70 days is refused with 503 photo_perimee', async () => {
    now = new Date('2027-01-15T10:00:00Z');
    try {
      const { res, text } = await get('005420120');
      expect(res.status).to.equal(503);
      expect(JSON.parse(text).error).to.equal('photo_perimee');
    } finally {
      now = new Date('2026-11-10T10:00:00Z');
    }
  });
});
