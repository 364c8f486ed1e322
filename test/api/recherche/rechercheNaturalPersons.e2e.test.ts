import { expect } from 'chai';
import { UNITE_LEGALE } from '../../../schemas/events/frSireneEvents.ts';
import { targetDescription } from '../../support/database.ts';
import type { RunningService } from '../../support/service.ts';
import { readSireneSample } from '../../support/sireneSample.ts';
import { type RankingCases, rankingCases, search, startRechercheService } from './rechercheService.ts';

/** Every spelling of a person's name a body could show: "NOM PRENOM" and "PRENOM NOM", any case. */
function spellings(record: Record<string, unknown>): string[] {
  const nom = (record.nomUsageUniteLegale ?? record.nomUniteLegale) as string | null;
  const prenom = (record.prenomUsuelUniteLegale ?? record.prenom1UniteLegale) as string | null;
  if (!nom || !prenom) return [];
  return [`${nom} ${prenom}`, `${prenom} ${nom}`].map((s) => s.toUpperCase());
}

describe(`GET /v1/recherche never names a natural person (e2e, ${targetDescription})`, () => {
  let t: RunningService;
  let cases: RankingCases;
  before(async () => {
    const made = await rankingCases();
    cases = made.cases;
    t = await startRechercheService(made.edit);
  });
  after(() => t.stop());

  it('a sole proprietor of the sample is not found by SIREN', async () => {
    expect(cases.soleProprietors.length).to.be.greaterThan(200);
    for (const person of cases.soleProprietors) {
      const { res, body } = await search(t, person.id);
      expect(res.status, person.id).to.equal(200);
      expect(body.resultats, person.id).to.deep.equal([]);
    }
  });

  it('a sole proprietor’s first and last names find no sole proprietor and are never served', async function () {
    this.timeout(180_000);
    const persons = new Set(cases.soleProprietors.map((p) => p.id));
    for (const person of cases.soleProprietors) {
      for (const name of spellings(person.record)) {
        const { res, body, text } = await search(t, name);
        expect(res.status, name).to.equal(200);
        for (const r of body.resultats) expect(persons.has(r.siren), `${name} → ${r.siren}`).to.equal(false);
        expect(text.toUpperCase(), name).not.to.contain(name);
      }
    }
  });

  it('a group of natural persons (legal category 2xxx, e.g. an indivision) is never listed', async () => {
    const groups = (await readSireneSample(UNITE_LEGALE)).filter((u) =>
      String(u.record.categorieJuridiqueUniteLegale).startsWith('2'),
    );
    expect(groups.map((g) => g.record.denominationUniteLegale)).to.include('BRIAND MAURICE INDIVISION');
    for (const g of groups) {
      const name = g.record.denominationUniteLegale as string;
      const { body, text } = await search(t, name);
      expect(body.resultats.map((r) => r.siren)).not.to.include(g.id);
      expect(text.toUpperCase()).not.to.contain(name);
      expect((await search(t, g.id)).body.resultats).to.deep.equal([]);
    }
  });

  it('an undeclared association (9210), refused by the profile, is found neither by name nor by SIREN', async () => {
    const { body } = await search(t, 'amicale des pecheurs du marquenterre');
    expect(body.resultats.map((r) => r.siren)).not.to.include(cases.undeclaredAssociation);
    expect((await search(t, cases.undeclaredAssociation)).body.resultats).to.deep.equal([]);
  });

  it('a company under partial diffusion (statut P) is found neither by SIREN nor by name', async () => {
    expect((await search(t, cases.partialDiffusion)).body.resultats).to.deep.equal([]);
    const { body } = await search(t, 'PROSPA');
    expect(body.resultats.map((r) => r.siren)).not.to.include(cases.partialDiffusion);
  });
});
