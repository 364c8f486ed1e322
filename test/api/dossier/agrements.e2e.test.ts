import { expect } from 'chai';
import { openAccount } from '../../../ops/accounts/openAccount.ts';
import { targetDescription } from '../../support/database.ts';
import { type PaidDemoService, startPaidDemoService } from '../../support/paidDemoService.ts';
import { ingestSireneSample, unnamedUnit } from '../../support/sireneSample.ts';

// biome-ignore lint/suspicious/noExplicitAny: response bodies are checked member by member
type Json = any;

/**
 * Sirene units for the companies of the RGE demo file (ingest/fr-rge/demo/SOURCE.txt): the sample's first
 * unit with its identity cells set, no name, a legal person's category (528163777 is a SAS, 5710, in INSEE's
 * answer); and a sole proprietor (category 1000), as Sirene would say of a natural person.
 */
/** GROUPE SOLUTION ENERGIE POLE TECHNIQUE: three RGE lines on its establishment 52816377700030. */
const RGE_HOLDER = '528163777';
/**
 * « 1001 LYON NORD »: one current RGE line with dates on 81176617900014 (its legal form is not known here:
 * a legal person's category is given to it, as to the DECP suite's units).
 */
const DATED_HOLDER = '811766179';
/** A sole proprietor (Sirene category 1000). */
const SOLE_PROPRIETOR = '812235133';
/** A demo company with no RGE qualification. */
const NO_QUALIFICATION = '005420120';

describe(`The dossier's agrements block on the RGE demo (e2e, ${targetDescription})`, () => {
  let service: PaidDemoService;
  let key: string;
  const served: string[] = [];
  const dossier = async (siren: string, blocs = 'agrements') => {
    const res = await fetch(`${service.t.baseUrl}/v1/entreprise/${siren}/dossier?blocs=${blocs}`, {
      headers: { 'X-Api-Key': key },
    });
    const text = await res.text();
    served.push(text);
    return { res, body: JSON.parse(text) as Json };
  };

  before(async () => {
    service = await startPaidDemoService({ demo: ['fr.sirene', 'fr.rge'], freeCallsPerMonth: 0 });
    const { t } = service;
    await ingestSireneSample(
      { knex: t.db.knex, store: t.service.store },
      {
        version: new Date().toISOString().slice(0, 10),
        extraUnits: [
          unnamedUnit(RGE_HOLDER),
          unnamedUnit(DATED_HOLDER),
          unnamedUnit(SOLE_PROPRIETOR, '1000'),
        ],
      },
    );
    key = (await openAccount(t.service.store, { credits: 1_000_000 })).key;
    await t.service.runner.catchUp();
  });
  after(async () => {
    await service?.stop();
  });

  it('serves the RGE qualifications of the company’s establishments, with provenance, priced $0.01', async () => {
    const { res, body } = await dossier(RGE_HOLDER);
    expect(res.status).to.equal(200);
    // The dossier's base ($0.005) plus the block ($0.01).
    expect(res.headers.get('x-credits-charged')).to.equal('0.015');
    expect(body.blocs_absents).to.deep.equal([]);
    expect(body.provenance.map((p: Json) => p.registre).sort()).to.deep.equal(['fr.rge', 'fr.sirene']);
    const rge = body.provenance.find((p: Json) => p.registre === 'fr.rge');
    expect(rge.empreinte_sha256).to.equal('9b8c6fac616cf3ce0db77fe686e9540c0178f671c8ee7a61ec1578642d59126c');
    const block = body.blocs.agrements;
    expect(block).to.deep.include({ siren: RGE_HOLDER, nombre: 3, listes_couvertes: ['rge'] });
    expect(block.note).to.contain('Qualiopi');
    expect(block.rge).to.deep.include({ nombre_qualifications: 3, nombre_etablissements: 1 });
    expect(block.rge.qualifications.map((q: Json) => q.code_qualification)).to.deep.equal([
      '1911',
      'C001D117',
      'C001D119',
    ]);
    expect(block.rge.qualifications[0]).to.deep.equal({
      siret: '52816377700030',
      code_qualification: '1911',
      nom_qualification: 'Audit énergétique “maisons individuelles” (1911)',
      nom_certificat: 'Certificat OPQIBI',
      organisme: 'opqibi',
      domaine: 'Audit énergétique',
      meta_domaine: 'Etudes énergétiques',
      debut: null,
      fin: null,
      en_cours: null,
      travaille_pour_particuliers: true,
      url_qualification: 'http://opqibi.com/fiche/5059',
    });
  });

  it('serves the dates of the current layout, and en_cours from the end date', async () => {
    const { res, body } = await dossier(DATED_HOLDER);
    expect(res.status).to.equal(200);
    expect(body.blocs.agrements.rge.qualifications).to.deep.equal([
      {
        siret: '81176617900014',
        code_qualification: '3511D109',
        nom_qualification:
          'Fourniture et pose de menuiseries extérieures en maison individuelle, petit collectif et petit tertiaire (3511D109)',
        nom_certificat: 'QUALIBAT-RGE',
        organisme: 'qualibat',
        domaine: "Fenêtres, volets, portes donnant sur l'extérieur",
        meta_domaine: "Travaux d'efficacité énergétique",
        debut: '2025-06-26',
        fin: '2029-12-10',
        en_cours: new Date().toISOString().slice(0, 10) <= '2029-12-10',
        travaille_pour_particuliers: true,
        url_qualification:
          'https://www.qualibat.com/Views/GetFichier.aspx?fn=2024\\D69-Certificat-147414-E147414-2-20250711-RGEAnnexe.pdf',
      },
    ]);
  });

  it('a company with no qualification gets the block absent with aucune_donnee, not charged', async () => {
    const { res, body } = await dossier(NO_QUALIFICATION, 'agrements,etablissements');
    expect(res.status).to.equal(200);
    expect(Object.keys(body.blocs)).to.deep.equal(['etablissements']);
    expect(body.blocs_absents).to.have.length(1);
    expect(body.blocs_absents[0]).to.include({ bloc: 'agrements', raison: 'aucune_donnee' });
    expect(body.resume).to.deep.include({ demandes: 2, servis: 1, absents: 1 });
  });

  it('a sole proprietor’s dossier stays refused by the Sirene coverage rules, never charged', async () => {
    const { res, body } = await dossier(SOLE_PROPRIETOR);
    expect(res.status).to.equal(400);
    expect(body.error).to.equal('entreprise_individuelle_non_couverte');
    expect(res.headers.get('x-credits-charged')).to.equal('0');
  });

  it('no answer carries the list’s name, phone, e-mail, website, address or coordinates', async () => {
    expect(served.length).to.be.greaterThan(0);
    for (const text of served) {
      for (const value of [
        'ylan.sabban@yahoo.fr',
        'contact@gsept.fr',
        '@',
        '01 49 48 14 50',
        '06 98 39 31 19',
        'SOLUTION ENERGIE',
        'contact@1001fenetres.com',
        '04 78 28 18 97',
        '1001 LYON NORD',
        'PASTEUR',
        '45.793',
        'MORAND',
        'Morand',
        '48.90',
        '2.347785',
        'nom_entreprise',
        'telephone',
        'email',
      ]) {
        expect(text).not.to.include(value);
      }
    }
  });
});
