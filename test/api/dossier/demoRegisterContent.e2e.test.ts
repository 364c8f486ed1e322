import { expect } from 'chai';
import { openAccount } from '../../../ops/accounts/openAccount.ts';
import { targetDescription } from '../../support/database.ts';
import { type PaidDemoService, startPaidDemoService } from '../../support/paidDemoService.ts';

// biome-ignore lint/suspicious/noExplicitAny: response bodies are checked member by member
type Json = any;

/**
 * GROUPE SOLUTION ENERGIE POLE TECHNIQUE: a Sirene demo company (its unit and four establishments re-laid from
 * INSEE's recorded answers, ingest/fr-sirene/demo/SOURCE.txt) whose head office 52816377700030 holds the
 * three lines of the RGE demo file (ingest/fr-rge/demo/SOURCE.txt).
 */
const RGE_DEMO_COMPANY = '528163777';
/** « 1001 LYON NORD »: the RGE demo's other SIRET; not a company of the Sirene demo. */
const RGE_ONLY = '811766179';
/**
 * LA POSTE: a Sirene demo company (its unit and 20 establishments from INSEE's recorded answers) that runs the
 * ICPE demo's installation 0005204898 (ingest/fr-icpe/demo/SOURCE.txt).
 */
const ICPE_DEMO_COMPANY = '356000000';
/**
 * ENTREPRISE DEMOUSELLE: a Sirene demo company (a real stock line, no establishment) whose establishment
 * 00582037800031 holds contract 2018eXk7yJ0Gne00 of the DECP demo's excerpt of a real 2019 consolidated file
 * (ingest/fr-decp/demo/SOURCE.txt).
 */
const DECP_DEMO_COMPANY = '005820378';

/**
 * What `npm start` serves from the demo files alone (no sample ingested over them, unlike the block suites):
 * a demo company answers with the register's real content, not a constructed unit.
 */
describe(`Demo companies answer with the registers' real demo rows (e2e, ${targetDescription})`, () => {
  let service: PaidDemoService | undefined;
  let key = '';
  const served: string[] = [];
  before(async () => {
    service = await startPaidDemoService({
      demo: ['fr.sirene', 'fr.rge', 'fr.qualiopi', 'fr.icpe', 'fr.decp', 'fr.hatvp'],
      freeCallsPerMonth: 0,
    });
    key = (await openAccount(service.t.service.store, { credits: 1_000_000 })).key;
    await service.t.service.runner.catchUp();
  });
  after(async () => {
    await service?.stop();
  });
  const get = async (url: string) => {
    if (!service) throw new Error('the suite did not start');
    const res = await fetch(`${service.t.baseUrl}${url}`, { headers: { 'X-Api-Key': key } });
    const text = await res.text();
    served.push(text);
    return { res, body: JSON.parse(text) as Json };
  };

  it('the RGE demo company is a Sirene demo company: its real identity and head office', async () => {
    const { res, body } = await get(`/v1/entreprise/${RGE_DEMO_COMPANY}/dossier?blocs=etablissements`);
    expect(res.status).to.equal(200);
    expect(body.identite).to.deep.include({
      siren: RGE_DEMO_COMPANY,
      denomination: 'GROUPE SOLUTION ENERGIE POLE TECHNIQUE',
      nature_juridique: '5710',
      etat_administratif: 'actif',
    });
    const sirets = body.blocs.etablissements.etablissements.map((e: Json) => e.siret);
    expect(sirets).to.include('52816377700030');
  });

  it('its dossier serves the agrements block with the RGE demo lines of its head office', async () => {
    const { res, body } = await get(`/v1/entreprise/${RGE_DEMO_COMPANY}/dossier?blocs=agrements`);
    expect(res.status).to.equal(200);
    expect(body.blocs_absents).to.deep.equal([]);
    expect(body.provenance.map((p: Json) => p.registre)).to.include('fr.rge');
    const block = body.blocs.agrements;
    expect(block).to.deep.include({ siren: RGE_DEMO_COMPANY, nombre: 3 });
    expect(block.rge).to.deep.include({ nombre_qualifications: 3, nombre_etablissements: 1 });
    expect(block.rge.qualifications.map((q: Json) => [q.siret, q.code_qualification])).to.deep.equal([
      ['52816377700030', '1911'],
      ['52816377700030', 'C001D117'],
      ['52816377700030', 'C001D119'],
    ]);
  });

  it('a SIRET of the RGE demo whose company is not in the Sirene demo is not served a dossier', async () => {
    const { res } = await get(`/v1/entreprise/${RGE_ONLY}/dossier?blocs=agrements`);
    expect(res.status).to.equal(404);
  });

  it('La Poste’s dossier serves the risques_industriels block with its Gironde installation', async () => {
    const { res, body } = await get(`/v1/entreprise/${ICPE_DEMO_COMPANY}/dossier?blocs=risques_industriels`);
    expect(res.status).to.equal(200);
    expect(body.identite).to.deep.include({ siren: ICPE_DEMO_COMPANY, denomination: 'LA POSTE' });
    expect(body.blocs_absents).to.deep.equal([]);
    expect(body.provenance.map((p: Json) => p.registre)).to.include('fr.icpe');
    const block = body.blocs.risques_industriels;
    expect(block).to.deep.include({
      siren: ICPE_DEMO_COMPANY,
      nombre_installations: 1,
      nombre_etablissements: 1,
      nombre_seveso_seuil_haut: 0,
    });
    expect(block.installations[0]).to.deep.include({
      code_aiot: '0005204898',
      siret: '35600000014754',
      commune: 'Bordeaux',
      regime: 'Autres régimes',
      rubriques: [],
      inspections: ['2007-01-29'],
    });
  });

  it('ENTREPRISE DEMOUSELLE answers marches-publics with its real 2019 contract, amount as published', async () => {
    const { res, body } = await get(`/v1/entreprise/${DECP_DEMO_COMPANY}/marches-publics`);
    expect(res.status).to.equal(200);
    expect(body.provenance.map((p: Json) => p.registre).sort()).to.deep.equal(['fr.decp', 'fr.sirene']);
    expect(body).to.deep.include({
      siren: DECP_DEMO_COMPANY,
      nombre_marches_titulaire: 1,
      nombre_marches_acheteur: 0,
      montant_total_titulaire_centimes: 16_000_000,
      marches_titulaire_sans_montant: 0,
      tronque: false,
      // The excerpt's contract 2018RTqUfbF-Gs00, whose one holder is named by an intra-EU VAT number.
      couverture: { marches_sans_titulaire_identifiable: 1 },
    });
    expect(body.marches).to.have.length(1);
    expect(body.marches[0]).to.deep.include({
      id: '2018eXk7yJ0Gne00',
      role: 'titulaire',
      nature: 'Accord-cadre',
      code_cpv: '45311000',
      duree_mois: 12,
      montant_centimes: 16_000_000,
      montant_modifie_centimes: null,
      date_notification: null,
      nombre_titulaires: 1,
      cotitulaires: 0,
      source: 'data.gouv.fr_aife',
    });
    // The buyer as published: Université de Technologie de Compiègne, its name's accents lost upstream.
    expect(body.marches[0].acheteur).to.deep.equal({
      siret: '19601223100169',
      nom: 'Universit\uFFFD de Technologie de Compi\uFFFDgne',
    });
    expect(body.marches[0].lieu_execution).to.deep.equal({
      code: '60',
      type_code: 'Code département',
      nom: 'Oise',
    });
  });

  it('its dossier serves the marches_publics block with that contract', async () => {
    const { res, body } = await get(`/v1/entreprise/${DECP_DEMO_COMPANY}/dossier?blocs=marches_publics`);
    expect(res.status).to.equal(200);
    expect(body.identite).to.deep.include({
      siren: DECP_DEMO_COMPANY,
      denomination: 'ENTREPRISE DEMOUSELLE',
    });
    expect(body.blocs_absents).to.deep.equal([]);
    expect(body.provenance.map((p: Json) => p.registre)).to.include('fr.decp');
    const block = body.blocs.marches_publics;
    expect(block).to.deep.include({
      nombre_marches_titulaire: 1,
      montant_total_titulaire_centimes: 16_000_000,
    });
    expect(block.marches.map((m: Json) => [m.id, m.montant_centimes])).to.deep.equal([
      ['2018eXk7yJ0Gne00', 16_000_000],
    ]);
  });

  it('the route’s free sample and its documentation example answer for that company, with that contract', async () => {
    if (!service) throw new Error('the suite did not start');
    const res = await fetch(`${service.t.baseUrl}/v1/echantillons/entreprise.marches_publics`);
    const text = await res.text();
    served.push(text);
    expect(res.status).to.equal(200);
    expect(res.headers.get('echantillon')).to.equal('entreprise.marches_publics');
    const sample = JSON.parse(text) as Json;
    expect(sample).to.deep.include({ siren: DECP_DEMO_COMPANY, nombre_marches_titulaire: 1 });
    expect(sample.marches.map((m: Json) => m.id)).to.deep.equal(['2018eXk7yJ0Gne00']);
    const doc = (await (await fetch(`${service.t.baseUrl}/openapi.json`)).json()) as Json;
    const op = doc.paths['/v1/entreprise/{siren}/marches-publics'].get;
    const siren = op.parameters.find((p: Json) => p.name === 'siren');
    expect(siren.schema.examples).to.deep.equal([DECP_DEMO_COMPANY]);
    const example = op.responses['200'].content['application/json'].example;
    served.push(JSON.stringify(example));
    expect(example).to.deep.include({ siren: DECP_DEMO_COMPANY, nombre_marches_titulaire: 1 });
    expect(example.marches.map((m: Json) => [m.id, m.montant_centimes])).to.deep.equal([
      ['2018eXk7yJ0Gne00', 16_000_000],
    ]);
    // Another French route keeps the shared example company.
    const profil = doc.paths['/v1/entreprise/{siren}'].get.parameters.find((p: Json) => p.name === 'siren');
    expect(profil.schema.examples).to.deep.equal(['005420120']);
  });

  it('La Poste’s dossier serves the lobbying block with its real HATVP registration of 2017', async () => {
    const { res, body } = await get(`/v1/entreprise/${ICPE_DEMO_COMPANY}/dossier?blocs=lobbying`);
    expect(res.status).to.equal(200);
    expect(body.blocs_absents).to.deep.equal([]);
    expect(body.provenance.map((p: Json) => p.registre)).to.include('fr.hatvp');
    const block = body.blocs.lobbying;
    expect(block).to.deep.include({ siren: ICPE_DEMO_COMPANY, nombre: 1 });
    // ingest/fr-hatvp/demo/SOURCE.txt: the register's publication as Regards Citoyens aggregated it on
    // 2017-12-18, before the first yearly exercise was due: no exercise, no activity.
    expect(block.organisations[0]).to.deep.equal({
      identifiant_national: ICPE_DEMO_COMPANY,
      denomination: 'LA POSTE',
      nom_usage: null,
      sigle: null,
      categorie: { code: 'SOCOM', libelle: 'Société commerciale', groupe: 'SOCIETE' },
      adresse: { adresse: null, code_postal: '75015', ville: 'PARIS 15', pays: 'FRANCE' },
      site_web: 'https://legroupe.laposte.fr/',
      date_premiere_publication: '2017-11-07',
      date_derniere_publication_activite: null,
      date_cessation: null,
      motif_desinscription: null,
      inscrite: true,
      secteurs_activite: [
        'Economie',
        'Logement, aménagement du territoire, urbanisme',
        'Numérique',
        'Communications électroniques',
        'Transports, logistique',
      ],
      niveaux_intervention: ['Local', 'National'],
      fiche_hatvp: 'https://www.hatvp.fr/fiche-organisation/?organisation=356000000',
      nombre_exercices: 0,
      nombre_activites_publiees: 0,
      domaines_intervention: [],
      exercices: [],
    });
  });

  it('no answer carries the lines’ contacts, names or addresses, among them a person’s e-mail', async () => {
    expect(served.length).to.be.greaterThan(0);
    for (const text of served) {
      for (const value of [
        // 1001 LYON NORD's line gives a person's e-mail address (ingest/fr-rge/demo/rge.json).
        'ylan.sabban@yahoo.fr',
        'contact@gsept.fr',
        '01 49 48 14 50',
        '06 98 39 31 19',
        'contact@1001fenetres.com',
        '04 78 28 18 97',
        '1001 LYON NORD',
        '2.347785',
        'nom_entreprise',
        'telephone',
        'email',
        // La Poste's ICPE line: the operator's name as published, its street address and coordinates.
        'Direction de l',
        'Georges Bonnac',
        '44.851891',
        // The DECP excerpt's holders as published (denominationSociale): never served, the company's own
        // included; the unusable holder's VAT number neither.
        'denominationSociale',
        'Demouselle',
        'Librairie Eyrolles',
        'OTDIF',
        'Institutions et D',
        'FR9340t65190900033',
        // La Poste's HATVP publication: its dirigeants and collaborateurs (natural persons, surnames and
        // first names), its affiliations (one of them also registered), its social pages.
        'WAHL',
        'BAJOU',
        'LUNGU',
        'Smara',
        'HAMET',
        'FORCEVILLE',
        'CHABREDIER',
        'LALLET',
        'DEFAYE-GENESTE',
        'REGNARD',
        'JORAM',
        'Président Directeur Général',
        'Directeur',
        'TRANSPARENCY INTERNATIONAL',
        '425138393',
        'facebook',
        'linkedin',
        'twitter',
        'url_json',
      ]) {
        expect(text).not.to.include(value);
      }
    }
  });
});
