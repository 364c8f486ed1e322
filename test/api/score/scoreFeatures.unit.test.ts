import { expect } from 'chai';
import { addMonths, isIsoDate, yearsBetween } from '../../../api/routes/score/scoreDates.ts';
import { formeOf, nafSectionOf } from '../../../api/routes/score/scoreFeatures.ts';

describe('score: feature helpers', () => {
  it('moves a date by calendar months, clamping the day', () => {
    expect(addMonths('2024-12-01', 12)).to.equal('2025-12-01');
    expect(addMonths('2024-03-31', -1)).to.equal('2024-02-29');
    expect(addMonths('2025-01-31', -36)).to.equal('2022-01-31');
    expect(yearsBetween('2020-01-01', '2021-01-01')).to.be.closeTo(1, 0.01);
  });

  it('accepts real calendar dates only', () => {
    expect(['2024-02-29', '2024-13-01', '2023-02-29', '24-01-01'].map(isIsoDate)).to.deep.equal([
      true,
      false,
      false,
      false,
    ]);
  });

  it('reads the NAF rev. 2 section of an activity, nothing of another nomenclature', () => {
    // Activities of the Sirene sample (ingest/fr-sirene/demo).
    expect(nafSectionOf('46.69B', 'NAFRev2')).to.equal('G');
    expect(nafSectionOf('70.10Z', 'NAFRev2')).to.equal('M');
    expect(nafSectionOf('56.10C', 'NAFRev2')).to.equal('I');
    expect(nafSectionOf('52.4N', 'NAFRev1')).to.equal(null);
    expect(nafSectionOf(null, null)).to.equal(null);
  });

  it('groups the Sirene legal categories', () => {
    expect(['1000', '5499', '5599', '5710', '6540', '9220'].map(formeOf)).to.deep.equal([
      'forme_entrepreneur_individuel',
      'forme_sarl',
      'forme_sa',
      'forme_sas',
      'forme_societe_civile',
      'forme_autre',
    ]);
  });
});
