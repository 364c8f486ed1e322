import { expect } from 'chai';
import { alertesRoute } from '../../../api/routes/alertes.ts';
import { REGISTERS } from '../../../app/registers.ts';
import { ingestBodaccExport } from '../../../ingest/fr-bodacc/ingestFrBodacc.ts';
import { bodaccAnnoncesProjection } from '../../../projections/fr-bodacc-annonces/bodaccAnnoncesProjection.ts';
import { unitesLegalesProjection } from '../../../projections/fr-sirene-unites-legales/unitesLegalesProjection.ts';
import { testLogger } from '../../support/database.ts';
import {
  AUTOCARS,
  BODACC_EXPORT_1,
  BODACC_EXPORT_2,
  BODACC_SAMPLE,
  GANYMEDE,
  GANYMEDE_UNIT,
  SOLE_TRADER,
  SUCRERIES,
} from '../../support/gazetteFixtures.ts';
import { type RunningService, startTestService } from '../../support/service.ts';
import { ingestSireneSample } from '../../support/sireneSample.ts';

// biome-ignore lint/suspicious/noExplicitAny: response bodies are checked member by member
type Body = Record<string, any>;

describe('GET /v1/entreprise/{siren}/alertes (e2e)', () => {
  let t: RunningService;
  const get = async (siren: string) => {
    const res = await fetch(`${t.baseUrl}/v1/entreprise/${siren}/alertes`);
    return { res, body: (await res.json()) as Body };
  };
  const ingest = async (file: string, date: string) => {
    await ingestBodaccExport({ knex: t.db.knex, store: t.service.store, logger: testLogger, file, date });
    await t.service.runner.caughtUp();
  };

  before(async () => {
    t = await startTestService({
      projections: [bodaccAnnoncesProjection, unitesLegalesProjection],
      routes: [alertesRoute],
      registers: REGISTERS,
      payment: false,
      now: () => new Date('2026-11-23T10:00:00Z'),
    });
    await ingestSireneSample(
      { knex: t.db.knex, store: t.service.store },
      { version: '2026-11-01', extraUnits: [GANYMEDE_UNIT] },
    );
    await ingest(BODACC_SAMPLE, '2026-11-16');
    await ingest(BODACC_EXPORT_1, '2026-11-16');
  });
  after(() => t.stop());

  it('gives the opening (as corrected by its rectificatif) and the plan, newest first', async () => {
    const { res, body } = await get(SUCRERIES);
    expect(res.status).to.equal(200);
    expect(body).to.include({ siren: SUCRERIES, denomination: 'SOCIETE DES SUCRERIES DU MARQUENTERRE' });
    expect(body.alertes).to.deep.equal([
      {
        categorie: 'plan',
        procedure: 'redressement_judiciaire',
        date: '2025-09-09',
        date_origine: 'jugement',
        nature: 'Jugement arrêtant le plan de redressement',
        date_parution: '2025-09-19',
        tribunal: "Greffe du Tribunal de Commerce d'Amiens",
        annonce_id: 'A202501802215',
        type_avis: 'annonce',
      },
      {
        categorie: 'ouverture_procedure',
        procedure: 'redressement_judiciaire',
        date: '2025-03-05',
        date_origine: 'jugement',
        nature: "Jugement d'ouverture d'une procédure de redressement judiciaire",
        date_parution: '2025-03-14',
        tribunal: "Greffe du Tribunal de Commerce d'Amiens",
        annonce_id: 'A20250051877',
        type_avis: 'rectificatif',
      },
    ]);
    expect(body.nombre_alertes).to.equal(2);
    expect(body.note).to.contain(' / ');
  });

  it('a sole trader is refused with 400 entreprise_individuelle_non_couverte, and not named', async () => {
    const res = await fetch(`${t.baseUrl}/v1/entreprise/${SOLE_TRADER}/alertes`);
    const text = await res.text();
    expect(res.status).to.equal(400);
    expect(JSON.parse(text)).to.include({ error: 'entreprise_individuelle_non_couverte', champ: 'siren' });
    expect(text).not.to.match(/WATTEBLED|GEORGES/i);
  });

  it('an unknown SIREN is 404, as on the profile', async () => {
    const { res, body } = await get('552100554');
    expect(res.status).to.equal(404);
    expect(body.error).to.equal('entreprise_inconnue');
  });

  it('names the company from Sirene and cites both registers', async () => {
    const { body } = await get(GANYMEDE);
    expect(body.denomination).to.equal('Ganymède');
    expect(body.provenance.map((p: Body) => p.registre)).to.deep.equal(['fr.bodacc', 'fr.sirene']);
  });

  it('leaves out a judgment about a person, reads a closing, and adds a later radiation', async () => {
    const before = await get(AUTOCARS);
    expect(before.body.alertes).to.have.length(1);
    expect(before.body.alertes[0]).to.include({
      categorie: 'cloture',
      procedure: null,
      nature: "Jugement de clôture pour insuffisance d'actif",
      date: '2026-10-07',
    });
    await ingest(BODACC_EXPORT_2, '2026-11-20');
    const after = await get(AUTOCARS);
    expect(after.body.alertes.map((a: Body) => a.categorie)).to.deep.equal(['radiation', 'cloture']);
    expect(after.body.alertes[0]).to.include({
      nature: "Radiations : Radiation d'office",
      date_origine: 'parution',
      annonce_id: 'B20260222912',
    });
  });

  it('a radiation of the real sample is an alert dated by its publication', async () => {
    const { body } = await get(GANYMEDE);
    expect(body.alertes).to.have.length(1);
    expect(body.alertes[0]).to.include({
      categorie: 'radiation',
      date: '2022-11-23',
      annonce_id: 'B20220227446',
    });
  });

  it('a company without signal gets an empty list and the note that this proves nothing', async () => {
    const { res, body } = await get('005420021');
    expect(res.status).to.equal(200);
    expect(body).to.include({ nombre_alertes: 0 });
    expect(body.note).to.match(/ne prouve pas/);
  });

  it('a malformed SIREN is refused with 400', async () => {
    const { res, body } = await get('12345678');
    expect(res.status).to.equal(400);
    expect(body.champ).to.equal('siren');
  });
});
