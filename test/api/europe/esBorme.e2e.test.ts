import { expect } from 'chai';
import { tableChecksum } from '../../../projections/core/tableChecksum.ts';
import { esBormeProfile } from '../../../projections/es-borme/esBormeProfile.ts';
import { esBormeProjection } from '../../../projections/es-borme/esBormeProjection.ts';
import type { EsBormeAct } from '../../../schemas/events/esBormeEvents.ts';
import { normaliseHoja } from '../../../schemas/identifiers/esHoja.ts';
import { targetDescription } from '../../support/database.ts';
import { getJson, ingestEurope, startEuropeService } from '../../support/europeService.ts';
import type { RunningService } from '../../support/service.ts';

/**
 * Natural persons the real document (ingest/es-borme/demo/BORME-A-2015-27-10.pdf) names: administrators,
 * sole shareholders, attorneys, an auditor's substitute, and two people named in an "Otros conceptos" text.
 * Company names that contain a surname are avoided (`PUERTO SANSON SL`, `INSTALACIONES SANCHEZ RAMOS SL`).
 */
const PERSONS = [
  'PANIAGUA SANCHEZ',
  'JOSE ANTONIO',
  'LOPEZ COLLAZOS',
  'MORCUENDE VADILLO',
  'ENCINAS MARIA FELISA',
  'CUEVAS MUÑOZ',
  'URUEÑA FERNANDEZ',
  'CURRAS NIETO',
  'SANTIAGO CERVERA',
  'SANTIAGO CASTRO',
  'ZORRIQUETA',
  'GARCIA URETA',
  'SANSON LOBATO',
  'PUERTO SANSON RAFAEL',
  'JUAN FELIX',
  'Jiménez Serrano',
  'Rein Rojo',
  'GONZALEZ TORRES',
  'ANTOLIN ERIC',
  'WISNIEWSKI',
  'VIZUETE LEON',
  'CEBOLLERO DE MAZO',
  'SERRANO CEBRIAN',
  'VILLEGAS MURIEL',
  'TERCERO GALEA',
  'FERNANDEZ CABALLERO',
  'MORA MARTIN VICENTE',
  'ROMAN PULIDO',
  'FUENTES GARCIA',
  'DIAZ HERNANDEZ',
  'JONATAN',
  'FRANCISCO ALBERTO',
];

const ROUTES = (hoja: string) => [`entreprise/ES/${hoja}`, `entreprise/ES/${hoja}/actes`];

describe(`Spain BORME local copy (e2e, ${targetDescription})`, () => {
  let t: RunningService;
  before(async () => {
    t = await startEuropeService(new Date('2026-11-20T10:00:00Z'));
    await ingestEurope(t, '2026-11-18', ['ES']);
  });
  after(() => t.stop());

  describe('acts by hoja (actes)', () => {
    it('every act of a sheet, newest first: heading, types, roles counted, BORME number, registry data', async () => {
      const { res, body } = await getJson(`${t.baseUrl}/v1/eu/entreprise/ES/CC-11959/actes`);
      expect(res.status).to.equal(200);
      expect(body).to.include({
        pays: 'ES',
        id_national: 'CC-11959',
        denomination: 'VERAJERTE SL',
        registro: 'CÁCERES',
        nombre_actes: 2,
        photo: '2026-11-18',
      });
      const [second, first] = body.actes;
      expect(second).to.deep.equal({
        numero_acto: 57316,
        fecha_publicacion: '2015-02-10',
        documento: 'BORME-A-2015-27-10',
        borme_numero: 27,
        denominacion: 'VERAJERTE SL',
        actos: [
          {
            tipo: 'Declaración de unipersonalidad',
            cargos: [{ cargo: 'Socio único', nombre_titulaires: 1 }],
            denominacion_nueva: null,
            domicilio: null,
          },
        ],
        datos_registrales: {
          tomo: '856',
          libro: '683',
          folio: '98',
          seccion: '8',
          hoja: 'CC 11959',
          inscripcion: '3',
          fecha_inscripcion: '2015-01-29',
        },
      });
      expect(first.numero_acto).to.equal(57315);
      expect(first.actos.map((a: { tipo: string }) => a.tipo)).to.deep.equal([
        'Ceses/Dimisiones',
        'Nombramientos',
        'Reducción de capital',
        'Modificaciones estatutarias',
        'Cambio de domicilio social',
      ]);
      expect(first.actos[0].cargos).to.deep.equal([{ cargo: 'Adm. Solid.', nombre_titulaires: 2 }]);
      expect(first.actos[1].cargos).to.deep.equal([{ cargo: 'Adm. Unico', nombre_titulaires: 1 }]);
      expect(first.actos[4].domicilio).to.equal('C/ LA FUENTE 16 (TEJEDA DE TIETAR)');
    });

    it('an act split across two pages and lines (hoja "CC" / "13640", a space-padded date) is read', async () => {
      const { body } = await getJson(`${t.baseUrl}/v1/eu/entreprise/ES/CC-13640/actes`);
      expect(body.actes[0].datos_registrales).to.include({
        hoja: 'CC 13640',
        fecha_inscripcion: '2015-02-02',
      });
      expect(body.actes[0].actos.map((a: { tipo: string }) => a.tipo)).to.deep.equal([
        'Constitución',
        'Declaración de unipersonalidad',
        'Nombramientos',
      ]);
    });

    it('several roles in one act, companies among the holders, are counted by role', async () => {
      const { body } = await getJson(`${t.baseUrl}/v1/eu/entreprise/ES/CC-1642/actes`);
      expect(body.nombre_actes).to.equal(3);
      const revocation = body.actes.find((a: { numero_acto: number }) => a.numero_acto === 57334);
      expect(revocation.actos.map((a: { cargos: unknown }) => a.cargos)).to.deep.equal([
        [{ cargo: 'Apo.Man.Soli', nombre_titulaires: 8 }],
        [{ cargo: 'Apo.Man.Soli', nombre_titulaires: 8 }],
      ]);
      const { body: audit } = await getJson(`${t.baseUrl}/v1/eu/entreprise/ES/CC-369/actes`);
      expect(audit.actes[0].actos[0].cargos).to.deep.equal([
        { cargo: 'Auditor', nombre_titulaires: 1 },
        { cargo: 'Aud.Supl.', nombre_titulaires: 1 },
      ]);
    });

    it('a malformed hoja is a 400 on every route, before anything else; an unknown one a 404', async () => {
      for (const p of [...ROUTES('CC 11959'), ...ROUTES('11959'), ...ROUTES('CC-')]) {
        const { res, body } = await getJson(`${t.baseUrl}/v1/eu/${encodeURI(p)}`);
        expect([res.status, body.error], p).to.deep.equal([400, 'parametre_invalide']);
      }
      for (const p of ROUTES('CC-99999')) {
        const { res, body } = await getJson(`${t.baseUrl}/v1/eu/${p}`);
        expect([res.status, body.error], p).to.deep.equal([404, 'entreprise_inconnue']);
      }
    });
  });

  describe('unified profile and search, from the act headers', () => {
    it('name, form from its suffix, registry address and town, active with no dissolution act', async () => {
      const { res, body } = await getJson(`${t.baseUrl}/v1/eu/entreprise/ES/CC-11959`);
      expect(res.status).to.equal(200);
      expect(body).to.deep.include({
        pays: 'ES',
        id_national: 'CC-11959',
        denomination: 'VERAJERTE SL',
        forme_juridique: { code: 'SL', libelle: 'Sociedad de responsabilidad limitada' },
        statut: 'actif',
        statut_detail: null,
      });
      expect(body.adresse_siege).to.include({
        adresse: 'C/ LA FUENTE 16 (TEJEDA DE TIETAR)',
        ville: 'TEJEDA DE TIETAR',
        pays: 'ES',
      });
    });

    it('a change of name is the name served; a constitution gives the creation date', async () => {
      const renamed = (await getJson(`${t.baseUrl}/v1/eu/entreprise/ES/CC-4354`)).body;
      expect(renamed.denomination).to.equal('ESTUDIOS DESARROLLOS Y PROYECTOS MORCUENDE SL');
      const founded = (await getJson(`${t.baseUrl}/v1/eu/entreprise/ES/CC-13637`)).body;
      expect(founded).to.include({ denomination: 'VILDETA SL', date_creation: '2015-02-02' });
      expect(founded.forme_juridique).to.deep.equal({
        code: 'SL',
        libelle: 'Sociedad de responsabilidad limitada',
      });
    });

    it('the European search finds a Spanish company by name and by hoja, and counts ES as covered', async () => {
      const byName = (await getJson(`${t.baseUrl}/v1/eu/recherche?q=VERAJERTE&pays=ES`)).body;
      expect(byName.resultats[0]).to.include({ pays: 'ES', id_national: 'CC-11959', registre: 'es.borme' });
      expect(byName.pays_couverts).to.deep.equal([
        { pays: 'ES', registre: 'es.borme', mode: 'copie_locale', entites: 25 },
      ]);
      const byId = (await getJson(`${t.baseUrl}/v1/eu/recherche?q=CC-13645`)).body;
      expect(byId.resultats[0]).to.include({ pays: 'ES', id_national: 'CC-13645' });
    });
  });

  describe('privacy', () => {
    it('no natural person named in the document is in any answer', async () => {
      const answers: string[] = [];
      const sheets = [
        'CC-11959',
        'CC-4354',
        'CC-1642',
        'CC-369',
        'CC-10540',
        'CC-12478',
        'CC-13644',
        'CC-13382',
      ];
      for (const hoja of sheets) {
        for (const p of ROUTES(hoja)) answers.push((await getJson(`${t.baseUrl}/v1/eu/${p}`)).text);
      }
      for (const q of ['PANIAGUA', 'WISNIEWSKI', 'PUERTO SANSON', 'SANCHEZ RAMOS']) {
        answers.push((await getJson(`${t.baseUrl}/v1/eu/recherche?q=${encodeURIComponent(q)}`)).text);
      }
      const all = answers.join('\n');
      expect(all).to.contain('CATELSA CACERES SA');
      for (const s of PERSONS) expect(all, s).to.not.contain(s);
    });

    it('nor in the event log (the ingestion never records them)', async () => {
      const { rows } = await t.db.knex.raw(
        `select data::text as data from events where stream_id not like 'served-%'`,
      );
      const log = (rows as { data: string }[]).map((r) => r.data).join('\n');
      expect(log).to.contain('VERAJERTE SL');
      for (const s of PERSONS) expect(log, s).to.not.contain(s);
    });
  });

  describe('rebuild', () => {
    it('truncating and replaying the log gives the same table checksums', async () => {
      const before = await Promise.all(
        esBormeProjection.tables.map((table) => tableChecksum(t.db.knex, table)),
      );
      await t.service.runner.rebuild(esBormeProjection.name);
      const after = await Promise.all(
        esBormeProjection.tables.map((table) => tableChecksum(t.db.knex, table)),
      );
      expect(after).to.deep.equal(before);
    });
  });
});

describe(`Spain BORME freshness (e2e, ${targetDescription})`, () => {
  it('before the first pass completes, the profile and acts routes are 503 collecte_en_cours', async () => {
    const t = await startEuropeService(new Date('2026-11-20T10:00:00Z'));
    try {
      for (const p of ROUTES('CC-11959')) {
        const { res, body } = await getJson(`${t.baseUrl}/v1/eu/${p}`);
        expect([res.status, body.error], p).to.deep.equal([503, 'collecte_en_cours']);
      }
    } finally {
      await t.stop();
    }
  });

  it('a pass older than 7 days is 503 photo_perimee on every ES route', async () => {
    const t = await startEuropeService(new Date('2026-11-20T10:00:00Z'));
    try {
      await ingestEurope(t, '2026-11-12', ['ES']);
      for (const p of ROUTES('CC-11959')) {
        const { res, body } = await getJson(`${t.baseUrl}/v1/eu/${p}`);
        expect([res.status, body.error], p).to.deep.equal([503, 'photo_perimee']);
      }
    } finally {
      await t.stop();
    }
  });
});

/** An act as the ingest records it (constructed: the sample has no dissolution or extinction). */
function act(numero: number, fecha: string, tipos: string[], denominacion = 'EJEMPLO SL'): EsBormeAct {
  return {
    hoja: 'M-123456',
    numero_acto: numero,
    denominacion,
    registro: 'MADRID',
    documento: `BORME-A-${fecha.slice(0, 4)}-1-28`,
    borme_numero: 1,
    fecha_publicacion: fecha,
    actos: tipos.map((tipo) => ({ tipo })),
    datos_registrales: {
      tomo: null,
      libro: null,
      folio: null,
      seccion: null,
      hoja: 'M 123456',
      inscripcion: null,
      fecha_inscripcion: null,
    },
  };
}

describe('Spain BORME profile rules', () => {
  it('a dissolution act is en_cessation, an extinction radie, whatever the order the acts arrive in', () => {
    const dissolved = esBormeProfile('M-123456', [
      act(2, '2024-03-01', ['Disolución']),
      act(1, '2020-01-01', ['Constitución']),
    ]);
    expect(dissolved).to.include({ statut: 'en_cessation', statut_detail: 'Disolución' });
    const extinct = esBormeProfile('M-123456', [
      act(3, '2024-06-01', ['Extinción']),
      act(2, '2024-03-01', ['Disolución']),
    ]);
    expect(extinct).to.include({ statut: 'radie', statut_detail: 'Extinción' });
  });

  it('a heading without a company form (a sole trader, a foreign entity) is kept without its name', () => {
    const row = esBormeProfile('M-123456', [act(1, '2024-01-01', ['Nombramientos'], 'GARCIA PEREZ JUAN')]);
    expect(row).to.include({ personne_physique: true, denomination: null, forme_libelle: '' });
  });

  it('the sheet is normalised as prefix, hyphen, digits', () => {
    expect(normaliseHoja('CC 11959')).to.equal('CC-11959');
    expect(normaliseHoja('MA120039')).to.equal('MA-120039');
    expect(normaliseHoja('b-82773')).to.equal('B-82773');
    expect(normaliseHoja('11959')).to.equal(null);
  });
});
