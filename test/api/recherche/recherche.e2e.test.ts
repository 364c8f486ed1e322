import { expect } from 'chai';
import { frenchVatKey } from '../../../schemas/params/frenchIdentifier.ts';
import { targetDescription } from '../../support/database.ts';
import type { RunningService } from '../../support/service.ts';
import {
  type RankingCases,
  type RechercheAnswer,
  rankingCases,
  search,
  startRechercheService,
} from './rechercheService.ts';

const SBTP = '005480082';
const sirens = (body: RechercheAnswer) => body.resultats.map((r) => r.siren);

describe(`GET /v1/recherche (e2e, ${targetDescription})`, () => {
  let t: RunningService;
  let cases: RankingCases;
  before(async () => {
    const made = await rankingCases();
    cases = made.cases;
    t = await startRechercheService(made.edit);
  });
  after(() => t.stop());

  describe('answer shape', () => {
    it('is a priced answer with the envelope, the Sirene provenance and every member of the contract', async () => {
      const { res, body } = await search(t, 'societe bretonne de travaux publics');
      expect(res.status).to.equal(200);
      expect(Object.keys(body).slice(0, 5)).to.deep.equal([
        'citation',
        'provenance',
        'source',
        'disclaimer',
        'data_freshness',
      ]);
      expect(body.provenance).to.deep.equal([
        {
          registre: 'fr.sirene',
          version: '2026-11-01',
          empreinte_sha256: 'f'.repeat(64),
          date_photo: '2026-11-01',
        },
      ]);
      expect(body).to.include.keys(
        'total_results',
        'tronque',
        'aucune_correspondance_fiable',
        'resultats_partiels',
        'etages_abandonnes',
        'resultats',
      );
      expect(body.etages_abandonnes).to.deep.equal([]);
      expect(body.resultats_partiels).to.equal(false);
      expect(res.headers.get('signature')).to.match(/^sig1=:/);
    });

    it('a result carries every member of the contract, the head office city and postal code', async () => {
      const { body } = await search(t, 'SOCIETE DE DISTRIBUTION DE PAPIER');
      expect(body.resultats[0]).to.deep.equal({
        siren: '005480546',
        denomination: 'SOCIETE DE DISTRIBUTION DE PAPIER',
        statut_diffusion: 'diffusible',
        etat_administratif: 'actif',
        activite_principale: '17.12Z',
        commune_siege: 'GUERANDE',
        code_postal_siege: '44350',
        score_confiance: 1,
      });
    });
  });

  describe('names', () => {
    it('an exact name comes first with full confidence', async () => {
      const { body } = await search(t, 'ETABLISSEMENTS MERCIER');
      expect(body.resultats[0]).to.include({ siren: '005520077', score_confiance: 1 });
      expect(body.aucune_correspondance_fiable).to.equal(false);
    });

    it('word order and accents do not matter', async () => {
      const { body } = await search(t, 'Travaux publics Société Bretonne');
      expect(sirens(body)).to.include(SBTP);
      expect(body.resultats.find((r) => r.siren === SBTP)?.score_confiance).to.equal(1);
    });

    it('typos are tolerated', async () => {
      const { body } = await search(t, 'societe bretone de traveaux public');
      const real = body.resultats.find((r) => r.siren === SBTP);
      expect(real?.score_confiance).to.be.at.least(0.5);
      expect(sirens(body).slice(0, 3)).to.include(SBTP);
    });

    it('two adjacent letters swapped in a one-word name still find it first', async () => {
      const { body } = await search(t, 'sodpia');
      expect(sirens(body)[0]).to.equal('005480546');
      // A slip, not another name: scored as corrected, and not flagged as a closest guess.
      expect(body.aucune_correspondance_fiable).to.equal(false);
    });

    it('a name followed by its town of several words finds the company first', async () => {
      const { body } = await search(t, 'societe bretonne de travaux publics saint malo de phily');
      expect(sirens(body)[0]).to.be.oneOf([SBTP, cases.largeTwin, cases.ceasedTwin]);
      expect(body.resultats[0]!.score_confiance).to.be.at.least(0.5);
    });

    it('a misspelt generic word does not hide the name: found first, and not flagged', async () => {
      // « ETABLISSEMENTS » is no name's indexed word; misspelt, it was taken for one, and nothing was found.
      const { body } = await search(t, 'etablissemennts henty duval');
      expect(body.resultats[0]?.denomination).to.equal('ETABLISSEMENTS HENRY DUVAL');
      expect(body.aucune_correspondance_fiable).to.equal(false);
    });

    it('a sigle finds its company', async () => {
      const { body } = await search(t, 'sodipa');
      expect(sirens(body)).to.deep.equal(['005480546']);
    });

    it('a word of the name finds it, with a confidence below an exact match', async () => {
      const { body } = await search(t, 'quincaillerie');
      expect(body.resultats[0]!.siren).to.equal('005480231');
      expect(body.resultats[0]!.score_confiance).to.be.within(0.5, 0.99);
    });
  });

  describe('ranking', () => {
    it('an exact name beats a fuzzy one, even ceased against active and large', async () => {
      const { body } = await search(t, 'eden cinema');
      expect(sirens(body).slice(0, 2)).to.deep.equal(['005520200', cases.edenFuzzy]);
      expect(body.resultats[0]!.etat_administratif).to.equal('cesse');
      expect(body.resultats[1]!.score_confiance).to.be.below(1);
    });

    it('active beats ceased among equal names', async () => {
      const { body } = await search(t, 'SOCIETE BRETONNE DE TRAVAUX PUBLICS');
      const order = sirens(body);
      expect(order.indexOf(SBTP)).to.be.below(order.indexOf(cases.ceasedTwin));
      expect(order.indexOf(cases.largeTwin)).to.be.below(order.indexOf(cases.ceasedTwin));
    });

    it('larger beats smaller among equal names and states', async () => {
      const { body } = await search(t, 'SOCIETE BRETONNE DE TRAVAUX PUBLICS');
      expect(sirens(body).slice(0, 3)).to.deep.equal([cases.largeTwin, SBTP, cases.ceasedTwin]);
    });
  });

  describe('counting', () => {
    it('total_results counts every match while 10 are served, and tronque says so', async () => {
      const { body } = await search(t, 'boulangerie du quartier');
      expect(body.resultats).to.have.length(10);
      expect(body.total_results).to.equal(12);
      expect(body.tronque).to.equal(true);
      expect(body).not.to.have.property('note_troncature');
    });

    it('the bounded list is described in listes_bornees, as total_results and tronque say', async () => {
      for (const q of ['boulangerie du quartier', 'sodipa', 'zzyzx qwertyuiop']) {
        const { body } = await search(t, q);
        expect(body.listes_bornees, q).to.deep.equal({
          resultats: { nombre_total: body.total_results, tronque: body.tronque, total_borne_basse: false },
        });
      }
    });

    it('tronque is false when every match is served', async () => {
      const { body } = await search(t, 'sodipa');
      expect(body.total_results).to.equal(1);
      expect(body.tronque).to.equal(false);
    });
  });

  describe('confidence', () => {
    it('no match at all is flagged with a bilingual note', async () => {
      const { res, body } = await search(t, 'zzyzx qwertyuiop');
      expect(res.status).to.equal(200);
      expect(body.resultats).to.deep.equal([]);
      expect(body.total_results).to.equal(0);
      expect(body.aucune_correspondance_fiable).to.equal(true);
      expect(body.note_correspondance).to.contain(' / ');
    });

    it('results whose best confidence is under 0.5 are flagged as closest guesses', async () => {
      const { body } = await search(t, 'bretonne alpine');
      expect(body.resultats.length).to.be.greaterThan(0);
      expect(Math.max(...body.resultats.map((r) => r.score_confiance))).to.be.below(0.5);
      expect(body.aucune_correspondance_fiable).to.equal(true);
      expect(body.note_correspondance).to.match(/plus proches .* \/ .*closest guesses/);
    });

    it('results come in decreasing score_confiance: the score is what they are ranked by', async () => {
      const queries = [
        'fils',
        'marquenterre',
        'travaux',
        'boulangerie',
        'boulangerie du quartier',
        'sucreries marquenterre',
        'bretonne travaux',
        'societe anonyme',
        'autocars',
        'etablissements',
      ];
      let compared = 0;
      for (const q of queries) {
        const scores = (await search(t, q)).body.resultats.map((r) => r.score_confiance);
        for (let i = 1; i < scores.length; i++) {
          expect(scores[i], `${q}: ${scores.join(', ')}`).to.be.at.most(scores[i - 1]!);
          compared++;
        }
      }
      expect(compared).to.be.greaterThan(20);
    });

    it('aucune_correspondance_fiable follows the first result’s score', async () => {
      for (const q of ['fils', 'marquenterre', 'bretonne alpine', 'travaux', 'sodipa']) {
        const { body } = await search(t, q);
        const best = body.resultats[0]?.score_confiance ?? 0;
        expect(body.aucune_correspondance_fiable, q).to.equal(best < 0.5);
      }
    });

    it('every score is between 0 and 1', async () => {
      for (const q of ['fils', 'marquenterre', 'travaux', 'boulangerie']) {
        const { body } = await search(t, q);
        for (const r of body.resultats) expect(r.score_confiance).to.be.within(0, 1);
      }
    });
  });

  describe('identifiers', () => {
    it('a SIREN resolves directly, spaced and labelled', async () => {
      const { body } = await search(t, 'SIREN 005 480 082');
      expect(sirens(body)).to.deep.equal([SBTP]);
      expect(body.resultats[0]!.score_confiance).to.equal(1);
      expect(body.total_results).to.equal(1);
    });

    it('a SIRET resolves to its company', async () => {
      const { body } = await search(t, 'siret 005 480 082 00014');
      expect(sirens(body)).to.deep.equal([SBTP]);
    });

    it('a French VAT number resolves to its company', async () => {
      const key = String(frenchVatKey(SBTP)).padStart(2, '0');
      const { body } = await search(t, `FR ${key} 005 480 082`);
      expect(sirens(body)).to.deep.equal([SBTP]);
    });

    it('a SIREN with a wrong check digit is refused with 400, not searched as a name', async () => {
      const { res, body } = await search(t, '005 480 083');
      expect(res.status).to.equal(400);
      expect(body).to.include({ error: 'parametre_invalide', champ: 'q' });
    });

    it('a VAT number whose key does not match its SIREN is refused with 400', async () => {
      const wrong = String((frenchVatKey(SBTP) + 1) % 97).padStart(2, '0');
      const { res } = await search(t, `FR${wrong}005480082`);
      expect(res.status).to.equal(400);
    });

    it('an unknown but valid SIREN answers no result', async () => {
      const { res, body } = await search(t, '552100554');
      expect(res.status).to.equal(200);
      expect(body.resultats).to.deep.equal([]);
      expect(body.aucune_correspondance_fiable).to.equal(true);
    });
  });

  describe('input cleaning', () => {
    it('unsupported characters are stripped before searching', async () => {
      const { res, body } = await search(t, ' <b>☃ SODIPA ☃</b>;%_ ');
      expect(res.status).to.equal(200);
      expect(sirens(body)).to.deep.equal(['005480546']);
    });

    it('nothing searchable left after cleaning is a 400', async () => {
      const { res, body } = await search(t, '☃<>%;_"');
      expect(res.status).to.equal(400);
      expect(body).to.include({ error: 'parametre_invalide', champ: 'q' });
    });

    it('more than 100 characters after cleaning is a 400, 100 is served', async () => {
      expect((await search(t, 'a'.repeat(101))).res.status).to.equal(400);
      expect((await search(t, `${'☃'.repeat(50)}${'a'.repeat(100)}`)).res.status).to.equal(200);
    });

    it('a missing q is a 400 parametre_manquant, an unknown parameter a 400 parametre_inconnu', async () => {
      const missing = await fetch(`${t.baseUrl}/v1/recherche`);
      expect(missing.status).to.equal(400);
      expect(((await missing.json()) as { error: string }).error).to.equal('parametre_manquant');
      const unknown = await fetch(`${t.baseUrl}/v1/recherche?q=sodipa&page=2`);
      expect(((await unknown.json()) as { error: string }).error).to.equal('parametre_inconnu');
    });

    it('SQL in the text is only text', async () => {
      const { res, body } = await search(t, "sodipa' or '1'='1");
      expect(res.status).to.equal(200);
      expect(body.total_results).to.be.below(5);
    });
  });
});
