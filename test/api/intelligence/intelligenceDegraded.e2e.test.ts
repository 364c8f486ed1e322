import { expect } from 'chai';
import { intelligenceRoute } from '../../../api/routes/intelligence/intelligenceRoute.ts';
import { REGISTERS } from '../../../app/registers.ts';
import { etablissementsProjection } from '../../../projections/fr-sirene-etablissements/etablissementsProjection.ts';
import { unitesLegalesProjection } from '../../../projections/fr-sirene-unites-legales/unitesLegalesProjection.ts';
import { targetDescription } from '../../support/database.ts';
import { type RunningService, startTestService } from '../../support/service.ts';
import { ingestSireneSample } from '../../support/sireneSample.ts';

// biome-ignore lint/suspicious/noExplicitAny: response bodies are checked member by member
type Body = Record<string, any>;

/** The report where only Sirene is held (payment off): no BODACC, accounts, contracts… and no live source. */
describe(`GET /v1/intelligence/{siren} with only Sirene held (e2e, ${targetDescription})`, () => {
  let t: RunningService;
  let now = new Date('2026-11-10T10:00:00Z');
  const get = async (siren: string) => {
    const res = await fetch(`${t.baseUrl}/v1/intelligence/${siren}`);
    return { res, body: (await res.json()) as Body };
  };

  before(async () => {
    t = await startTestService({
      projections: [unitesLegalesProjection, etablissementsProjection],
      routes: [intelligenceRoute],
      registers: REGISTERS,
      payment: false,
      now: () => now,
    });
    await ingestSireneSample({ knex: t.db.knex, store: t.service.store }, { version: '2026-11-01' });
    await t.service.runner.caughtUp();
  });
  after(() => t.stop());

  it('serves the profile and what Sirene holds; every other block absent with its reason', async () => {
    const { res, body } = await get('005420120');
    expect(res.status).to.equal(200);
    expect(Object.keys(body.blocs)).to.deep.equal(['etablissements', 'groupe_lei']);
    expect(body.blocs.groupe_lei.etat).to.equal('indisponible');
    const reasons = Object.fromEntries(body.blocs_absents.map((a: Body) => [a.bloc, a.raison]));
    expect(reasons).to.deep.equal({
      dirigeants: 'registre_non_configure',
      comptes: 'copie_indisponible',
      score: 'copie_indisponible',
      procedures_collectives: 'copie_indisponible',
      changements: 'copie_indisponible',
      marches_publics: 'copie_indisponible',
      marches_publics_ue: 'copie_indisponible',
      financements_ue: 'copie_indisponible',
      agrements: 'copie_indisponible',
      contentieux: 'registre_non_configure',
      documents: 'registre_non_configure',
      lobbying: 'copie_indisponible',
      risques_industriels: 'copie_indisponible',
      pi: 'copie_indisponible',
    });
    expect(body.synthese.blocs).to.deep.equal({ servis: 2, absents: 14, dont_panne_amont: 0 });
    expect(body.synthese.drapeaux).to.deep.equal([]);
  });

  it('a stale Sirene copy refuses the whole report, as the profile', async () => {
    now = new Date('2027-03-01T10:00:00Z');
    try {
      const { res, body } = await get('005420120');
      expect(res.status).to.equal(503);
      expect(body.error).to.equal('photo_perimee');
    } finally {
      now = new Date('2026-11-10T10:00:00Z');
    }
  });
});
