import { expect } from 'chai';
import { HATVP_PERSONS } from '../../ingest/fr-hatvp/hatvpFixtures.ts';
import { targetDescription } from '../../support/database.ts';
import { unnamedUnit } from '../../support/sireneSample.ts';
import { blockDossierBed } from './support/blockDossierBed.ts';

// biome-ignore lint/suspicious/noExplicitAny: response bodies are checked member by member
type Json = any;

/**
 * Sirene units for the organisations of the HATVP demo file (ingest/fr-hatvp/demo/SOURCE.txt): the sample's
 * first unit with its identity cells set, no name, a legal person's category.
 */
/** ESTIA, an engineering school: four exercises, two published activities. */
const ESTIA = '824457675';
/** ECOLOGIC: one activity; it chose not to publish its street address. */
const ECOLOGIC = '487741969';
/** A demo company not registered. */
const NOT_REGISTERED = '005420120';

describe(`The dossier's lobbying block on the HATVP demo (e2e, ${targetDescription})`, () => {
  const bed = blockDossierBed({
    demo: ['fr.sirene', 'fr.hatvp'],
    extraUnits: [unnamedUnit(ESTIA), unnamedUnit(ECOLOGIC)],
    blocs: 'lobbying',
  });
  const { dossier, served } = bed;

  it('serves the organisation registered under the SIREN, with provenance, priced $0.01', async () => {
    const { res, body } = await dossier(ESTIA);
    expect(res.status).to.equal(200);
    // The dossier's base ($0.005) plus the block ($0.01).
    expect(res.headers.get('x-credits-charged')).to.equal('0.015');
    expect(body.blocs_absents).to.deep.equal([]);
    expect(body.provenance.map((p: Json) => p.registre).sort()).to.deep.equal(['fr.hatvp', 'fr.sirene']);
    const hatvp = body.provenance.find((p: Json) => p.registre === 'fr.hatvp');
    expect(hatvp.empreinte_sha256).to.equal(
      'f6cc996bfa66b6d2af2ea68aa768675f526eede438265c9d4a877fce28bae96d',
    );
    const block = body.blocs.lobbying;
    expect(block).to.deep.include({ siren: ESTIA, nombre: 1 });
    expect(block.note).to.contain('SIREN');
    const { exercices, ...organisation } = block.organisations[0];
    expect(organisation).to.deep.equal({
      identifiant_national: ESTIA,
      denomination: 'ECOLE SUPERIEURE DES TECHNOLOGIES INDUSTRIELLES AVANCEES - ESTIA',
      nom_usage: 'ESTIA',
      sigle: null,
      categorie: { code: 'AUORG', libelle: 'Autres organisations', groupe: 'AUTRE' },
      adresse: {
        // As published, its lines separated by CR LF.
        adresse:
          'ECOLE SUP TECH INDUST AVANCEES ESTIA\r\nESTIA ECOLE D INGENIEURS\r\nTECHNOPOLE IZARBEL\r\n92 ALLEE THEODORE MONOD',
        code_postal: '64210',
        ville: 'BIDART',
        pays: 'FRANCE',
      },
      site_web: 'http://www.estia.fr',
      date_premiere_publication: '2018-04-27',
      date_derniere_publication_activite: '2021-03-29',
      date_cessation: null,
      motif_desinscription: null,
      inscrite: true,
      secteurs_activite: [
        'Economie',
        'Education, enseignement supérieur, formation',
        'Recherche, innovation',
      ],
      niveaux_intervention: ['Local', 'National', 'Européen', 'Mondial'],
      fiche_hatvp: 'https://www.hatvp.fr/fiche-organisation/?organisation=824457675',
      nombre_exercices: 4,
      nombre_activites_publiees: 2,
      domaines_intervention: [{ domaine: 'Enseignement supérieur', nombre_activites: 2 }],
    });
    expect(exercices.map((e: Json) => [e.debut, e.fin, e.montant_depense])).to.deep.equal([
      ['2021-01-01', '2021-12-31', null],
      ['2020-01-01', '2020-12-31', '< 10 000 euros'],
      ['2019-01-01', '2019-12-31', '< 10 000 euros'],
      ['2018-01-01', '2018-12-31', '< 10 000 euros'],
    ]);
    expect(exercices[1]).to.deep.equal({
      exercice_id: 8667,
      debut: '2020-01-01',
      fin: '2020-12-31',
      montant_depense: '< 10 000 euros',
      chiffre_affaires: '> = 1 000 000 euros',
      nombre_salaries: 1,
      nombre_activites_declarees: 1,
      aucune_activite: false,
      defaut_declaration: false,
      date_publication: '2021-03-29',
      activites: [
        {
          identifiant_fiche: '5HAATS7H',
          objet:
            "Éligibilité des Établissements d'Enseignement Supérieur Consulaire (EESC) au label EESPIG (loi n°2013-660 du 22 juillet 2013 relative à l'ESR)",
          domaines_intervention: ['Enseignement supérieur'],
          date_publication: '2021-03-29',
        },
      ],
    });
  });

  it('serves no address when the organisation chose not to publish it', async () => {
    const { res, body } = await dossier(ECOLOGIC);
    expect(res.status).to.equal(200);
    expect(body.blocs.lobbying.organisations[0].adresse).to.deep.equal({
      adresse: null,
      code_postal: '78280',
      ville: 'GUYANCOURT',
      pays: 'FRANCE',
    });
  });

  it('a company not registered gets the block absent with aucune_donnee, not charged', async () => {
    const { res, body } = await dossier(NOT_REGISTERED, 'lobbying,etablissements');
    expect(res.status).to.equal(200);
    expect(Object.keys(body.blocs)).to.deep.equal(['etablissements']);
    expect(body.blocs_absents).to.have.length(1);
    expect(body.blocs_absents[0]).to.include({ bloc: 'lobbying', raison: 'aucune_donnee' });
    expect(body.resume).to.deep.include({ demandes: 2, servis: 1, absents: 1 });
  });

  it('no answer names a dirigeant, collaborateur, official met, or the organisation under a HATVP number', async () => {
    expect(served.length).to.be.greaterThan(0);
    for (const text of served) {
      for (const value of [...HATVP_PERSONS, 'LE CERCLE AUTOMOBILE', 'H462578295', '@']) {
        expect(text).not.to.include(value);
      }
    }
  });
});
