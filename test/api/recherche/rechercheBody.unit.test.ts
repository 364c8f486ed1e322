import { expect } from 'chai';
import { ApiError } from '../../../api/errors/apiError.ts';
import { rechercheBody } from '../../../api/routes/recherche.ts';
import type { FoundCompany } from '../../../projections/fr-sirene-recherche/searchStages.ts';

const company = (siren: string, pertinence: number): FoundCompany => ({
  siren,
  denomination: `SOCIETE ${siren}`,
  etat: 'A',
  activite_principale: '46.76Z',
  commune: 'GUERANDE',
  code_postal: '44350',
  pertinence,
});

describe('search answer body', () => {
  it('an abandoned stage with results is a partial answer that names the stage', () => {
    const body = rechercheBody({
      companies: [company('005480546', 1)],
      total: 1,
      abandoned: ['nom_approchant'],
    });
    expect(body).to.include({ resultats_partiels: true, total_results: 1 });
    expect(body.etages_abandonnes).to.deep.equal(['nom_approchant']);
  });

  it('an abandoned stage with nothing found is 503 recherche_indisponible', () => {
    const call = () => rechercheBody({ companies: [], total: 0, abandoned: ['nom_approchant'] });
    expect(call).to.throw(ApiError).with.property('code', 'recherche_indisponible');
    try {
      call();
    } catch (e) {
      expect((e as ApiError).status).to.equal(503);
    }
  });

  it('a capped count says the total is a lower bound', () => {
    const body = rechercheBody({
      companies: [company('005480546', 0.9)],
      total: 1000,
      abandoned: [],
      totalIsLowerBound: true,
    });
    expect(body.note_troncature).to.contain(' / ');
    expect(body.tronque).to.equal(true);
  });

  it('at most 10 results are served and scores are rounded within 0..1', () => {
    const many = Array.from({ length: 12 }, (_, i) => company(String(i).padStart(9, '0'), 0.123456));
    const body = rechercheBody({ companies: many, total: 12, abandoned: [] });
    expect(body.resultats).to.have.length(10);
    expect((body.resultats as { score_confiance: number }[])[0]!.score_confiance).to.equal(0.123);
  });
});
