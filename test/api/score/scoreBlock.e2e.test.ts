import fs from 'node:fs/promises';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { expect } from 'chai';
import { modelFileOf, writeModelFile } from '../../../app/score/modelFile.ts';
import { serialiseArtefact } from '../../../app/score/scoreArtefact.ts';
import { trainFrenchModel } from '../../../app/score/trainFrenchModel.ts';
import { openAccount } from '../../../ops/accounts/openAccount.ts';
import { targetDescription } from '../../support/database.ts';
import { type PaidDemoService, startPaidDemoService } from '../../support/paidDemoService.ts';

// biome-ignore lint/suspicious/noExplicitAny: decoded wire JSON, checked field by field
type Json = any;

/** A demo company with a creation date and a legal category (and a receivership opened in 2025). */
const SUCRERIES = '005420120';
/** A demo company whose Sirene row publishes no creation date: too little data to score. */
const NO_CREATION_DATE = '005420146';

/**
 * The `score` block of the dossier and the KYB, and the model card, on the demo's real rows (Sirene sample,
 * real BODACC notices), before and after a model is written to the service's data directory.
 */
describe(`score block, KYB score and model card (e2e, ${targetDescription})`, function () {
  this.timeout(180_000);
  let service: PaidDemoService;
  let key: string;

  before(async () => {
    service = await startPaidDemoService({
      demo: ['fr.sirene', 'fr.bodacc', 'eu.fsf', 'fr.gels'],
      freeCallsPerMonth: 0,
    });
    key = (await openAccount(service.t.service.store, { credits: 10_000_000 })).key;
    await service.t.service.runner.catchUp();
  });
  after(async () => {
    await service?.stop();
  });

  const get = async (path: string, headers: Record<string, string> = {}) => {
    const res = await fetch(`${service.t.baseUrl}${path}`, { headers: { 'X-Api-Key': key, ...headers } });
    const text = await res.text();
    return {
      res,
      text,
      body: (res.headers.get('content-type') ?? '').includes('json') ? JSON.parse(text) : null,
    };
  };

  it('without a model: the card is 404 modele_score_absent, the block absent and not charged', async () => {
    const card = await get('/v1/score/modele');
    expect(card.res.status).to.equal(404);
    expect(card.body.error).to.equal('modele_score_absent');
    const dossier = await get(`/v1/entreprise/${SUCRERIES}/dossier?blocs=score`);
    expect(dossier.res.status).to.equal(200);
    expect(dossier.res.headers.get('x-credits-charged')).to.equal('0.005');
    expect(dossier.body.blocs_absents).to.deep.equal([
      {
        bloc: 'score',
        raison: 'copie_indisponible',
        message:
          'Aucun modèle de score chargé sur ce serveur (registres score train). / No score model loaded on this server.',
      },
    ]);
  });

  it('publishes the closed lists of classes and confidences in GET /v1/lecture', async () => {
    const { body } = await get('/v1/lecture');
    expect(body.classes_score.map((c: Json) => c.code)).to.deep.equal([
      'sain',
      'a_surveiller',
      'fragile',
      'risque_eleve',
    ]);
    expect(body.confiances_score.map((c: Json) => c.code)).to.deep.equal(['faible', 'moyenne', 'elevee']);
    expect(body.codes_erreur.map((c: Json) => c.code)).to.include('modele_score_absent');
  });

  describe('once a model is written to <DATA_DIR>/score/model.json', () => {
    let version: string;
    before(async () => {
      const artefact = await trainFrenchModel(service.t.db.knex, { trainDate: '2024-12-01', epochs: 30 });
      version = artefact.version;
      await writeModelFile(service.t.dataDir, serialiseArtefact(artefact));
    });

    it('serves the dossier block in the contract shape, at the block price', async () => {
      const { res, body } = await get(`/v1/entreprise/${SUCRERIES}/dossier?blocs=score`);
      expect(res.status).to.equal(200);
      expect(res.headers.get('x-credits-charged')).to.equal('0.055');
      const score = body.blocs.score;
      expect(Object.keys(score)).to.deep.equal([
        'siren',
        'score_risque',
        'classe',
        'risque_12m',
        'confiance',
        'version_modele',
      ]);
      expect(score).to.include({ siren: SUCRERIES, confiance: 'faible', version_modele: version });
      expect(score.score_risque).to.equal(Math.round(1000 * score.risque_12m));
      const expected =
        score.risque_12m < 0.02
          ? 'sain'
          : score.risque_12m < 0.05
            ? 'a_surveiller'
            : score.risque_12m < 0.15
              ? 'fragile'
              : 'risque_eleve';
      expect(score.classe).to.equal(expected);
    });

    it('answers aucune_donnee for a company with too little data, and does not charge the block', async () => {
      const { res, body } = await get(`/v1/entreprise/${NO_CREATION_DATE}/dossier?blocs=score`);
      expect(res.status).to.equal(200);
      expect(res.headers.get('x-credits-charged')).to.equal('0.005');
      expect(body.blocs).to.deep.equal({});
      expect(body.blocs_absents[0]).to.include({ bloc: 'score', raison: 'aucune_donnee' });
    });

    it('gives the KYB the same score', async () => {
      const kyb = await get(`/v1/kyb/${SUCRERIES}`);
      const dossier = await get(`/v1/entreprise/${SUCRERIES}/dossier?blocs=score`);
      expect(kyb.res.status).to.equal(200);
      expect(kyb.body.score).to.deep.equal(dossier.body.blocs.score);
      expect(kyb.body.blocs_absents.map((b: Json) => b.bloc)).to.not.include('score');
    });

    it('gives the intelligence report the same score, with its five main drivers', async () => {
      const report = await get(`/v1/intelligence/${SUCRERIES}`);
      const dossier = await get(`/v1/entreprise/${SUCRERIES}/dossier?blocs=score`);
      expect(report.res.status).to.equal(200);
      const { facteurs, ...score } = report.body.blocs.score;
      expect(score).to.deep.equal(dossier.body.blocs.score);
      expect(facteurs).to.have.length(5);
      const magnitudes = facteurs.map((f: Json) => Math.abs(f.contribution));
      expect(magnitudes).to.deep.equal([...magnitudes].sort((a, b) => b - a));
      const card = await get('/v1/score/modele');
      expect(card.body.variables).to.include.members(facteurs.map((f: Json) => f.variable));
    });

    it('shows the model card, free: windows, sizes, figures, calibration by class, weights', async () => {
      const { res, body } = await get('/v1/score/modele', { 'X-Api-Key': '' });
      expect(res.status).to.equal(200);
      expect(res.headers.get('x-credits-charged')).to.equal(null);
      expect(Object.keys(body)[0]).to.equal('avertissement');
      expect(body).to.include({
        version_modele: version,
        demo: false,
        avertissement: null,
        confiance: 'faible',
      });
      expect(body.entrainement).to.include({
        date_coupure: '2024-12-01',
        fin_fenetre_etiquette: '2025-12-01',
        defaillances: 1,
      });
      expect(body.test).to.include({ date_coupure: '2025-12-01', defaillances: 0, auc: null });
      expect(body.test.calibration.map((c: Json) => c.classe)).to.deep.equal([
        'sain',
        'a_surveiller',
        'fragile',
        'risque_eleve',
      ]);
      expect(body.poids.length).to.be.greaterThan(body.variables.length);
      expect(body.variables).to.include('bodacc_defaillances_36m');
    });

    it('answers what the OpenAPI document declares for it, as JSON and as a page', async () => {
      const doc = (await get('/openapi.json')).body;
      const operation = doc.paths['/v1/score/modele'].get;
      expect(Object.keys(operation.responses['200'].content)).to.deep.equal([
        'application/json',
        'text/html',
      ]);
      expect(
        operation.responses['404'].content['application/json'].schema.allOf[1].properties.error.enum,
      ).to.deep.equal(['modele_score_absent']);
      const ajv = new Ajv2020({ strict: false, allErrors: true });
      addFormats.default(ajv);
      const validate = ajv.compile(operation.responses['200'].content['application/json'].schema);
      const { body } = await get('/v1/score/modele');
      expect(validate(body), JSON.stringify(validate.errors)).to.equal(true);
    });

    it('is a free MCP tool answering the card itself', async () => {
      const client = new Client({ name: 'registres-test', version: '1.0.0' });
      await client.connect(new StreamableHTTPClientTransport(new URL(`${service.t.baseUrl}/mcp`)));
      try {
        const result: Json = await client.callTool({ name: 'get_score_model_card', arguments: {} });
        expect(result.isError ?? false).to.equal(false);
        const card = JSON.parse(result.content[0].text);
        expect(card).to.deep.equal((await get('/v1/score/modele')).body);
      } finally {
        await client.close();
      }
    });

    it('shows the card as a page with Accept: text/html', async () => {
      const { res, text } = await get('/v1/score/modele', { Accept: 'text/html' });
      expect(res.status).to.equal(200);
      expect(res.headers.get('content-type')).to.match(/^text\/html/);
      expect(text).to.include('<table id="calibration"');
      expect(text).to.include(version);
    });

    it('treats a model file that does not load as absent', async () => {
      const file = modelFileOf(service.t.dataDir);
      const good = await fs.readFile(file, 'utf8');
      await fs.writeFile(file, good.replace(/"version":"[0-9a-f]+"/, `"version":"${'0'.repeat(64)}"`));
      try {
        expect((await get('/v1/score/modele')).res.status).to.equal(404);
        const { body } = await get(`/v1/entreprise/${SUCRERIES}/dossier?blocs=score`);
        expect(body.blocs_absents[0]).to.include({ bloc: 'score', raison: 'copie_indisponible' });
      } finally {
        await fs.writeFile(file, good);
      }
    });
  });
});
