import { expect } from 'chai';
import { rankedByName, searchByIdentifier } from '../../../ingest/core/liveProfileMatch.ts';
import type { LiveProfileAnswer, LiveSearchRecord } from '../../../schemas/europe/euLiveRegister.ts';
import { type EuProfileRow, naturalPersonRow } from '../../../schemas/europe/euProfileRow.ts';

const found = (...names: string[]): LiveSearchRecord => ({
  kind: 'eu-recherche',
  total: 40,
  resultats: names.map((denomination, i) => ({
    id_national: String(10_000_000 + i),
    denomination,
    statut: 'actif',
    ville: 'Praha',
  })),
});

const observation = {
  url: 'https://ares.gov.cz/ekonomicke-subjekty-v-be/rest/ekonomicke-subjekty/27074358',
  observedAt: '2026-11-29T18:00:00.000Z',
  bodySha256: 'a'.repeat(64),
  cached: false,
};

const company: EuProfileRow = {
  ...naturalPersonRow('27074358'),
  personne_physique: false,
  denomination: 'Asseco Central Europe, a.s.',
  statut: 'actif',
  ville: 'Praha',
};

describe('The search steps every live register shares', () => {
  describe('rankedByName', () => {
    it('puts the names closest to the query first, whatever order the register answered in', () => {
      const matches = rankedByName(
        'Skoda Auto',
        found('Skoda Transportation', 'ŠKODA AUTO a.s.', 'Škoda Auto'),
        10,
      );
      expect(matches.map((m) => m.denomination)).to.deep.equal([
        'Škoda Auto',
        'ŠKODA AUTO a.s.',
        'Skoda Transportation',
      ]);
      expect(matches[0]).to.include({ score: 1, correspondance: 'denomination_exacte' });
      expect(matches[1]?.correspondance).to.equal('denomination_approchee');
    });

    it("keeps the register's order between names that score the same", () => {
      const matches = rankedByName('zzz', found('Alfa', 'Beta', 'Gama'), 10);
      expect(new Set(matches.map((m) => m.score)).size).to.equal(1);
      expect(matches.map((m) => m.denomination)).to.deep.equal(['Alfa', 'Beta', 'Gama']);
    });

    it('answers at most the limit asked, the best of a longer page', () => {
      const matches = rankedByName('Nokia Oyj', found('Fiskars Oyj', 'Nokia Oy', 'Nokia Oyj'), 2);
      expect(matches.map((m) => m.denomination)).to.deep.equal(['Nokia Oyj', 'Nokia Oy']);
    });
  });

  describe('searchByIdentifier', () => {
    it('answers the company of the profile read, with that read as its observation', async () => {
      const asked: string[] = [];
      const profile = async (id: string): Promise<LiveProfileAnswer> => {
        asked.push(id);
        return { record: { kind: 'eu-profil', pays: 'CZ', id_national: id, profil: company }, observation };
      };
      const answer = await searchByIdentifier(profile, '27074358');
      expect(asked).to.deep.equal(['27074358']);
      expect(answer).to.deep.equal({
        matches: [
          {
            id_national: '27074358',
            denomination: 'Asseco Central Europe, a.s.',
            statut: 'actif',
            ville: 'Praha',
            score: 1,
            correspondance: 'identifiant_national',
          },
        ],
        total: 1,
        observation,
      });
    });

    it('answers nothing for a natural person or an unknown identifier', async () => {
      for (const profil of [naturalPersonRow('27074358'), null]) {
        const answer = await searchByIdentifier(
          async (id) => ({ record: { kind: 'eu-profil', pays: 'CZ', id_national: id, profil }, observation }),
          '27074358',
        );
        expect(answer.matches).to.deep.equal([]);
        expect(answer.total).to.equal(0);
      }
    });
  });
});
