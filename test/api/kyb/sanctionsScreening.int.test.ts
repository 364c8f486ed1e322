import { expect } from 'chai';
import { screenLegalPersons } from '../../../api/routes/kyb/sanctionsScreening.ts';
import { sha256OfFile } from '../../../ingest/core/upstreamFile.ts';
import type { TestBed } from '../../projections/core/testBed.ts';
import {
  EU_FSF_EXCERPT,
  FR_GELS_PUBLICATION,
  NATURAL_PERSONS,
  openSanctionsBed,
} from '../../projections/sanctions/sanctionsBed.ts';
import { targetDescription } from '../../support/database.ts';

describe(`Sanctions screening of legal persons (${targetDescription})`, () => {
  let bed: TestBed;

  before(async () => {
    ({ bed } = await openSanctionsBed());
  });
  after(async () => {
    await bed?.close();
  });

  it('finds a listed entity by its name, whatever its case and punctuation', async () => {
    const { resultats } = await screenLegalPersons(bed.knex, [
      { nom: 'great islamic eastern warriors front' },
    ]);
    expect(resultats).to.deep.equal([
      {
        liste: 'eu.fsf',
        entree: 'EU.3523.13',
        nom_liste: 'İslami Büyük Doğu Akıncılar Cephesi',
        methode: 'nom_exact_normalise',
        valeur_rapprochee: 'Great Islamic Eastern Warriors Front',
        candidat: 0,
        date_liste: '2018-12-21',
      },
    ]);
  });

  it('finds a listed entity by an alias, its legal form set aside', async () => {
    const { resultats } = await screenLegalPersons(bed.knex, [{ nom: 'Ibda C' }, { nom: 'SCF ARKTIKA LLC' }]);
    expect(resultats.map((h) => [h.candidat, h.liste, h.entree, h.valeur_rapprochee])).to.deep.equal([
      [0, 'eu.fsf', 'EU.3523.13', 'IBDA-C'],
      [1, 'fr.gels', '7928', 'SCF Arktika'],
    ]);
  });

  it('finds an entity by the SIREN the register publishes, before any name', async () => {
    const { resultats } = await screenLegalPersons(bed.knex, [
      { nom: 'Association Jonas Paris', identifiants: { siren: '889271375' } },
    ]);
    expect(resultats).to.have.length(1);
    expect(resultats[0]).to.deep.include({
      liste: 'fr.gels',
      entree: '7463',
      methode: 'identifiant',
      valeur_rapprochee: '889271375',
      date_liste: '2026-05-31',
    });
  });

  it('finds an entity by a foreign registration number given as another identifier', async () => {
    const { resultats } = await screenLegalPersons(bed.knex, [
      { nom: 'Some other name', identifiants: { autres: ['1023202741781'] } },
    ]);
    expect(resultats.map((h) => [h.entree, h.methode])).to.deep.equal([['7805', 'identifiant']]);
  });

  it('gives no hit for a clean French demo company, nor for a near name', async () => {
    const { resultats } = await screenLegalPersons(bed.knex, [
      { nom: 'SOCIETE ALPINE DE TRAVAUX PUBLICS', identifiants: { siren: '005450010' } },
      { nom: 'Great Islamic Eastern Warrior Front' },
      { nom: 'SKF Arktik' },
    ]);
    expect(resultats).to.deep.equal([]);
  });

  it('serves no natural person of the lists, whatever is asked', async () => {
    const { resultats } = await screenLegalPersons(
      bed.knex,
      NATURAL_PERSONS.map((nom) => ({ nom, identifiants: { autres: [nom] } })),
    );
    expect(resultats).to.deep.equal([]);
  });

  it('returns the version, date and SHA-256 of each list it read', async () => {
    const { listes } = await screenLegalPersons(bed.knex, [{ nom: 'IBDA-C' }]);
    expect(listes).to.deep.equal([
      {
        liste: 'eu.fsf',
        version: '2018-12-21',
        date: '2018-12-21',
        sha256: await sha256OfFile(EU_FSF_EXCERPT),
      },
      {
        liste: 'fr.gels',
        version: '2026-05-31',
        date: '2026-05-31',
        sha256: await sha256OfFile(FR_GELS_PUBLICATION),
      },
    ]);
  });

  it('answers an empty or nameless question without a query error', async () => {
    expect((await screenLegalPersons(bed.knex, [])).resultats).to.deep.equal([]);
    expect((await screenLegalPersons(bed.knex, [{ nom: '' }, { nom: '  --  ' }])).resultats).to.deep.equal(
      [],
    );
  });
});
