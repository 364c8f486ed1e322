import { expect } from 'chai';
import { classeOf, confianceOf, failureJudgmentOf } from '../../schemas/enums/score.ts';

describe('score: the closed lists', () => {
  it('counts the openings of the real notices as failures', () => {
    // jugement.famille and jugement.nature as BODACC publishes them (ingest/fr-bodacc/demo).
    expect(
      failureJudgmentOf(
        "Jugement d'ouverture",
        "Jugement d'ouverture d'une procédure de redressement judiciaire",
      ),
    ).to.equal('ouverture_redressement_judiciaire');
    expect(
      failureJudgmentOf("Jugement d'ouverture", "Jugement d'ouverture de liquidation judiciaire"),
    ).to.equal('ouverture_liquidation_judiciaire');
  });

  it('does not count plans, closings or judgments about a person', () => {
    expect(
      failureJudgmentOf(
        'Jugement arrêtant le plan de redressement',
        'Jugement arrêtant le plan de redressement',
      ),
    ).to.be.null;
    expect(failureJudgmentOf('Jugement de clôture', "Jugement de clôture pour insuffisance d'actif")).to.be
      .null;
    expect(failureJudgmentOf('Extrait de jugement', "Jugement d'interdiction de gérer")).to.be.null;
    expect(failureJudgmentOf(null, null)).to.be.null;
  });

  it('classes a probability by the thresholds of 2, 5 and 15 %', () => {
    expect([0, 0.0199, 0.02, 0.049, 0.05, 0.1499, 0.15, 1].map(classeOf)).to.deep.equal([
      'sain',
      'sain',
      'a_surveiller',
      'a_surveiller',
      'fragile',
      'fragile',
      'risque_eleve',
      'risque_eleve',
    ]);
  });

  it('is never above faible under 10,000 companies', () => {
    expect(confianceOf(9_999, { auc: 0.99, positives: 500 })).to.equal('faible');
    expect(confianceOf(10_000, { auc: null, positives: 0 })).to.equal('faible');
    expect(confianceOf(10_000, { auc: 0.8, positives: 500 })).to.equal('moyenne');
    expect(confianceOf(10_000, { auc: 0.9, positives: 100 })).to.equal('elevee');
  });
});
