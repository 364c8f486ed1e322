import { expect } from 'chai';
import { tableChecksum } from '../../../projections/core/tableChecksum.ts';
import { ieCroProjection } from '../../../projections/ie-cro/ieCroProjection.ts';
import { targetDescription } from '../../support/database.ts';
import { getJson, ingestEurope, startEuropeService } from '../../support/europeService.ts';
import type { RunningService } from '../../support/service.ts';

describe(`Ireland, CRO local copy: profile and search (e2e, ${targetDescription})`, () => {
  let t: RunningService;
  before(async () => {
    t = await startEuropeService(new Date('2026-11-20T10:00:00Z'));
    await ingestEurope(t, '2026-11-18', ['IE']);
  });
  after(() => t.stop());

  it('the real sample company is served with every member of the unified profile', async () => {
    const { res, body } = await getJson(`${t.baseUrl}/v1/eu/entreprise/IE/673935`);
    expect(res.status).to.equal(200);
    expect(body).to.deep.include({
      pays: 'IE',
      registre: 'CRO',
      id_national: '673935',
      denomination: 'INNOVA-SHIELD LIMITED',
      forme_juridique: { code: 'LTD', libelle: 'LTD - Private Company Limited by Shares' },
      statut: 'en_cessation',
      statut_detail: 'Strike Off Listed',
      date_creation: '2020-07-15',
      adresse_siege: {
        adresse: "THE BLACK CHURCH, ST. MARY'S PLACE, DUBLIN 7, DUBLIN 7, DUBLIN",
        code_postal: 'D07P4AX',
        ville: 'DUBLIN 7',
        pays: 'IE',
      },
      identifiants: { tva: null, lei: null },
      lien_registre: 'https://core.cro.ie/company/673935',
    });
    expect(body.provenance[0]).to.include({
      registre: 'ie.cro',
      version: '2026-11-18',
      date_photo: '2026-11-18',
    });
  });

  it('“Normal ” (padded) is actif with the label trimmed', async () => {
    const { body } = await getJson(`${t.baseUrl}/v1/eu/entreprise/IE/900001`);
    expect(body).to.include({
      statut: 'actif',
      statut_detail: 'Normal',
      denomination: 'SAMPLE ÉIREANN TRADING LIMITED',
    });
    expect(body.adresse_siege).to.deep.equal({
      adresse: 'UNIT 4, SAMPLE BUSINESS PARK, BALLYSAMPLE ROAD, GALWAY, GALWAY, GALWAY',
      code_postal: 'H91 XY00',
      ville: 'GALWAY',
      pays: 'IE',
    });
  });

  it('a dissolved company registered before 1900, without address, is radie with no address', async () => {
    const { body } = await getJson(`${t.baseUrl}/v1/eu/entreprise/IE/900003`);
    expect(body).to.include({ statut: 'radie', statut_detail: 'Dissolved', date_creation: '1889-05-01' });
    expect(body.adresse_siege).to.deep.equal({ adresse: null, code_postal: null, ville: null, pays: null });
  });

  it('a number published with a leading zero is served under the register’s number', async () => {
    const { res, body } = await getJson(`${t.baseUrl}/v1/eu/entreprise/IE/900005`);
    expect(res.status).to.equal(200);
    expect(body.denomination).to.equal('SAMPLE LEADING ZERO LIMITED');
  });

  it('an unknown type code keeps the label: CLG in liquidation is en_cessation', async () => {
    const { body } = await getJson(`${t.baseUrl}/v1/eu/entreprise/IE/900006`);
    expect(body).to.deep.include({
      forme_juridique: { code: 'CLG', libelle: 'CLG - Company Limited by Guarantee' },
      statut: 'en_cessation',
      statut_detail: 'Liquidation',
    });
  });

  for (const id of ['0900005', '12345678', 'IE123', '673 935']) {
    it(`"${id}" is a 400 parametre_invalide on champ id`, async () => {
      const { res, body } = await getJson(`${t.baseUrl}/v1/eu/entreprise/IE/${encodeURIComponent(id)}`);
      expect(res.status).to.equal(400);
      expect(body).to.include({ error: 'parametre_invalide', champ: 'id' });
    });
  }

  it('a number the register does not hold is a 404 entreprise_inconnue', async () => {
    const { res, body } = await getJson(`${t.baseUrl}/v1/eu/entreprise/IE/123456`);
    expect([res.status, body.error]).to.deep.equal([404, 'entreprise_inconnue']);
  });

  it('the search finds a company by name, and by its number', async () => {
    const byName = await getJson(`${t.baseUrl}/v1/eu/recherche?q=innova-shield&pays=IE`);
    expect(byName.res.status).to.equal(200);
    expect(byName.body.resultats[0]).to.include({ pays: 'IE', id_national: '673935', registre: 'ie.cro' });
    const byNumber = await getJson(`${t.baseUrl}/v1/eu/recherche?q=900007&pays=IE`);
    expect(byNumber.body.resultats[0]).to.include({
      id_national: '900007',
      denomination: 'THE "SAMPLE" BAKERY LIMITED',
      correspondance: 'identifiant_national',
    });
    expect(byNumber.body.pays_couverts).to.deep.equal([
      { pays: 'IE', registre: 'ie.cro', mode: 'copie_locale', entites: 8 },
    ]);
  });

  it('the repeated row of a company does not replace the first one', async () => {
    const { text } = await getJson(`${t.baseUrl}/v1/eu/recherche?q=sample%20eireann%20trading&pays=IE`);
    expect(text).not.to.contain('DUPLICATE ROW');
  });

  it('nothing but the published companies file enters the log (no officer, no person)', async () => {
    const { rows } = await t.db.knex.raw(
      `select distinct data->>'kind' as kind from events where data->>'register' = 'ie.cro' and data->>'kind' is not null`,
    );
    expect((rows as { kind: string }[]).map((r) => r.kind).sort()).to.deep.equal(['company', 'fichier']);
  });

  it('the read model rebuilds to the same bytes', async () => {
    const before = await tableChecksum(t.db.knex, ieCroProjection.tables[0]!);
    await t.service.runner.rebuild(ieCroProjection.name);
    expect(await tableChecksum(t.db.knex, ieCroProjection.tables[0]!)).to.deep.equal(before);
  });
});

describe(`Ireland before its first pass (e2e, ${targetDescription})`, () => {
  let t: RunningService;
  before(async () => {
    t = await startEuropeService(new Date('2026-11-20T10:00:00Z'));
  });
  after(() => t.stop());

  it('the profile is a 503 collecte_en_cours and the search lists Ireland as mute', async () => {
    const profile = await getJson(`${t.baseUrl}/v1/eu/entreprise/IE/673935`);
    expect(profile.res.status).to.equal(503);
    expect(profile.body).to.include({ error: 'collecte_en_cours', registre: 'ie.cro' });
    await ingestEurope(t, '2026-11-18', ['NO']);
    const search = await getJson(`${t.baseUrl}/v1/eu/recherche?q=innova`);
    expect(search.body.registres_muets).to.deep.include({
      pays: 'IE',
      registre: 'ie.cro',
      motif: 'collecte_en_cours',
    });
  });

  it('Ireland has no freshness threshold in the contract: a year-old pass is still served', async () => {
    await ingestEurope(t, '2025-11-18', ['IE']);
    const { res } = await getJson(`${t.baseUrl}/v1/eu/entreprise/IE/673935`);
    expect(res.status).to.equal(200);
  });
});
