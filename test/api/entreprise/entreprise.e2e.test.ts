import SwaggerParser from '@apidevtools/swagger-parser';
import { expect } from 'chai';
import {
  PROFILES_PER_STATEMENT,
  readProfile,
  readProfiles,
} from '../../../api/routes/entreprise/readProfile.ts';
import { ENTREPRISE_ROUTES } from '../../../api/routes/entreprise.ts';
import { ingestFrSirene } from '../../../ingest/fr-sirene/ingestFrSirene.ts';
import { tableChecksum } from '../../../projections/core/tableChecksum.ts';
import {
  ETABLISSEMENTS_TABLE,
  etablissementsProjection,
} from '../../../projections/fr-sirene-etablissements/etablissementsProjection.ts';
import {
  UNITES_LEGALES_TABLE,
  unitesLegalesProjection,
} from '../../../projections/fr-sirene-unites-legales/unitesLegalesProjection.ts';
import { targetDescription, testLogger } from '../../support/database.ts';
import { type RunningService, startTestService } from '../../support/service.ts';
import { removeTempDirs, type SireneCsv, samples, tempDir, writeCsv } from '../../support/sireneFiles.ts';
import { statementsSent } from '../../support/statementsSent.ts';

/**
 * The real samples (300 units of 2022, 299 establishments of 2024) through the real ingester, the two read
 * models and the HTTP routes. Four rows are edited, cell by cell, for cases the samples lack: partial
 * diffusion, a missing legal category, a missing administrative status, and Lambert coordinates on one head
 * office (Abbeville, 80100).
 */
const PARTIAL = '005420039';
const NO_CATEGORY = '005420047';
const NO_STATUS = '005420054';
const GEO_SIREN = '005420021';
const EDITED = [PARTIAL, NO_CATEGORY, NO_STATUS];
const PERSONAL_COLUMNS = [
  'nomUniteLegale',
  'nomUsageUniteLegale',
  'prenom1UniteLegale',
  'prenom2UniteLegale',
  'prenom3UniteLegale',
  'prenom4UniteLegale',
  'prenomUsuelUniteLegale',
  'pseudonymeUniteLegale',
];

// biome-ignore lint/suspicious/noExplicitAny: decoded wire JSON, checked field by field
type Body = Record<string, any>;

describe(`French company routes: Sirene samples → ingest → read models → HTTP (${targetDescription})`, () => {
  let t: RunningService;
  let units: SireneCsv;
  let estabs: SireneCsv;
  let fileSha256: string;

  before(async () => {
    units = await samples.unites();
    estabs = await samples.etablissements();
    const edit = (siren: string, cells: Record<string, string>) =>
      Object.assign(units.rows.find((r) => r.siren === siren)!, cells);
    edit(PARTIAL, { statutDiffusionUniteLegale: 'P', denominationUniteLegale: '[ND]' });
    edit(NO_CATEGORY, { categorieJuridiqueUniteLegale: '' });
    edit(NO_STATUS, { etatAdministratifUniteLegale: '' });
    Object.assign(estabs.rows.find((r) => r.siret === '00542002100056')!, {
      coordonneeLambertAbscisseEtablissement: '616493.9',
      coordonneeLambertOrdonneeEtablissement: '7001406.9',
    });
    const dir = await tempDir();
    t = await startTestService({
      projections: [unitesLegalesProjection, etablissementsProjection],
      routes: ENTREPRISE_ROUTES,
      payment: false,
      now: () => new Date('2026-11-20T10:00:00Z'),
    });
    const done = await ingestFrSirene({
      knex: t.db.knex,
      store: t.service.store,
      logger: testLogger,
      unitesLegales: await writeCsv(dir, 'StockUniteLegale_utf8.csv', units),
      etablissements: await writeCsv(dir, 'StockEtablissement_utf8.csv', estabs),
      version: '2026-11-15',
      progress: false,
    });
    fileSha256 = done.fileSha256;
    await t.service.runner.caughtUp();
  });
  after(async () => {
    await t.stop();
    await removeTempDirs();
  });

  async function get(path: string) {
    const res = await fetch(`${t.baseUrl}${path}`);
    const text = await res.text();
    return { res, text, body: JSON.parse(text) as Body };
  }
  const category = (r: Record<string, string>) => r.categorieJuridiqueUniteLegale!;
  const legalPersons = () =>
    units.rows.filter(
      (r) => !EDITED.includes(r.siren!) && category(r) !== '1000' && !category(r).startsWith('2'),
    );
  const estabsOf = (siren: string) => estabs.rows.filter((e) => e.siren === siren);
  const orNull = (v: string | undefined) => (v === undefined || v === '' ? null : v);

  it('serves every legal person of the sample with the fields of its CSV row', async () => {
    expect(legalPersons()).to.have.length(46);
    for (const row of legalPersons()) {
      const { res, body } = await get(`/v1/entreprise/${row.siren}`);
      expect(res.status, row.siren).to.equal(200);
      expect(body).to.deep.include({
        siren: row.siren,
        denomination: orNull(row.denominationUniteLegale),
        sigle: orNull(row.sigleUniteLegale),
        nature_juridique: row.categorieJuridiqueUniteLegale,
        activite_principale: orNull(row.activitePrincipaleUniteLegale),
        categorie_entreprise: orNull(row.categorieEntreprise),
        tranche_effectif_salarie: orNull(row.trancheEffectifsUniteLegale),
        date_creation: orNull(row.dateCreationUniteLegale),
        etat_administratif: { A: 'actif', C: 'cesse' }[row.etatAdministratifUniteLegale!],
        nombre_etablissements: estabsOf(row.siren!).length,
      });
      const usual = [1, 2, 3].map((i) => row[`denominationUsuelle${i}UniteLegale`]).filter((v) => v);
      expect(body.denominations_usuelles).to.deep.equal(usual);
      expect(body.siege.siret).to.equal(`${row.siren}${row.nicSiegeUniteLegale}`);
      const head = estabs.rows.find((e) => e.siret === body.siege.siret);
      expect(body.siege.code_postal).to.equal(orNull(head?.codePostalEtablissement));
      expect(body.siege.commune).to.equal(orNull(head?.libelleCommuneEtablissement));
    }
  });

  it('builds the head office address as one line from its fields', async () => {
    const { body } = await get(`/v1/entreprise/${GEO_SIREN}`);
    expect(body.siege).to.deep.equal({
      siret: '00542002100056',
      adresse: '21 B BD DES PRES, 80100 ABBEVILLE',
      code_postal: '80100',
      commune: 'ABBEVILLE',
    });
  });

  it('computes the intra-EU VAT number from the SIREN', async () => {
    const { body } = await get(`/v1/entreprise/${GEO_SIREN}`);
    expect(body.tva_intracommunautaire).to.equal('FR62005420021');
  });

  it('adds the head office WGS84 coordinates with geo=true, from its Lambert-93 position', async () => {
    const { body } = await get(`/v1/entreprise/${GEO_SIREN}?geo=true`);
    expect(body.siege.coordonnees.latitude).to.be.closeTo(50.1054, 1e-4);
    expect(body.siege.coordonnees.longitude).to.be.closeTo(1.8339, 1e-4);
  });

  it('gives null coordinates where Sirene publishes none, and none at all without geo', async () => {
    const other = legalPersons().find((r) => r.siren !== GEO_SIREN)!;
    expect((await get(`/v1/entreprise/${other.siren}?geo=true`)).body.siege.coordonnees).to.equal(null);
    expect((await get(`/v1/entreprise/${other.siren}`)).body.siege).not.to.have.property('coordonnees');
  });

  it('adds each establishment’s WGS84 coordinates with geo=true on the establishments list', async () => {
    const profile = (await get(`/v1/entreprise/${GEO_SIREN}?geo=true`)).body;
    const { res, body } = await get(`/v1/entreprise/${GEO_SIREN}/etablissements?geo=true`);
    expect(res.status).to.equal(200);
    const siege = body.etablissements.find((e: { est_siege: boolean }) => e.est_siege);
    expect(siege.coordonnees).to.deep.equal(profile.siege.coordonnees);
    for (const e of body.etablissements) expect(e).to.have.property('coordonnees');
  });

  it('lists establishments without coordinates when geo is absent, and refuses a geo that is not a boolean', async () => {
    const { body } = await get(`/v1/entreprise/${GEO_SIREN}/etablissements`);
    for (const e of body.etablissements) expect(e).not.to.have.property('coordonnees');
    const bad = await get(`/v1/entreprise/${GEO_SIREN}/etablissements?geo=oui`);
    expect(bad.res.status).to.equal(400);
    expect(bad.body).to.include({ error: 'parametre_invalide', champ: 'geo' });
  });

  it('refuses a geo value that is not a boolean, before anything is read', async () => {
    const { res, body } = await get(`/v1/entreprise/${GEO_SIREN}?geo=peut-etre`);
    expect(res.status).to.equal(400);
    expect(body).to.include({ error: 'parametre_invalide', champ: 'geo' });
  });

  it('without the other sources, their members are null and named in blocs_absents with the reason', async () => {
    // This service holds Sirene alone: no RNE credentials, no Egapro, SIRET-IDCC or GLEIF copy.
    const { res, body } = await get(`/v1/entreprise/${GEO_SIREN}`);
    expect(res.status).to.equal(200);
    for (const member of [
      'dirigeants',
      'index_egapro',
      'conventions_collectives',
      'conventions_collectives_notes',
    ]) {
      expect(body[member], member).to.equal(null);
    }
    expect(body.blocs_absents.map((b: Body) => [b.bloc, b.raison])).to.deep.equal([
      ['dirigeants', 'registre_non_configure'],
      ['index_egapro', 'copie_indisponible'],
      ['conventions_collectives', 'copie_indisponible'],
    ]);
    expect(body.groupe_lei).to.include({ etat: 'indisponible', lei: null });
  });

  it('cites the Sirene stock version and the manifest SHA-256 of its two files', async () => {
    const { body } = await get(`/v1/entreprise/${GEO_SIREN}`);
    expect(body.provenance).to.deep.equal([
      {
        registre: 'fr.sirene',
        version: '2026-11-15',
        empreinte_sha256: fileSha256,
        date_photo: '2026-11-15',
      },
    ]);
    expect(body.citation).to.match(/^INSEE Sirene \(version 2026-11-15, sha256 [0-9a-f]{12}\)/);
  });

  it('lists the establishments head office first, then open before closed, each as in its CSV row', async () => {
    for (const row of legalPersons()) {
      const { res, body } = await get(`/v1/entreprise/${row.siren}/etablissements`);
      expect(res.status, row.siren).to.equal(200);
      const expected = estabsOf(row.siren!);
      expect(body).to.deep.include({
        siren: row.siren,
        denomination: orNull(row.denominationUniteLegale),
        nombre_etablissements: expected.length,
        listes_bornees: {
          etablissements: { nombre_total: expected.length, tronque: false, total_borne_basse: false },
        },
      });
      const rank = (e: Body) => (e.est_siege ? 0 : e.etat_administratif === 'actif' ? 1 : 2);
      const ranks = body.etablissements.map(rank);
      expect(ranks, row.siren).to.deep.equal([...ranks].sort());
      for (const item of body.etablissements as Body[]) {
        const csv = expected.find((e) => e.siret === item.siret)!;
        expect(item).to.deep.include({
          est_siege: csv.etablissementSiege === 'true',
          code_postal: orNull(csv.codePostalEtablissement),
          commune: orNull(csv.libelleCommuneEtablissement),
          etat_administratif: { A: 'actif', F: 'ferme' }[csv.etatAdministratifEtablissement!],
          activite_principale: orNull(csv.activitePrincipaleEtablissement),
          date_creation: orNull(csv.dateCreationEtablissement),
        });
      }
      expect(body.etablissements.map((e: Body) => e.siret).sort()).to.deep.equal(
        expected.map((e) => e.siret).sort(),
      );
    }
  });

  it('never names a sole proprietor: every one of the sample is refused on both routes, without the name', async () => {
    const soleProprietors = units.rows.filter((r) => category(r) === '1000');
    expect(soleProprietors).to.have.length(246);
    let namesChecked = 0;
    for (const row of soleProprietors) {
      const names = [
        ...PERSONAL_COLUMNS.map((c) => row[c]),
        ...estabsOf(row.siren!).flatMap((e) => [
          e.enseigne1Etablissement,
          e.denominationUsuelleEtablissement,
        ]),
        // Single letters (initials) would match any message; every longer name is checked.
      ].filter((v): v is string => v !== undefined && v.length >= 3);
      for (const path of [`/v1/entreprise/${row.siren}`, `/v1/entreprise/${row.siren}/etablissements`]) {
        const { res, body, text } = await get(path);
        expect(res.status, path).to.equal(400);
        expect(body).to.include({ error: 'entreprise_individuelle_non_couverte', champ: 'siren' });
        for (const name of names) expect(text, `${path} names ${name}`).not.to.contain(name);
        namesChecked += names.length;
      }
    }
    expect(namesChecked).to.be.greaterThan(2 * 246);
  });

  it('refuses groups without legal personality, whose names are natural persons’ names', async () => {
    const groups = units.rows.filter((r) => category(r).startsWith('2'));
    expect(groups).to.have.length(5);
    for (const row of groups) {
      const { res, body, text } = await get(`/v1/entreprise/${row.siren}`);
      expect(res.status).to.equal(400);
      expect(body.error).to.equal('groupement_sans_personnalite_morale_non_couvert');
      expect(text).not.to.contain(row.denominationUniteLegale!);
    }
  });

  it('refuses a SIREN under partial diffusion with 400 diffusion_partielle_non_couverte', async () => {
    for (const path of [`/v1/entreprise/${PARTIAL}`, `/v1/entreprise/${PARTIAL}/etablissements`]) {
      const { res, body } = await get(path);
      expect(res.status).to.equal(400);
      expect(body).to.include({ error: 'diffusion_partielle_non_couverte', champ: 'siren' });
    }
  });

  it('answers 404 identite_incomplete with the missing fields and the partial record', async () => {
    const noCategory = await get(`/v1/entreprise/${NO_CATEGORY}`);
    expect(noCategory.res.status).to.equal(404);
    expect(noCategory.body).to.deep.include({
      error: 'identite_incomplete',
      siren: NO_CATEGORY,
      champs_absents: ['nature_juridique'],
    });
    expect(noCategory.body.fiche).to.include({
      siren: NO_CATEGORY,
      denomination: 'SOCIETE ANONYME MARCEL CARON ET FILS',
      nature_juridique: null,
    });
    const noStatus = await get(`/v1/entreprise/${NO_STATUS}/etablissements`);
    expect(noStatus.res.status).to.equal(404);
    expect(noStatus.body).to.deep.include({
      error: 'identite_incomplete',
      champs_absents: ['etat_administratif'],
    });
  });

  it('answers 404 entreprise_inconnue for a valid SIREN absent from the stock', async () => {
    const { res, body } = await get('/v1/entreprise/552100554');
    expect(res.status).to.equal(404);
    expect(body.error).to.equal('entreprise_inconnue');
  });

  it('answers profile requests sent at once each with its own company, refusal or 404', async () => {
    const sole = units.rows.find((r) => category(r) === '1000')!.siren!;
    const asked = [...legalPersons().map((r) => r.siren!), sole, '552100554'];
    const answers = await Promise.all(asked.map((siren) => get(`/v1/entreprise/${siren}`)));
    for (const [i, { res, body }] of answers.entries()) {
      const siren = asked[i]!;
      if (siren === sole) {
        expect(res.status, siren).to.equal(400);
        expect(body.error).to.equal('entreprise_individuelle_non_couverte');
      } else if (siren === '552100554') {
        expect(res.status, siren).to.equal(404);
        expect(body.error).to.equal('entreprise_inconnue');
      } else {
        expect(res.status, siren).to.equal(200);
        expect(body.siren, siren).to.equal(siren);
        expect(body.nombre_etablissements, siren).to.equal(estabsOf(siren).length);
      }
    }
  });

  it('reads the profiles asked for in the same moment by one statement per 64, each its own row', async () => {
    const sirens = [...units.rows.map((r) => r.siren!).slice(0, PROFILES_PER_STATEMENT + 5), '552100554'];
    const alone = await Promise.all(sirens.map(async (s) => (await readProfiles(t.db.knex, [s])).get(s)));
    const { result: together, statements } = await statementsSent(
      t.db.knex,
      (sql) => sql.includes('nombre_etablissements'),
      () => Promise.all(sirens.map((s) => readProfile(t.db.knex, s))),
    );
    expect(together).to.deep.equal(alone);
    expect(alone.at(-1)).to.equal(undefined);
    expect(alone.filter((row) => row !== undefined)).to.have.length(PROFILES_PER_STATEMENT + 5);
    expect(statements).to.have.length(2);
  });

  it('refuses a malformed or Luhn-invalid SIREN with 400 {error, champ, message}', async () => {
    for (const siren of ['12345678', '123456789', '00542002A']) {
      for (const path of [`/v1/entreprise/${siren}`, `/v1/entreprise/${siren}/etablissements`]) {
        const { res, body } = await get(path);
        expect(res.status, path).to.equal(400);
        expect(body).to.include({ error: 'parametre_invalide', champ: 'siren' });
        expect(body.message).to.be.a('string').and.not.empty;
      }
    }
  });

  it('describes both routes in a valid OpenAPI 3.1 document, with their prices', async () => {
    const { body } = await get('/openapi.json');
    await SwaggerParser.validate(structuredClone(body) as never);
    expect(body.paths['/v1/entreprise/{siren}'].get['x-prix']).to.equal('$0.005');
    expect(body.paths['/v1/entreprise/{siren}/etablissements'].get['x-prix']).to.equal('$0.003');
  });

  it('rebuilds both read models from the log to the same tables', async () => {
    for (const [projection, table] of [
      [unitesLegalesProjection.name, UNITES_LEGALES_TABLE],
      [etablissementsProjection.name, ETABLISSEMENTS_TABLE],
    ] as const) {
      const before = await tableChecksum(t.db.knex, table);
      await t.service.runner.rebuild(projection);
      expect(await tableChecksum(t.db.knex, table), table).to.equal(before);
    }
    expect((await get(`/v1/entreprise/${GEO_SIREN}`)).res.status).to.equal(200);
  });
});
