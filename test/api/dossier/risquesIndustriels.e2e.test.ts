import { expect } from 'chai';
import { manifestSha256 } from '../../../ingest/core/filesPass.ts';
import { ICPE_PERSON } from '../../ingest/fr-icpe/icpeFixtures.ts';
import { targetDescription } from '../../support/database.ts';
import { unnamedUnit } from '../../support/sireneSample.ts';
import { blockDossierBed } from './support/blockDossierBed.ts';

// biome-ignore lint/suspicious/noExplicitAny: response bodies are checked member by member
type Json = any;

/**
 * Sirene units for the operators of the ICPE demo file (ingest/fr-icpe/demo/SOURCE.txt), no name, a legal
 * person's category: VERMILION REP SAS, four installations on three establishments; and 480337849, whose
 * installation Géorisques publishes under a person's name (« MONSIEUR … »). Given a legal person's category
 * here, the block is served for it: the worst case for the privacy test, which the Sirene coverage rules
 * would otherwise refuse before reading the block.
 */
const VERMILION = '410964837';
const PERSON_RUN = ICPE_PERSON.siren;
/** A demo company with no classified installation. */
const NO_INSTALLATION = '005420120';

describe(`The dossier's risques_industriels block on the ICPE demo (e2e, ${targetDescription})`, () => {
  const bed = blockDossierBed({
    demo: ['fr.sirene', 'fr.icpe'],
    extraUnits: [unnamedUnit(VERMILION), unnamedUnit(PERSON_RUN)],
    blocs: 'risques_industriels',
  });
  const { dossier, served } = bed;

  it('serves the installations of the company’s establishments, with provenance, priced $0.01', async () => {
    const { res, body } = await dossier(VERMILION);
    expect(res.status).to.equal(200);
    // The dossier's base ($0.005) plus the block ($0.01).
    expect(res.headers.get('x-credits-charged')).to.equal('0.015');
    expect(body.blocs_absents).to.deep.equal([]);
    expect(body.provenance.map((p: Json) => p.registre).sort()).to.deep.equal(['fr.icpe', 'fr.sirene']);
    const icpe = body.provenance.find((p: Json) => p.registre === 'fr.icpe');
    // The copy's manifest (one line, `<sha256>  <name>\n`, of the demo ZIP da0f4a46…: its SOURCE.txt), as for
    // the country's pages: the fingerprint means the same whatever the number of files.
    expect(icpe.empreinte_sha256).to.equal(
      manifestSha256([
        {
          nom: 'icpe_gironde_excerpt.zip',
          sha256: 'da0f4a46780cec40095392cf5d12369549b25b59b87ff9cadf2c219ed0e25120',
        },
      ]),
    );
    const block = body.blocs.risques_industriels;
    expect(block).to.deep.include({
      siren: VERMILION,
      nombre_installations: 4,
      nombre_etablissements: 3,
      nombre_seveso_seuil_haut: 2,
      nombre_seveso_seuil_bas: 0,
    });
    expect(block.installations.map((i: Json) => [i.siret, i.code_aiot])).to.deep.equal([
      ['41096483700026', '0100288556'],
      ['41096483700026', '0100301816'],
      ['41096483700075', '0005209273'],
      ['41096483700083', '0005201349'],
    ]);
    expect(block.installations[3]).to.deep.equal({
      code_aiot: '0005201349',
      siret: '41096483700083',
      commune: 'La Teste-de-Buch',
      code_postal: '33260',
      code_insee: '33529',
      code_naf: '06',
      regime: 'Autorisation',
      statut_seveso: 'Seveso seuil haut',
      etat_activite: 'En exploitation avec titre',
      priorite_nationale: true,
      ied: false,
      service_inspection: 'DREAL NA',
      activites: ['industrie'],
      rubriques: [
        {
          numero: '4511',
          nature: "Dangereux pour l'environnement aquatique de catégorie chronique 2",
          alinea: '1',
          regime: 'Autorisation',
          quantite: '2650.000',
          unite: 't',
          date_motif: '2017-03-27',
        },
        {
          numero: '1434',
          nature: 'Liquides inflammables (remplissage ou distribution) autres que 1435',
          alinea: '2',
          regime: 'Autorisation',
          quantite: null,
          unite: null,
          date_motif: '2017-03-27',
        },
      ],
      derniere_inspection: '2025-07-02',
      inspections: [
        '2025-07-02',
        '2024-04-11',
        '2023-09-28',
        '2023-02-01',
        '2022-08-17',
        '2022-07-19',
        '2022-07-07',
        '2022-05-25',
        '2022-03-22',
        '2022-01-07',
      ],
      url_georisques: 'https://www.georisques.gouv.fr/risques/installations/donnees/details/0005201349',
    });
  });

  it('a company with no installation gets the block absent with aucune_donnee, not charged', async () => {
    const { res, body } = await dossier(NO_INSTALLATION, 'risques_industriels,etablissements');
    expect(res.status).to.equal(200);
    expect(Object.keys(body.blocs)).to.deep.equal(['etablissements']);
    expect(body.blocs_absents).to.have.length(1);
    expect(body.blocs_absents[0]).to.include({ bloc: 'risques_industriels', raison: 'aucune_donnee' });
    expect(body.resume).to.deep.include({ demandes: 2, servis: 1, absents: 1 });
  });

  it('an installation published under a person’s name is served without the name or the address', async () => {
    const { res, body } = await dossier(PERSON_RUN);
    expect(res.status).to.equal(200);
    const [installation] = body.blocs.risques_industriels.installations;
    expect(installation).to.deep.include({
      code_aiot: ICPE_PERSON.codeAiot,
      siret: ICPE_PERSON.siret,
      commune: 'Izon',
      regime: 'Enregistrement',
      etat_activite: "En fin d'exploitation",
      inspections: ['2024-09-04', '2023-11-22'],
    });
    expect(installation).not.to.have.any.keys('raison_sociale', 'nom', 'adresse', 'latitude', 'longitude');
  });

  it('no answer carries an operator’s name, a street address or coordinates', async () => {
    expect(served.length).to.be.greaterThan(2);
    for (const text of served) {
      for (const value of [
        ...ICPE_PERSON.name,
        ...ICPE_PERSON.address,
        '-0.349895',
        '44.916673',
        'VERMILION',
        'Chemin Départemental 10',
        'rue de la Caone',
        'raisonSociale',
        'Partie_publiable',
      ]) {
        expect(text).not.to.include(value);
      }
    }
  });
});
