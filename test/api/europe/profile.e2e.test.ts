import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect } from 'chai';
import { manifestSha256 } from '../../../ingest/core/filesPass.ts';
import { targetDescription } from '../../support/database.ts';
import {
  EE_ARIREGISTER_DEMO_FILES,
  getJson,
  LV_UR_DEMO_FILES,
  NO_BRREG_DEMO_FILES,
  startEuropeServiceIngested,
} from '../../support/europeService.ts';
import type { RunningService } from '../../support/service.ts';

const sha = (file: string) => createHash('sha256').update(readFileSync(file)).digest('hex');

describe(`European unified profile (e2e, ${targetDescription})`, () => {
  let t: RunningService;
  before(async () => {
    t = await startEuropeServiceIngested(new Date('2026-11-20T10:00:00Z'), '2026-11-18');
  });
  after(() => t?.stop());

  it('a Norwegian company from the real brreg sample is served with every member of the profile', async () => {
    const { res, body } = await getJson(`${t.baseUrl}/v1/eu/entreprise/NO/998543118`);
    expect(res.status).to.equal(200);
    expect(body).to.deep.include({
      pays: 'NO',
      registre: 'Brønnøysund',
      id_national: '998543118',
      denomination: 'BYGGVISUALISERING AS',
      forme_juridique: { code: 'AS', libelle: 'Aksjeselskap' },
      statut: 'actif',
      statut_detail: null,
      date_creation: '2012-06-14',
      adresse_siege: { adresse: 'Yorkstien 4', code_postal: '3233', ville: 'SANDEFJORD', pays: 'NO' },
      identifiants: { tva: 'NO998543118MVA', lei: null },
      lien_registre: 'https://virksomhet.brreg.no/oppslag/enheter/998543118',
    });
    expect(Object.keys(body)[0]).to.equal('citation');
  });

  it('an Estonian company keeps the register’s status label in statut_detail', async () => {
    const { body } = await getJson(`${t.baseUrl}/v1/eu/entreprise/EE/12652512`);
    expect(body).to.deep.include({
      pays: 'EE',
      denomination: '001 Kinnisvara OÜ',
      forme_juridique: { code: 'OÜ', libelle: 'Osaühing' },
      statut: 'actif',
      statut_detail: 'Registrisse kantud',
      date_creation: '2014-04-25',
      adresse_siege: { adresse: 'Õismäe tee 78-9', code_postal: '13513', ville: 'Tallinn', pays: 'EE' },
      identifiants: { tva: 'EE101721589', lei: null },
      lien_registre: 'https://ariregister.rik.ee/est/company/12652512',
    });
  });

  it('liquidation and bankruptcy are en_cessation, a struck-off entity is radie', async () => {
    const liquidation = (await getJson(`${t.baseUrl}/v1/eu/entreprise/EE/10900002`)).body;
    const bankruptcy = (await getJson(`${t.baseUrl}/v1/eu/entreprise/EE/14900003`)).body;
    const struckOff = (await getJson(`${t.baseUrl}/v1/eu/entreprise/LV/40003900003`)).body;
    expect([liquidation.statut, liquidation.statut_detail]).to.deep.equal([
      'en_cessation',
      'Likvideerimisel',
    ]);
    expect([bankruptcy.statut, bankruptcy.statut_detail]).to.deep.equal(['en_cessation', 'Pankrotis']);
    expect([struckOff.statut, struckOff.statut_detail]).to.deep.equal([
      'radie',
      'Likvidācija pēc dalībnieku lēmuma',
    ]);
  });

  it('a name published between tripled quotes is read whole', async () => {
    const { body } = await getJson(`${t.baseUrl}/v1/eu/entreprise/EE/14900003`);
    expect(body.denomination).to.equal('"Näidis" Holding OÜ');
  });

  it('a Latvian company is served from register.csv', async () => {
    const { body } = await getJson(`${t.baseUrl}/v1/eu/entreprise/LV/40003900001`);
    expect(body).to.deep.include({
      pays: 'LV',
      denomination: 'SIA "Paraugs Kokapstrāde"',
      forme_juridique: { code: 'SIA', libelle: 'Sabiedrība ar ierobežotu atbildību' },
      statut: 'actif',
      date_creation: '2011-04-12',
      adresse_siege: { adresse: 'Rīga, Brīvības iela 1 - 2', code_postal: '1010', ville: 'Rīga', pays: 'LV' },
    });
  });

  it('the country code is accepted in lower case', async () => {
    const { res, body } = await getJson(`${t.baseUrl}/v1/eu/entreprise/no/998543118`);
    expect(res.status).to.equal(200);
    expect(body.pays).to.equal('NO');
  });

  for (const [pays, id] of [
    ['NO', '99854311'],
    ['NO', '9985431180'],
    ['EE', '126525120'],
    ['LV', '4000390000'],
    ['NO', '998 543 118'],
  ] as const) {
    it(`an identifier of the wrong format for ${pays} (${id}) is a 400 on champ id`, async () => {
      const { res, body } = await getJson(`${t.baseUrl}/v1/eu/entreprise/${pays}/${encodeURIComponent(id)}`);
      expect(res.status).to.equal(400);
      expect(body).to.include({ error: 'parametre_invalide', champ: 'id' });
    });
  }

  it('a country without a local copy is a 400 pays_non_couvert', async () => {
    const { res, body } = await getJson(`${t.baseUrl}/v1/eu/entreprise/DE/12345678`);
    expect(res.status).to.equal(400);
    expect(body).to.include({ error: 'pays_non_couvert', champ: 'pays' });
  });

  it('an identifier the register does not hold is a 404 entreprise_inconnue', async () => {
    const { res, body } = await getJson(`${t.baseUrl}/v1/eu/entreprise/NO/123456785`);
    expect(res.status).to.equal(404);
    expect(body.error).to.equal('entreprise_inconnue');
  });

  for (const [pays, id, name] of [
    ['NO', '932819864', 'PINSEDAG THIABSAENG'],
    ['EE', '90000004', 'Kertu Kaasik-Näidis'],
    ['LV', '41500900004', 'Paraudziņš'],
  ] as const) {
    it(`a sole trader (${pays}) is a 404 entreprise_individuelle_non_servie that does not name the person`, async () => {
      const { res, body, text } = await getJson(`${t.baseUrl}/v1/eu/entreprise/${pays}/${id}`);
      expect(res.status).to.equal(404);
      expect(body.error).to.equal('entreprise_individuelle_non_servie');
      expect(text).not.to.contain(name);
    });
  }

  it('provenance carries the SHA-256 of the sorted manifest of the pass’s files', async () => {
    const files = Object.values(EE_ARIREGISTER_DEMO_FILES).map((f) => ({
      nom: path.basename(f),
      sha256: sha(f),
    }));
    const { body } = await getJson(`${t.baseUrl}/v1/eu/entreprise/EE/12652512`);
    expect(body.provenance).to.deep.equal([
      {
        registre: 'ee.ariregister',
        version: '2026-11-18',
        empreinte_sha256: manifestSha256(files),
        date_photo: '2026-11-18',
      },
    ]);
    const lv = (await getJson(`${t.baseUrl}/v1/eu/entreprise/LV/40003900001`)).body;
    const lvFiles = Object.values(LV_UR_DEMO_FILES).map((f) => ({ nom: path.basename(f), sha256: sha(f) }));
    expect(lv.provenance[0].empreinte_sha256).to.equal(manifestSha256(lvFiles));
    const no = (await getJson(`${t.baseUrl}/v1/eu/entreprise/NO/998543118`)).body;
    expect(no.provenance[0].empreinte_sha256).to.equal(
      manifestSha256(
        Object.values(NO_BRREG_DEMO_FILES).map((f) => ({
          nom: path.basename(f),
          sha256: sha(f),
        })),
      ),
    );
  });
});
