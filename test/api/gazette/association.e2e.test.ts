import { expect } from 'chai';
import { associationAnnoncesRoute, associationRoute } from '../../../api/routes/association.ts';
import { REGISTERS } from '../../../app/registers.ts';
import { ingestJoafeExport } from '../../../ingest/fr-joafe/ingestFrJoafe.ts';
import { ingestRnaStock } from '../../../ingest/fr-rna/ingestFrRna.ts';
import { associationsProjection } from '../../../projections/fr-associations/associationsProjection.ts';
import { testLogger } from '../../support/database.ts';
import {
  JOAFE_EXPORT,
  JOAFE_SAMPLE,
  RNA_IMPORT_2018,
  RNA_WALDEC_2018,
  RNA_WALDEC_LATIN1,
  RNA_WALDEC_UTF8,
} from '../../support/gazetteFixtures.ts';
import { type RunningService, startTestService } from '../../support/service.ts';

// biome-ignore lint/suspicious/noExplicitAny: response bodies are checked member by member
type Body = Record<string, any>;

const base = {
  projections: [associationsProjection],
  routes: [associationRoute, associationAnnoncesRoute],
  registers: REGISTERS,
  payment: false as const,
};

async function loadAll(t: RunningService) {
  const deps = { knex: t.db.knex, store: t.service.store, logger: testLogger };
  await ingestRnaStock({
    ...deps,
    files: [RNA_WALDEC_LATIN1, RNA_WALDEC_UTF8, RNA_WALDEC_2018, RNA_IMPORT_2018],
    date: '2026-11-01',
  });
  await ingestJoafeExport({ ...deps, file: JOAFE_SAMPLE, date: '2026-11-18' });
  await ingestJoafeExport({ ...deps, file: JOAFE_EXPORT, date: '2026-11-18' });
  await t.service.runner.caughtUp();
}

describe('Association routes (e2e)', () => {
  let t: RunningService;
  const get = async (path: string) => {
    const res = await fetch(`${t.baseUrl}${path}`);
    return { res, body: (await res.json()) as Body };
  };

  before(async () => {
    t = await startTestService({ ...base, now: () => new Date('2026-11-23T10:00:00Z') });
    await loadAll(t);
  });
  after(() => t.stop());

  describe('GET /v1/association/{rna}', () => {
    it('serves a record of an ISO-8859-1, semicolon file with its accents, and 0001-01-01 as null', async () => {
      const { res, body } = await get('/v1/association/W643000551');
      expect(res.status).to.equal(200);
      expect(body).to.deep.include({
        rna: 'W643000551',
        siren: null,
        titre: 'CENTRE SOCIAL "CAP\'DE\'TOUT".',
        position: 'A',
        date_publication: '2015-07-04',
        date_dissolution: null,
        objet_social: ['019010'],
        fichier_rna: 'waldec',
        // `2026-10-02 09:14:55` in the file: Paris wall-clock time (summer, +02:00), served in UTC.
        mis_a_jour_le: '2026-10-02T07:14:55Z',
      });
      expect(body.siege).to.deep.equal({
        adresse: 'rue Jules Ferry',
        code_postal: '64110',
        commune: 'Mazères-Lezons',
        code_insee: '64379',
      });
      expect(body.provenance[0]).to.include({ registre: 'fr.rna', version: '2026-11-01' });
      expect(body.provenance[0].empreinte_sha256).to.match(/^[0-9a-f]{64}$/);
    });

    it('serves a record of a UTF-8, comma file with the SIREN of its SIRET', async () => {
      const { body } = await get('/v1/association/W751234567');
      expect(body).to.include({
        siren: '799123450',
        siret: '79912345000017',
        titre: 'LES AMIS DU CANAL SAINT-MARTIN, ÉCOLOGIE ET PATRIMOINE',
      });
      expect(body.objet_social).to.deep.equal(['006040', '017025']);
    });

    it('serves the real 2018 waldec and import rows (W number of an import row found in the file)', async () => {
      const waldec = await get('/v1/association/W012000002');
      expect(waldec.body).to.include({
        titre: 'ARIADNE',
        date_creation: '1983-10-10',
        date_publication: null,
      });
      const imported = await get('/v1/association/W751085568');
      expect(imported.body).to.include({
        titre: 'INDIGO',
        fichier_rna: 'import',
        id_ex: '751P00085568',
        date_publication: null,
      });
      expect(imported.body.siege).to.include({ adresse: '10 BD Brune', commune: 'PARIS' });
    });

    it('a dissolved association is served with its position and dissolution date', async () => {
      const { body } = await get('/v1/association/W642001234');
      expect(body).to.include({ position: 'D', date_dissolution: '2026-09-20' });
    });

    it('an unknown number is 404 association_inconnue', async () => {
      const { res, body } = await get('/v1/association/W999999999');
      expect(res.status).to.equal(404);
      expect(body.error).to.equal('association_inconnue');
    });

    for (const bad of ['X643000551', 'W64300055', 'W6430005511', 'w643000551']) {
      it(`${bad} is refused with 400 on rna`, async () => {
        const { res, body } = await get(`/v1/association/${bad}`);
        expect(res.status).to.equal(400);
        expect(body.champ).to.equal('rna');
      });
    }
  });

  describe('GET /v1/association/{rna}/annonces', () => {
    it('serves the notices most recent first, with the coverage window of the issues held', async () => {
      const { res, body } = await get('/v1/association/W751234567/annonces');
      expect(res.status).to.equal(200);
      expect(body).to.include({ rna: 'W751234567', nombre: 2, tronque: false });
      expect(body.association).to.deep.equal({
        titre: 'LES AMIS DU CANAL SAINT-MARTIN, ÉCOLOGIE ET PATRIMOINE',
        position: 'A',
      });
      expect(body.annonces.map((a: Body) => [a.identifiant, a.type.libelle])).to.deep.equal([
        ['202600450877', 'Modification'],
        ['202600401203', 'Création'],
      ]);
      expect(body.annonces[0]).to.deep.include({
        parution: '20260045',
        date_parution: '2026-11-07',
        numero_annonce: 877,
        type: { code: '2', libelle: 'Modification' },
        ancien_titre: 'LES AMIS DU CANAL SAINT-MARTIN, ÉCOLOGIE ET PATRIMOINE',
        nouveau_titre: 'LES AMIS DU CANAL SAINT-MARTIN',
        nouvel_objet: 'préserver le patrimoine du canal Saint-Martin',
        fichier_pdf: null,
      });
      expect(body.annonces[1].themes).to.deep.equal([
        { code: '06000', libelle: "culture, pratiques d'activités artistiques, culturelles" },
        { code: '06040', libelle: 'patrimoine' },
        { code: '17000', libelle: 'environnement, cadre de vie' },
        { code: '17025', libelle: 'protection de sites naturels' },
      ]);
      expect(body.annonces[1].site_web).to.equal('https://amis-du-canal.example.org');
      // The `dca` accounts record of the export is not a notice, and its issue is not counted.
      expect(body.couverture).to.include({ depuis: '2015-07-04', jusqu_a: '2026-11-07', parutions: 4 });
      expect(body.couverture.note).to.contain(' / ');
      expect(body.provenance.map((p: Body) => p.registre)).to.deep.equal(['fr.joafe', 'fr.rna']);
    });

    it('serves the real sample notice with its siege, theme and titles', async () => {
      const { body } = await get('/v1/association/W643000551/annonces');
      expect(body.annonces).to.have.length(1);
      expect(body.annonces[0]).to.deep.include({
        identifiant: '201500271011',
        date_declaration: '2015-06-19',
        lieu_declaration: 'Pyrénées-Atlantiques',
        departement: '64',
        forme: 'Associations loi du 1er juillet 1901',
        nouveau_titre: 'CENTRE SOCIAL "CAP\'DE\'TOUT".',
        siege: { adresse: 'rue Jules Ferry,', code_postal: '64110', commune: 'Mazères-Lezons' },
      });
    });

    it('an association of RNA without notice gets an empty list inside the coverage window', async () => {
      const { res, body } = await get('/v1/association/W012000005/annonces');
      expect(res.status).to.equal(200);
      expect(body).to.include({ nombre: 0, tronque: false });
      expect(body.couverture.parutions).to.equal(4);
    });

    it('a number neither RNA nor JOAFE knows is 404', async () => {
      const { res } = await get('/v1/association/W000000001/annonces');
      expect(res.status).to.equal(404);
    });

    it('re-ingesting the same JOAFE export appends nothing', async () => {
      const head = await t.service.store.headPosition();
      const again = await ingestJoafeExport({
        knex: t.db.knex,
        store: t.service.store,
        logger: testLogger,
        file: JOAFE_EXPORT,
        date: '2026-11-19',
      });
      expect(again.status).to.equal('already_ingested');
      // Served responses are appended to the log too: count only register events.
      const events = await t.service.store.readAll(head);
      expect(
        events.filter((e) => e.metadata.register === 'fr.joafe' || e.streamId.includes('fr.joafe')),
      ).to.deep.equal([]);
    });
  });
});

// Each case starts its own service at another date: after the suite above has stopped its own.
describe('Association routes (e2e): freshness of the journal copy', () => {
  it('a JOAFE copy older than 14 days answers 503 photo_perimee; the RNA record is still served', async () => {
    const stale = await startTestService({ ...base, now: () => new Date('2026-12-03T10:00:00Z') });
    try {
      await loadAll(stale);
      const notices = await fetch(`${stale.baseUrl}/v1/association/W751234567/annonces`);
      expect(notices.status).to.equal(503);
      expect(((await notices.json()) as Body).error).to.equal('photo_perimee');
      const record = await fetch(`${stale.baseUrl}/v1/association/W751234567`);
      expect(record.status).to.equal(200);
    } finally {
      await stale.stop();
    }
  });

  it('14 days old is still served', async () => {
    const fresh = await startTestService({ ...base, now: () => new Date('2026-12-02T10:00:00Z') });
    try {
      await loadAll(fresh);
      const notices = await fetch(`${fresh.baseUrl}/v1/association/W751234567/annonces`);
      expect(notices.status).to.equal(200);
    } finally {
      await fresh.stop();
    }
  });
});
