import { expect } from 'chai';
import { decisionPath, JUDILIBRE_DEMO_COMPANY } from '../../../ingest/fr-judilibre/frJudilibreLive.ts';
import { extractJudilibre } from '../../../ingest/fr-judilibre/judilibreAnswers.ts';
import { companySirensIn, foldText, tieOf } from '../../../ingest/fr-judilibre/judilibreTie.ts';
import type { JudilibreDecisionRecord } from '../../../schemas/events/frJudilibreEvents.ts';
import { recordedJson, SAMPLE_DECISIONS } from './judilibreSamples.ts';

const BASE = 'http://replay.local/fr.judilibre';
const DANONE = { siren: '552032534', denomination: 'DANONE' };

/** The record of a recorded decision read for `company`. */
function read(file: string, id: string, company: { siren: string; denomination: string | null }) {
  return extractJudilibre(
    200,
    recordedJson(file),
    `${BASE}${decisionPath(id, company)}`,
  ) as JudilibreDecisionRecord;
}

// The tie reader on sentences written for these tests: no recorded decision writes a company's SIREN (see
// ingest/fr-judilibre/live/SOURCE.txt), so the certain tie is proven on the reader itself.
describe('Judilibre: how a decision is tied to a company (unit)', () => {
  it('its SIREN written in the text, grouped as the RCS writes it: certain', () => {
    const text = foldText(
      'La SA Danone, immatriculée au RCS de Paris sous le numéro 552 032 534, demanderesse,',
    );
    expect(tieOf(text, DANONE)).to.deep.equal({
      mode_rattachement: 'siren_dans_le_texte',
      confiance: 'certain',
      role: 'demandeur',
    });
  });

  it('its SIREN after a defending-side marker: the company is the defendant', () => {
    const text = foldText('DEMANDEUR : la société X. DÉFENDERESSE : la société Danone (RCS Paris 552032534)');
    expect(tieOf(text, DANONE)?.role).to.equal('defendeur');
  });

  it('its name alone is never certain, even written as a company’s', () => {
    const text = foldText('Appelante : la société Uber France, société par actions simplifiée');
    const tie = tieOf(text, { siren: DANONE.siren, denomination: 'UBER FRANCE' });
    expect(tie?.mode_rattachement).to.equal('denomination_dans_le_texte');
    expect(tie?.confiance).to.not.equal('certain');
  });

  it('a name of two significant words written after `société`: probable; a generic one: no tie', () => {
    const text = foldText('contre la société Sucreries du Marquenterre, défenderesse');
    expect(tieOf(text, JUDILIBRE_DEMO_COMPANY)).to.equal(null); // the registered name is not written whole
    const named = tieOf(foldText('contre la SAS Grande Fabrique Lilloise'), {
      siren: DANONE.siren,
      denomination: 'GRANDE FABRIQUE LILLOISE',
    });
    expect(named).to.deep.equal({
      mode_rattachement: 'denomination_dans_le_texte',
      confiance: 'probable',
      role: 'defendeur',
    });
    expect(
      tieOf(foldText('la société France SA'), { siren: DANONE.siren, denomination: 'FRANCE SA' }),
    ).to.equal(null);
  });

  it('other companies: Luhn-valid SIRENs written as a company’s number only', () => {
    const text = foldText(
      'la société A (RCS Lyon 552 032 534), la société B, SIRET 314 685 454 00017, la facture n° 552032535, ' +
        'et la société C, 879 574 283 R.C.S. Nanterre',
    );
    expect([...companySirensIn(text).keys()].sort()).to.deep.equal(['314685454', '552032534', '879574283']);
  });
});

describe('Judilibre: a recorded decision as the log keeps it (unit)', () => {
  it('the Cour de cassation’s sample, read for Uber France: tied by name only (faible), claimant', () => {
    const record = read(SAMPLE_DECISIONS.cassation, '5fca25d9cbbf603303c4ff89', {
      siren: DANONE.siren,
      denomination: 'UBER FRANCE',
    });
    expect(record).to.deep.equal({
      kind: 'fr-judilibre-decision',
      id_judilibre: '5fca25d9cbbf603303c4ff89',
      date: '2020-11-18',
      juridiction: 'Cour de cassation',
      nature: 'autre_litige',
      siren: DANONE.siren,
      rattachement: {
        mode_rattachement: 'denomination_dans_le_texte',
        confiance: 'faible',
        role: 'demandeur',
      },
      autres_sirens: [],
    });
  });

  it('the tribunal de commerce’s liquidation judgment: procedure_collective, from its title', () => {
    const record = read(SAMPLE_DECISIONS.commerce, '6777e09c42e668db5e0515c2', JUDILIBRE_DEMO_COMPANY);
    expect(record.nature).to.equal('procedure_collective');
    expect(record.juridiction).to.equal('Tribunal de commerce de La Roche-sur-Yon');
    expect(record.rattachement).to.equal(null);
  });

  it('costs under article 700 are not an order to pay: the cour d’appel’s and the Cour’s samples are other disputes', () => {
    expect(
      read(SAMPLE_DECISIONS.appel, '5fca25d9cbbf603303c4ff890ca', JUDILIBRE_DEMO_COMPANY).nature,
    ).to.equal('autre_litige');
    expect(
      read(SAMPLE_DECISIONS.cassation, '5fca25d9cbbf603303c4ff89', JUDILIBRE_DEMO_COMPANY).nature,
    ).to.equal('autre_litige');
  });

  it('the structured fields decide before the text: a summary-proceedings formation is refere', () => {
    const json = { ...recordedJson(SAMPLE_DECISIONS.commerce), formation: 'Formation des référés' };
    const record = extractJudilibre(
      200,
      json,
      `${BASE}${decisionPath('6777e09c42e668db5e0515c2', JUDILIBRE_DEMO_COMPANY)}`,
    ) as JudilibreDecisionRecord;
    expect(record.nature).to.equal('refere');
  });

  it('a decision withdrawn since the search (404) is recorded as absent, with nothing of it', () => {
    const url = `${BASE}${decisionPath('6777e09c42e668db5e0515c2', JUDILIBRE_DEMO_COMPANY)}`;
    expect(extractJudilibre(404, null, url)).to.deep.equal({
      kind: 'fr-judilibre-decision-absente',
      id_judilibre: '6777e09c42e668db5e0515c2',
    });
  });

  it('an answer that is not a decision is refused as unreadable', () => {
    expect(() => extractJudilibre(200, [], `${BASE}${decisionPath('x', JUDILIBRE_DEMO_COMPANY)}`)).to.throw(
      /unreadable/,
    );
  });
});
