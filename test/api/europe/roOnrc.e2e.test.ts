import { expect } from 'chai';
import { ingestRoOnrc } from '../../../ingest/ro-onrc/ingestRoOnrc.ts';
import { RO_ONRC_DEMO_FILES } from '../../../ingest/ro-onrc/roOnrcDemo.ts';
import { tableChecksum } from '../../../projections/core/tableChecksum.ts';
import { roOnrcProjection } from '../../../projections/ro-onrc/roOnrcProjection.ts';
import { targetDescription, testLogger } from '../../support/database.ts';
import { getJson, ingestEurope, startEuropeService } from '../../support/europeService.ts';
import { logTextForPrivacyScan } from '../../support/eventLog.ts';
import type { RunningService } from '../../support/service.ts';

/** Natural persons of the fixtures (sole traders, representatives) and their personal data. */
const PERSONAL = [
  'POPESCU',
  'IONESCU MARIA',
  'STANCIU',
  'VASILESCU',
  'GEORGESCU',
  'DUMITRESCU',
  'MARINESCU',
  'REPARATII EXEMPLU',
  '21/07/1980',
  '12/03/1975',
  '19/06/1967',
  '30/11/1970',
  '05/05/1985',
  '02/04/1961',
  'Codlea',
  'Pașcani',
  'Ploiești',
  'Dej',
  'Craiova',
];
/** Undecided forms: their names may be a natural person's, never served. */
const WITHHELD = ['ASOCIATIA EXEMPLU', 'GRUP EXEMPLU'];

describe(`Romania (ONRC): profile, search, insolvency from the monthly release (e2e, ${targetDescription})`, () => {
  let t: RunningService;
  const bodies: string[] = [];
  const get = async (path: string) => {
    const r = await getJson(`${t.baseUrl}${path}`);
    bodies.push(r.text);
    return r;
  };
  before(async () => {
    t = await startEuropeService(new Date('2026-11-20T10:00:00Z'));
    await ingestEurope(t, '2026-11-13', ['RO']);
  });
  after(() => t.stop());

  it('profile: a company by its CUI, address rebuilt, the postal code’s lost leading zero restored', async () => {
    const { res, body } = await get('/v1/eu/entreprise/RO/44509120');
    expect(res.status).to.equal(200);
    expect(body).to.deep.include({
      pays: 'RO',
      registre: 'ONRC',
      id_national: '44509120',
      denomination: 'EXEMPLU DISTRIBUTIE S.R.L.',
      forme_juridique: { code: 'SRL', libelle: 'societate cu răspundere limitată' },
      statut: 'actif',
      statut_detail: 'funcțiune',
      date_creation: '2021-11-08',
      adresse_siege: {
        adresse: 'Str. Exemplului nr. 10, bl. A1, sc. 2, et. 3, ap. 45, sector 3',
        code_postal: '030167',
        ville: 'Sector 3',
        pays: 'RO',
      },
      identifiants: { tva: null, lei: null },
    });
    expect(body.provenance[0]).to.include({ registre: 'ro.onrc', version: '2026-11-13' });
    expect(body.provenance[0].empreinte_sha256).to.match(/^[0-9a-f]{64}$/);
  });

  it('profile: the RO prefix is accepted and the CUI served as published', async () => {
    const { res, body } = await get('/v1/eu/entreprise/RO/RO44509120');
    expect(res.status).to.equal(200);
    expect(body.id_national).to.equal('44509120');
  });

  it('a CUI with a wrong check digit is a 400 parametre_invalide on the profile and the insolvency route', async () => {
    for (const p of ['/v1/eu/entreprise/RO/44509121', '/v1/eu/entreprise/RO/44509121/insolvabilite']) {
      const { res, body } = await get(p);
      expect(res.status, p).to.equal(400);
      expect(body).to.include({ error: 'parametre_invalide' });
    }
  });

  it('names keep their literal quotes; an unclosed quote does not swallow the companies after it', async () => {
    expect((await get('/v1/eu/entreprise/RO/40123452')).body.denomination).to.equal('"PADUREA EXEMPLU" SRL');
    expect((await get('/v1/eu/entreprise/RO/38777013')).body.denomination).to.equal('" CARDIO EXEMPLU SRL');
    const next = await get('/v1/eu/entreprise/RO/18055335');
    expect(next.body).to.include({ denomination: 'CAMPING EXEMPLU S.R.L.', date_creation: '2025-09-24' });
    // No status published for it: not guessed.
    expect(next.body).to.include({ statut: null, statut_detail: null });
    expect((await get('/v1/eu/entreprise/RO/40123452')).body.date_creation).to.equal('2010-03-15');
  });

  it('statut: struck off (0001-01-01 date read as none), insolvency and bankruptcy are en_cessation', async () => {
    expect((await get('/v1/eu/entreprise/RO/40987610')).body).to.include({
      statut: 'radie',
      statut_detail: 'radiată',
      date_creation: null,
    });
    expect((await get('/v1/eu/entreprise/RO/22334478')).body).to.include({
      statut: 'en_cessation',
      statut_detail: 'în insolvență',
    });
    expect((await get('/v1/eu/entreprise/RO/33125906')).body).to.include({
      statut: 'en_cessation',
      statut_detail: 'faliment',
    });
    // A branch whose parent company is insolvent keeps trading.
    expect((await get('/v1/eu/entreprise/RO/37004567')).body).to.include({ statut: 'actif' });
  });

  it('sole traders (PFA, II) are 404 entreprise_individuelle_non_servie', async () => {
    for (const cui of ['35660026', '29117743']) {
      for (const p of [`/v1/eu/entreprise/RO/${cui}`, `/v1/eu/entreprise/RO/${cui}/insolvabilite`]) {
        const { res, body } = await get(p);
        expect(res.status, p).to.equal(404);
        expect(body.error, p).to.equal('entreprise_individuelle_non_servie');
      }
    }
  });

  it('undecided forms (N/A, ALT) and forms in no list are 404 forme_juridique_non_servie', async () => {
    for (const cui of ['43002188', '11223342', '44990015']) {
      for (const p of [`/v1/eu/entreprise/RO/${cui}`, `/v1/eu/entreprise/RO/${cui}/insolvabilite`]) {
        const { res, body } = await get(p);
        expect(res.status, p).to.equal(404);
        expect(body.error, p).to.equal('forme_juridique_non_servie');
      }
    }
  });

  it('a valid CUI the register does not hold, or only on a line set aside, is 404 entreprise_inconnue', async () => {
    for (const cui of ['13548146', '12345674']) {
      const { res, body } = await get(`/v1/eu/entreprise/RO/${cui}`);
      expect(res.status).to.equal(404);
      expect(body.error).to.equal('entreprise_inconnue');
    }
  });

  it('search: legal persons by name, never a sole trader or an undecided form; Romania counted', async () => {
    const { res, body } = await get('/v1/eu/recherche?q=exemplu&pays=RO');
    expect(res.status).to.equal(200);
    const names = body.resultats.map((r: { denomination: string }) => r.denomination);
    expect(names).to.include('INDUSTRIA EXEMPLU SA');
    for (const n of names) expect(n).to.not.match(/POPESCU|IONESCU|ASOCIATIA|GRUP EXEMPLU|LICHIDARE SPRL/);
    expect(body.pays_couverts).to.deep.equal([
      { pays: 'RO', registre: 'ro.onrc', mode: 'copie_locale', entites: 8 },
    ]);
  });

  it('search: a CUI, with or without RO, finds its company', async () => {
    const { body } = await get('/v1/eu/recherche?q=RO22334478&pays=RO');
    expect(body.resultats[0]).to.include({
      pays: 'RO',
      id_national: '22334478',
      correspondance: 'identifiant_national',
    });
  });

  it('insolvency: an insolvent SA, its judicial administrator named, the special administrator counted', async () => {
    const { res, body } = await get('/v1/eu/entreprise/RO/22334478/insolvabilite');
    expect(res.status).to.equal(200);
    expect(body).to.deep.include({
      pays: 'RO',
      id_national: '22334478',
      denomination: 'INDUSTRIA EXEMPLU SA',
      statut_registre: { unifie: 'autre', detail: 'insolvabilite' },
      statuts_procedure: [
        {
          code: 1139,
          libelle_ro: 'în insolvență',
          famille: 'insolvabilite',
          fr: 'procédure d’insolvabilité',
        },
      ],
      procedure_au_registre: true,
      mandataires: [
        {
          nom: 'EXEMPLU INSOLVENTA IPURL',
          nature: 'personne_morale',
          role: {
            registre: 'administrator judiciar',
            famille: 'insolvabilite',
            fr: 'administrateur judiciaire',
          },
          cod_inmatriculare: null,
        },
        {
          nom: null,
          nature: 'personne_physique',
          role: { registre: 'administrator special', famille: 'insolvabilite', fr: 'administrateur spécial' },
          cod_inmatriculare: null,
        },
      ],
      nombre_mandataires: 2,
      aucune_procedure: false,
      autres_statuts: [
        { code: 1048, libelle_ro: 'funcțiune', famille: 'fonctionnement', fr: 'en fonctionnement' },
      ],
      photo: { registre: '2026-11-13', representants: '2026-11-13' },
    });
    expect(Object.keys(body)[0]).to.equal('citation');
  });

  it('insolvency: bankruptcy, the liquidator firm named with its own registration number', async () => {
    const { body } = await get('/v1/eu/entreprise/RO/33125906/insolvabilite');
    expect(body.statut_registre).to.deep.equal({ unifie: 'autre', detail: 'faillite' });
    expect(body.statuts_procedure).to.deep.equal([
      { code: 1083, libelle_ro: 'faliment', famille: 'faillite', fr: 'faillite' },
    ]);
    expect(body.mandataires).to.deep.equal([
      {
        nom: 'CONSULTANT LICHIDARE SPRL',
        nature: 'personne_morale',
        role: {
          registre: 'lichidator judiciar',
          famille: 'liquidateur_judiciaire',
          fr: 'liquidateur judiciaire',
        },
        cod_inmatriculare: 'J12/4321/2008',
      },
      {
        nom: null,
        nature: 'personne_physique',
        role: {
          registre: 'lichidator judiciar',
          famille: 'liquidateur_judiciaire',
          fr: 'liquidateur judiciaire',
        },
        cod_inmatriculare: null,
      },
    ]);
  });

  it('insolvency: none recorded on the complete release is measured (aucune_procedure)', async () => {
    const { body } = await get('/v1/eu/entreprise/RO/44509120/insolvabilite');
    expect(body).to.deep.include({
      statut_registre: { unifie: 'actif', detail: 'alerte_administrative' },
      statuts_procedure: [],
      procedure_au_registre: false,
      mandataires: [],
      nombre_mandataires: 0,
      aucune_procedure: true,
    });
    expect(body.autres_statuts.map((s: { code: number }) => s.code)).to.deep.equal([1048, 2069]);
  });

  it('no natural person’s name, birth date or place appears in any answer, nor in the event log', async () => {
    for (const p of ['40987610', '22334478', '33125906', '44509120']) {
      await get(`/v1/eu/entreprise/RO/${p}/insolvabilite`);
    }
    await get('/v1/eu/recherche?q=popescu');
    await get('/v1/eu/recherche?q=asociatia exemplu');
    const all = bodies.join('\n');
    for (const s of [...PERSONAL, ...WITHHELD]) expect(all, s).to.not.include(s);
    const log = await logTextForPrivacyScan(t.db.knex);
    for (const s of PERSONAL) expect(log, s).to.not.include(s);
    // The legal-person practitioners are in the log, by name.
    expect(log).to.include('EXEMPLU INSOLVENTA IPURL');
  });

  it('rebuilding the read model gives the same table checksums', async () => {
    const before = await Promise.all(roOnrcProjection.tables.map((x) => tableChecksum(t.db.knex, x)));
    await t.service.runner.rebuild(roOnrcProjection.name);
    const after = await Promise.all(roOnrcProjection.tables.map((x) => tableChecksum(t.db.knex, x)));
    expect(after).to.deep.equal(before);
  });
});

describe(`Romania (ONRC): freshness and measured absence (e2e, ${targetDescription})`, () => {
  let t: RunningService;
  before(async () => {
    t = await startEuropeService(new Date('2026-11-20T10:00:00Z'));
  });
  after(() => t.stop());

  it('before the first pass completes, the profile and insolvency routes are 503 collecte_en_cours', async () => {
    for (const p of ['/v1/eu/entreprise/RO/22334478', '/v1/eu/entreprise/RO/22334478/insolvabilite']) {
      const { res, body } = await getJson(`${t.baseUrl}${p}`);
      expect(res.status, p).to.equal(503);
      expect(body).to.include({ error: 'collecte_en_cours', registre: 'ro.onrc' });
    }
  });

  it('a pass without the representatives file: an empty answer is not measured; no threshold: old copy served', async () => {
    await ingestRoOnrc({
      knex: t.db.knex,
      store: t.service.store,
      logger: testLogger,
      files: {
        firme: RO_ONRC_DEMO_FILES.firme,
        stare_firma: RO_ONRC_DEMO_FILES.stare_firma,
        n_stare_firma: RO_ONRC_DEMO_FILES.n_stare_firma,
      },
      snapshotDate: '2026-01-05',
    });
    await t.service.runner.caughtUp();
    const { res, body } = await getJson(`${t.baseUrl}/v1/eu/entreprise/RO/44509120/insolvabilite`);
    expect(res.status).to.equal(200);
    expect(body).to.deep.include({
      aucune_procedure: false,
      mandataires: [],
      photo: { registre: '2026-01-05', representants: null },
    });
  });
});
