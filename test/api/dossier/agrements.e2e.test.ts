import { expect } from 'chai';
import { SOLE_TRADER_ROW_VALUES } from '../../ingest/fr-qualiopi/qualiopiFixtures.ts';
import { targetDescription } from '../../support/database.ts';
import { unnamedUnit } from '../../support/sireneSample.ts';
import { blockDossierBed } from './support/blockDossierBed.ts';

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
/**
 * A sole proprietor (Sirene category 1000), whose training-organisation declaration in the Qualiopi demo file
 * names the person (ingest/fr-qualiopi/demo/SOURCE.txt).
 */
const SOLE_PROPRIETOR = '812235133';
/** La Poste (a legal person): two declarations in the Qualiopi demo file, one certified, no RGE line. */
const TRAINING_ORGANISATION = '356000000';
/** A demo company with no RGE qualification. */
const NO_QUALIFICATION = '005420120';

describe(`The dossier's agrements block on the RGE and Qualiopi demos (e2e, ${targetDescription})`, () => {
  const bed = blockDossierBed({
    demo: ['fr.sirene', 'fr.rge', 'fr.qualiopi'],
    extraUnits: [
      unnamedUnit(RGE_HOLDER),
      unnamedUnit(DATED_HOLDER),
      unnamedUnit(SOLE_PROPRIETOR, '1000'),
      unnamedUnit(TRAINING_ORGANISATION),
    ],
    blocs: 'agrements',
  });
  const { dossier, served } = bed;

  it('serves the RGE qualifications of the company’s establishments, with provenance, priced $0.01', async () => {
    const { res, body } = await dossier(RGE_HOLDER);
    expect(res.status).to.equal(200);
    // The dossier's base ($0.005) plus the block ($0.01).
    expect(res.headers.get('x-credits-charged')).to.equal('0.015');
    expect(body.blocs_absents).to.deep.equal([]);
    expect(body.provenance.map((p: Json) => p.registre).sort()).to.deep.equal([
      'fr.qualiopi',
      'fr.rge',
      'fr.sirene',
    ]);
    const rge = body.provenance.find((p: Json) => p.registre === 'fr.rge');
    expect(rge.empreinte_sha256).to.equal('9b8c6fac616cf3ce0db77fe686e9540c0178f671c8ee7a61ec1578642d59126c');
    const block = body.blocs.agrements;
    expect(block).to.deep.include({ siren: RGE_HOLDER, nombre: 3, listes_couvertes: ['rge', 'qualiopi'] });
    expect(block.qualiopi).to.deep.equal({ nombre_declarations: 0, nombre_certifiees: 0, declarations: [] });
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

  it('serves a training organisation’s declarations and Qualiopi certifications, with provenance, $0.01', async () => {
    const { res, body } = await dossier(TRAINING_ORGANISATION);
    expect(res.status).to.equal(200);
    expect(res.headers.get('x-credits-charged')).to.equal('0.015');
    const qualiopi = body.provenance.find((p: Json) => p.registre === 'fr.qualiopi');
    expect(qualiopi.empreinte_sha256).to.equal(
      'bf9f67744d30d1c27a04bff06f9f5d2e92aa53c155698c81da748a18f74a198c',
    );
    const block = body.blocs.agrements;
    expect(block).to.deep.include({
      siren: TRAINING_ORGANISATION,
      nombre: 2,
      listes_couvertes: ['rge', 'qualiopi'],
    });
    expect(block.rge).to.deep.equal({
      nombre_qualifications: 0,
      nombre_etablissements: 0,
      qualifications: [],
    });
    expect(block.qualiopi).to.deep.include({ nombre_declarations: 2, nombre_certifiees: 1 });
    expect(block.qualiopi.declarations).to.deep.equal([
      {
        numero_declaration_activite: '11755565775',
        numeros_declaration_precedents: null,
        siret_declarant: '35600000000048',
        certifie_qualiopi: true,
        certifications: {
          actions_de_formation: true,
          bilans_de_competences: null,
          vae: null,
          actions_de_formation_par_apprentissage: null,
        },
        date_derniere_declaration: null,
        debut_exercice: null,
        fin_exercice: null,
        specialites: [],
        nombre_stagiaires: null,
        nombre_stagiaires_confies_par_un_autre_of: null,
        effectif_formateurs: null,
      },
      {
        numero_declaration_activite: '11755762075',
        numeros_declaration_precedents: null,
        siret_declarant: '35600000000048',
        certifie_qualiopi: false,
        certifications: {
          actions_de_formation: null,
          bilans_de_competences: null,
          vae: null,
          actions_de_formation_par_apprentissage: null,
        },
        date_derniere_declaration: null,
        debut_exercice: null,
        fin_exercice: null,
        specialites: [],
        nombre_stagiaires: null,
        nombre_stagiaires_confies_par_un_autre_of: null,
        effectif_formateurs: null,
      },
    ]);
    expect(block.note).to.contain('ne vaut pas agrément');
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

  it('no answer carries the lists’ names, phones, e-mails, websites, addresses or coordinates', async () => {
    expect(served.length).to.be.greaterThan(0);
    for (const text of served) {
      for (const value of [
        ...SOLE_TRADER_ROW_VALUES,
        'LA POSTE',
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
