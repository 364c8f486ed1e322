import { expect } from 'chai';
import { contentieuxBody } from '../../../api/routes/contentieux.ts';
import { decisionPath } from '../../../ingest/fr-judilibre/frJudilibreLive.ts';
import { extractJudilibre } from '../../../ingest/fr-judilibre/judilibreAnswers.ts';
import type { JudilibreDecisionRecord } from '../../../schemas/events/frJudilibreEvents.ts';
import { recordedJson, SAMPLE_DECISIONS } from '../../ingest/fr-judilibre/judilibreSamples.ts';

const COMPANY = { siren: '552032534', denomination: 'UBER FRANCE' };
const observation = (at: string) => ({
  url: 'http://replay.local/x',
  observedAt: at,
  bodySha256: 'ab',
  cached: false,
});

function record(file: string, id: string): JudilibreDecisionRecord {
  const url = `http://replay.local/fr.judilibre${decisionPath(id, COMPANY)}`;
  return extractJudilibre(200, recordedJson(file), url) as JudilibreDecisionRecord;
}

// The Court's sample decisions, parsed as the log keeps them. The Cour de cassation's names Uber France (a tie
// by name); the tribunal de commerce's debtor is pseudonymised ([A]), so its tie is given here: what is tested
// is how the answer counts and flags what the reader tied.
const cassation = record(SAMPLE_DECISIONS.cassation, '5fca25d9cbbf603303c4ff89');
const liquidation = {
  ...record(SAMPLE_DECISIONS.commerce, '6777e09c42e668db5e0515c2'),
  rattachement: { mode_rattachement: 'siren_dans_le_texte', confiance: 'certain', role: null },
} satisfies JudilibreDecisionRecord;

const body = contentieuxBody(COMPANY, {
  decisions: [
    { record: cassation, observation: observation('2026-11-25T10:00:01.000Z') },
    { record: liquidation, observation: observation('2026-11-25T10:00:02.000Z') },
  ],
  searches: [observation('2026-11-25T10:00:00.000Z')],
  tronque: false,
});

describe('Contentieux: the answer from the decisions tied (unit)', () => {
  it('serves each decision member for member, newest first, with its official page', () => {
    expect(body.decisions).to.deep.equal([
      {
        id_judilibre: '6777e09c42e668db5e0515c2',
        date: '2022-11-22',
        juridiction: 'Tribunal de commerce de La Roche-sur-Yon',
        nature: 'procedure_collective',
        role: null,
        mode_rattachement: 'siren_dans_le_texte',
        confiance: 'certain',
        redondante_bodacc: true,
        url_officielle: 'https://www.courdecassation.fr/decision/6777e09c42e668db5e0515c2',
        autres_sirens: [],
      },
      {
        id_judilibre: '5fca25d9cbbf603303c4ff89',
        date: '2020-11-18',
        juridiction: 'Cour de cassation',
        nature: 'autre_litige',
        role: 'demandeur',
        mode_rattachement: 'denomination_dans_le_texte',
        confiance: 'faible',
        redondante_bodacc: false,
        url_officielle: 'https://www.courdecassation.fr/decision/5fca25d9cbbf603303c4ff89',
        autres_sirens: [],
      },
    ]);
  });

  it('counts the decisions by nature in synthese, every nature of the closed list present', () => {
    expect(body.synthese).to.deep.equal({
      nombre_decisions: 2,
      par_nature: {
        procedure_collective: 1,
        condamnation_ou_injonction_a_payer: 0,
        refere: 0,
        expertise: 0,
        autre_litige: 1,
      },
    });
  });

  it('flags only the insolvency judgment as redundant with the BODACC', () => {
    const flagged = (body.decisions as { nature: string; redondante_bodacc: boolean }[]).map((d) => [
      d.nature,
      d.redondante_bodacc,
    ]);
    expect(flagged).to.deep.equal([
      ['procedure_collective', true],
      ['autre_litige', false],
    ]);
  });

  it('states partial coverage, the latest consultation and a complete list when nothing was cut', () => {
    expect(body).to.include({ siren: COMPANY.siren, exhaustivite: 'partielle', tronque: false });
    expect(body.consulte_le).to.equal('2026-11-25T10:00:02.000Z');
    expect(body.listes_bornees).to.deep.equal({
      decisions: { nombre_total: 2, tronque: false, total_borne_basse: false },
    });
  });

  it('serves no word of the decisions’ texts: no line of them is in the answer', () => {
    const served = JSON.stringify(body);
    for (const file of [SAMPLE_DECISIONS.cassation, SAMPLE_DECISIONS.commerce]) {
      const lines = String(recordedJson(file).text)
        .split('\n')
        .map((l) => l.trim())
        .filter((l) => l.length >= 30);
      expect(lines.length).to.be.greaterThan(10);
      for (const line of lines) expect(served).to.not.contain(line);
    }
    expect(served).to.not.contain('TEILLET').and.not.contain('MOUILLARD');
  });
});
