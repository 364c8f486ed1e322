import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'chai';
import { dossierRoute } from '../../../api/routes/dossier.ts';
import { REGISTERS } from '../../../app/registers.ts';
import { ingestFrRatiosInpiBce } from '../../../ingest/fr-ratios-inpi-bce/ingestFrRatiosInpiBce.ts';
import { listeProjection } from '../../../projections/fr-entreprises-liste/listeProjection.ts';
import { etablissementsProjection } from '../../../projections/fr-sirene-etablissements/etablissementsProjection.ts';
import { unitesLegalesProjection } from '../../../projections/fr-sirene-unites-legales/unitesLegalesProjection.ts';
import { testLogger } from '../../support/database.ts';
import { SOLE_TRADER } from '../../support/gazetteFixtures.ts';
import { type RunningService, startTestService } from '../../support/service.ts';
import { ingestSireneSample } from '../../support/sireneSample.ts';

const RATIOS_SAMPLE = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../fixtures/fr-ratios-inpi-bce/ratios_inpi_bce_sample.csv',
);

// biome-ignore lint/suspicious/noExplicitAny: response bodies are checked member by member
type Body = Record<string, any>;

/** The dossier where only Sirene is held: no BODACC copy, no filed accounts (payment off). */
describe('GET /v1/entreprise/{siren}/dossier with only Sirene held (e2e)', () => {
  let t: RunningService;
  let now = new Date('2026-11-10T10:00:00Z');
  const get = async (siren: string, blocs: string) => {
    const res = await fetch(`${t.baseUrl}/v1/entreprise/${siren}/dossier?blocs=${blocs}`);
    return { res, body: (await res.json()) as Body };
  };

  before(async () => {
    t = await startTestService({
      projections: [unitesLegalesProjection, etablissementsProjection],
      routes: [dossierRoute],
      registers: REGISTERS,
      payment: false,
      now: () => now,
    });
    await ingestSireneSample({ knex: t.db.knex, store: t.service.store }, { version: '2026-11-01' });
    await t.service.runner.caughtUp();
  });
  after(() => t.stop());

  it('a block whose copy is missing is absent with copie_indisponible; the others are served', async () => {
    const { res, body } = await get('005420120', 'etablissements,alertes_bodacc,finances');
    expect(res.status).to.equal(200);
    expect(Object.keys(body.blocs)).to.deep.equal(['etablissements']);
    expect(body.blocs_absents.map((a: Body) => [a.bloc, a.raison])).to.deep.equal([
      ['alertes_bodacc', 'copie_indisponible'],
      ['finances', 'copie_indisponible'],
    ]);
    expect(body.blocs_absents[0].message).to.contain('fr.bodacc').and.contain(' / ');
    expect(body.resume).to.deep.equal({ demandes: 3, servis: 1, absents: 2, dont_panne_amont: 0 });
    expect(body.provenance.map((p: Body) => p.registre)).to.deep.equal(['fr.sirene']);
  });

  it('a sole trader is refused as on the profile, and not named', async () => {
    const res = await fetch(`${t.baseUrl}/v1/entreprise/${SOLE_TRADER}/dossier?blocs=etablissements`);
    const text = await res.text();
    expect(res.status).to.equal(400);
    expect(JSON.parse(text)).to.include({ error: 'entreprise_individuelle_non_couverte', champ: 'siren' });
    expect(text).not.to.match(/WATTEBLED|GEORGES/i);
  });

  it('a stale Sirene copy refuses the whole dossier: the identity is its base', async () => {
    now = new Date('2027-03-01T10:00:00Z');
    try {
      const { res, body } = await get('005420120', 'etablissements');
      expect(res.status).to.equal(503);
      expect(body.error).to.equal('photo_perimee');
    } finally {
      now = new Date('2026-11-10T10:00:00Z');
    }
  });
});

/** Filed accounts held but older than their register's 45-day threshold, Sirene fresh (payment off). */
describe('GET /v1/entreprise/{siren}/dossier with a stale accounts copy (e2e)', () => {
  let t: RunningService;

  before(async () => {
    t = await startTestService({
      projections: [unitesLegalesProjection, etablissementsProjection, listeProjection],
      routes: [dossierRoute],
      registers: REGISTERS,
      payment: false,
      now: () => new Date('2026-11-10T10:00:00Z'),
    });
    await ingestSireneSample({ knex: t.db.knex, store: t.service.store }, { version: '2026-11-01' });
    await ingestFrRatiosInpiBce({
      knex: t.db.knex,
      store: t.service.store,
      logger: testLogger,
      file: RATIOS_SAMPLE,
      snapshotDate: '2026-08-31',
    });
    await t.service.runner.caughtUp();
  });
  after(() => t.stop());

  it('the finances block is absent with copie_indisponible, not charged, and the dossier is served', async () => {
    const res = await fetch(`${t.baseUrl}/v1/entreprise/005420120/dossier?blocs=finances,etablissements`);
    const body = (await res.json()) as Body;
    expect(res.status).to.equal(200);
    expect(Object.keys(body.blocs)).to.deep.equal(['etablissements']);
    expect(body.blocs_absents).to.have.length(1);
    expect(body.blocs_absents[0]).to.include({ bloc: 'finances', raison: 'copie_indisponible' });
    expect(body.blocs_absents[0].message).to.contain('photo_perimee');
    expect(body.provenance.map((p: Body) => p.registre)).to.deep.equal(['fr.sirene']);
  });
});
