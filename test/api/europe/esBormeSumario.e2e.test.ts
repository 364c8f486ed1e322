import { copyFile, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'chai';
import { pino } from 'pino';
import { runIngestCommand } from '../../../app/cli/ingestCommand.ts';
import { esBormeIngestSpec } from '../../../ingest/es-borme/esBormeCommand.ts';
import { ES_BORME_DEMO_FILES } from '../../../ingest/es-borme/esBormeDemo.ts';
import { ingestEsBorme } from '../../../ingest/es-borme/ingestEsBorme.ts';
import { parseSectionA } from '../../../ingest/es-borme/parseSectionA.ts';
import { readPdfLines } from '../../../ingest/es-borme/readBormePdf.ts';
import { readSectionAXml } from '../../../ingest/es-borme/readSectionAXml.ts';
import { readSumario } from '../../../ingest/es-borme/readSumario.ts';
import { loadConfig } from '../../../ops/config.ts';
import { tableChecksum } from '../../../projections/core/tableChecksum.ts';
import { ES_BORME_ACTS, ES_BORME_FILES } from '../../../projections/es-borme/esBormeProjection.ts';
import { targetDescription, testLogger } from '../../support/database.ts';
import { getJson, startEuropeService } from '../../support/europeService.ts';
import type { RunningService } from '../../support/service.ts';

const FIXTURES = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../fixtures/es-borme');
const fixture = (name: string) => path.join(FIXTURES, name);
const SUMARIO = fixture('sumario_20260922.json');
const BALEARS = fixture('BORME-A-2026-183-07.xml');
const MADRID = fixture('BORME-A-2026-183-28.xml');
const CACERES_PDF = ES_BORME_DEMO_FILES[0]!;
const CACERES_XML = fixture('BORME-A-2015-27-10.xml');

/** The natural persons of the 2026 documents, as their publisher pseudonymised them; some of the PDF's. */
const PERSONS = ['PERSONA', 'PANIAGUA SANCHEZ', 'MORCUENDE VADILLO', 'WISNIEWSKI', 'CUEVAS MUÑOZ'];

/** Everything logged during a pass, at every level. */
function capturingLogger() {
  const lines: string[] = [];
  const logger = pino({ level: 'trace' }, { write: (line: string) => lines.push(line) });
  return { logger, lines };
}

describe('Spain BORME section A XML and sumarios (parsing)', () => {
  it('the XML of the Cáceres document gives exactly the acts its PDF gives', async () => {
    const fromPdf = parseSectionA(await readPdfLines(CACERES_PDF), { withoutHoja: 0 });
    const fromXml = await readSectionAXml(CACERES_XML, { withoutHoja: 0 });
    expect(fromXml.acts).to.have.length(30);
    expect(fromXml.acts).to.deep.equal(fromPdf);
  });

  it('reading a PDF leaves the service thread its native JSON and arrays (pdf.js runs in a worker)', async () => {
    const [stringify, parse, push] = [JSON.stringify, JSON.parse, Array.prototype.push];
    expect(await readPdfLines(CACERES_PDF)).to.not.be.empty;
    expect([JSON.stringify, JSON.parse, Array.prototype.push]).to.deep.equal([stringify, parse, push]);
    expect(JSON.stringify({ b: 1, a: 2 }, ['a', 'b'])).to.equal('{"a":2,"b":1}');
  });

  it('a PDF that cannot be read fails with its reason, and the next PDF is read', async () => {
    const notPdf = path.join(await mkdtemp(path.join(os.tmpdir(), 'borme-')), 'BORME-A-2015-27-11.pdf');
    await writeFile(notPdf, '<html>not a pdf</html>');
    await readPdfLines(notPdf).then(
      () => expect.fail('an HTML page read as a PDF'),
      (err: Error) => expect(err.message).to.match(/pdf/i),
    );
    expect(await readPdfLines(CACERES_PDF)).to.not.be.empty;
    await rm(path.dirname(notPdf), { recursive: true, force: true });
  });

  it('a real 2026 XML: heading from <p class="articulo">, the registry note of a province dropped', async () => {
    const { header, acts } = await readSectionAXml(BALEARS, { withoutHoja: 0 });
    expect(header).to.deep.equal({
      documento: 'BORME-A-2026-183-07',
      borme_numero: 183,
      fecha_publicacion: '2026-09-22',
      registro: 'ILLES BALEARS',
    });
    expect(acts.map((a) => [a.numero_acto, a.hoja, a.denominacion])).to.deep.equal([
      [423266, 'PM-10273', 'MAJORCA PALMA PEARLS SL'],
      [423269, 'PM-65872', 'PERLAS AUTENTICAS, SL'],
      [423274, 'PM-93609', 'BAR DM0 SL'],
      [423282, 'PM-12460', 'NE MAJO SA'],
      [423294, 'PM-7625', 'ISBA SOCIEDAD DE GARANTIA RECIPROCA'],
      [423305, 'PM-108271', 'CALMARE DEVELOPMENTS SL'],
    ]);
  });

  it('the API sumario (JSON): the day, its number, its section A documents but the alphabetical index', async () => {
    expect(await readSumario(SUMARIO)).to.deep.equal([
      {
        identificador: 'BORME-S-2026-183',
        numero: 183,
        fecha_publicacion: '2026-09-22',
        documentos: [
          { identificador: 'BORME-A-2026-183-07', titulo: 'ILLES BALEARS' },
          { identificador: 'BORME-A-2026-183-28', titulo: 'MADRID' },
        ],
      },
    ]);
  });

  it('the API sumario in its default XML reads as its JSON does', async () => {
    expect(await readSumario(fixture('sumario_20260922.xml'))).to.deep.equal(await readSumario(SUMARIO));
  });

  it('a single section A item is an object, not an array: read all the same', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'es-borme-'));
    try {
      const body = JSON.parse(await readFile(SUMARIO, 'utf8'));
      const a = body.data.sumario.diario[0].seccion[0];
      a.item = a.item[1];
      body.data.sumario.diario = body.data.sumario.diario[0];
      await writeFile(path.join(dir, 's.json'), JSON.stringify(body));
      const [diario] = await readSumario(path.join(dir, 's.json'));
      expect(diario!.documentos).to.deep.equal([{ identificador: 'BORME-A-2026-183-28', titulo: 'MADRID' }]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('the older sumario XML (ISO-8859-1) is read too', async () => {
    const [diario] = await readSumario(fixture('BORME-S-20150924.xml'));
    expect(diario).to.include({
      identificador: 'BORME-S-2015-183',
      numero: 183,
      fecha_publicacion: '2015-09-24',
    });
    expect(diario!.documentos).to.have.length(35);
    expect(diario!.documentos[0]).to.deep.equal({
      identificador: 'BORME-A-2015-183-01',
      titulo: 'ARABA/ÁLAVA',
    });
  });
});

describe(`Spain BORME: a day's sumario and its documents (e2e, ${targetDescription})`, () => {
  let t: RunningService;
  let dir: string;
  const deps = (logger = testLogger) => ({
    knex: t.db.knex,
    store: t.service.store,
    logger,
    snapshotDate: '2026-11-18',
  });
  before(async () => {
    t = await startEuropeService(new Date('2026-11-20T10:00:00Z'));
    dir = await mkdtemp(path.join(os.tmpdir(), 'es-borme-'));
  });
  after(async () => {
    await t.stop();
    await rm(dir, { recursive: true, force: true });
  });

  it('the Cáceres acts from the XML replace those of the PDF without a change to the acts', async () => {
    await ingestEsBorme({ ...deps(), documents: [CACERES_PDF] });
    await t.service.runner.caughtUp();
    const fromPdf = await tableChecksum(t.db.knex, ES_BORME_ACTS);
    const pdfAnswer = (await getJson(`${t.baseUrl}/v1/eu/entreprise/ES/CC-11959/actes`)).body.actes;
    // Both given: the XML is read, the PDF is not.
    const done = await ingestEsBorme({ ...deps(), documents: [CACERES_PDF, CACERES_XML] });
    await t.service.runner.caughtUp();
    expect(done.counts).to.include({ rows: 31, changed: 0 });
    expect(await tableChecksum(t.db.knex, ES_BORME_ACTS)).to.equal(fromPdf);
    const xmlAnswer = (await getJson(`${t.baseUrl}/v1/eu/entreprise/ES/CC-11959/actes`)).body.actes;
    expect(xmlAnswer).to.have.length(2).and.to.deep.equal(pdfAnswer);
    const { rows } = await t.db.knex.raw(`select role from ${ES_BORME_FILES} order by role`);
    expect(rows.map((r: { role: string }) => r.role)).to.deep.equal(['documento:BORME-A-2015-27-10.xml']);
  });

  it('a day: its sumario and every document it lists, the acts served by hoja, the day recorded', async () => {
    const { logger, lines } = capturingLogger();
    const done = await ingestEsBorme({
      ...deps(logger),
      documents: [CACERES_XML, BALEARS, MADRID, CACERES_PDF],
      sumarios: [SUMARIO],
    });
    await t.service.runner.caughtUp();
    // 30 + 6 + 13 acts, 3 documents, 1 day.
    expect(done.counts.rows).to.equal(30 + 6 + 13 + 3 + 1 + 1);
    const { res, body } = await getJson(`${t.baseUrl}/v1/eu/entreprise/ES/M-695442/actes`);
    expect(res.status).to.equal(200);
    expect(body).to.include({ denomination: 'VENTUS INVERSIONES SL', registro: 'MADRID', nombre_actes: 1 });
    expect(body.actes[0]).to.deep.include({
      numero_acto: 423967,
      fecha_publicacion: '2026-09-22',
      documento: 'BORME-A-2026-183-28',
      borme_numero: 183,
    });
    expect(body.actes[0].actos.map((a: { tipo: string }) => a.tipo)).to.deep.equal([
      'Ceses/Dimisiones',
      'Nombramientos',
      'Disolución',
      'Extinción',
    ]);
    const profile = (await getJson(`${t.baseUrl}/v1/eu/entreprise/ES/M-695442`)).body;
    expect(profile).to.include({ statut: 'radie', statut_detail: 'Extinción' });
    const palma = (await getJson(`${t.baseUrl}/v1/eu/entreprise/ES/PM-10273`)).body;
    expect(palma).to.include({ denomination: 'MAJORCA PALMA PEARLS SL' });

    const { rows } = await t.db.knex.raw(
      `select data::text as data from events where data->>'register' = 'es.borme' and data->>'kind' = 'diario'`,
    );
    expect(rows).to.have.length(1);
    expect(JSON.parse(rows[0].data).record).to.deep.equal({
      identificador: 'BORME-S-2026-183',
      numero: 183,
      fecha_publicacion: '2026-09-22',
      documentos: [
        { identificador: 'BORME-A-2026-183-07', titulo: 'ILLES BALEARS', format: 'xml' },
        { identificador: 'BORME-A-2026-183-28', titulo: 'MADRID', format: 'xml' },
      ],
    });
    const files = await t.db.knex.raw(`select role, lignes from ${ES_BORME_FILES} order by role`);
    expect(files.rows).to.deep.include({ role: 'sumario:sumario_20260922.json', lignes: 1 });
    expect(files.rows).to.deep.include({ role: 'documento:BORME-A-2026-183-28.xml', lignes: 13 });
    const warned = lines.map((l) => JSON.parse(l)).filter((l) => l.level === 40);
    expect(warned.map((l) => [l.msg, l.documentos])).to.deep.equal([
      ['documents read without their day’s sumario: their day is not checked for completeness', 1],
    ]);
  });

  it('a document the sumario lists and not given fails the pass; the published pass stays', async () => {
    const before = await tableChecksum(t.db.knex, ES_BORME_ACTS);
    let error: Error | undefined;
    await ingestEsBorme({ ...deps(), documents: [BALEARS], sumarios: [SUMARIO] }).catch((e: Error) => {
      error = e;
    });
    expect(error?.message).to.match(/BORME-S-2026-183 .* BORME-A-2026-183-28; pass refused/);
    expect(await tableChecksum(t.db.knex, ES_BORME_ACTS)).to.equal(before);
    expect((await getJson(`${t.baseUrl}/v1/eu/entreprise/ES/M-695442/actes`)).res.status).to.equal(200);
  });

  it('a document of the day its sumario does not list, or misnamed, or truncated, fails the pass', async () => {
    const stray = path.join(dir, 'BORME-A-2026-183-08.xml');
    await copyFile(BALEARS, stray);
    const failure = (documents: string[], sumarios: string[] = [SUMARIO]) =>
      ingestEsBorme({ ...deps(), documents, sumarios }).then(
        () => '',
        (e: Error) => e.message,
      );
    expect(await failure([BALEARS, MADRID, stray])).to.contain(
      "is not in its day's sumario BORME-S-2026-183",
    );
    const renamed = path.join(dir, 'madrid.xml');
    await copyFile(MADRID, renamed);
    expect(await failure([BALEARS, renamed])).to.contain('is not named as BOE names');
    const truncated = path.join(dir, 'BORME-A-2026-183-28.xml');
    const bytes = await readFile(MADRID);
    await writeFile(truncated, bytes.subarray(0, bytes.length / 2));
    expect(await failure([BALEARS, truncated])).to.match(/^XML: /);
    expect((await getJson(`${t.baseUrl}/v1/eu/entreprise/ES/M-695442/actes`)).res.status).to.equal(200);
  });

  it('registres ingest es-borme takes --sumario beside --documento; what it is not given is dropped', async () => {
    const out: string[] = [];
    const argv = [
      '--documento',
      BALEARS,
      '--documento',
      MADRID,
      '--sumario',
      SUMARIO,
      '--date',
      '2026-11-18',
    ];
    const code = await runIngestCommand('es-borme', esBormeIngestSpec, argv, {
      config: loadConfig({}),
      logger: testLogger,
      out: (line) => out.push(line),
      withDatabase: (fn) => fn(t.db, t.service.store),
    });
    expect(code, out.join('\n')).to.equal(0);
    expect(out.join('\n')).to.match(/^es\.borme 2026-11-18: 23 acts/m);
    // The base is what the pass was given: the Cáceres acts left out are dropped, and so are their profiles.
    await t.service.runner.caughtUp();
    expect((await getJson(`${t.baseUrl}/v1/eu/entreprise/ES/CC-11959/actes`)).res.status).to.equal(404);
    expect((await getJson(`${t.baseUrl}/v1/eu/entreprise/ES/M-695442`)).res.status).to.equal(200);
  });

  describe('privacy', () => {
    it('no natural person is served, stored in the log, or logged', async () => {
      const { logger, lines } = capturingLogger();
      await ingestEsBorme({
        ...deps(logger),
        documents: [CACERES_XML, BALEARS, MADRID],
        sumarios: [SUMARIO],
      });
      await t.service.runner.caughtUp();
      const answers: string[] = [];
      for (const hoja of [
        'PM-65872',
        'PM-12460',
        'PM-108271',
        'M-896997',
        'M-548169',
        'M-897574',
        'CC-11959',
      ]) {
        for (const p of [`entreprise/ES/${hoja}`, `entreprise/ES/${hoja}/actes`]) {
          answers.push((await getJson(`${t.baseUrl}/v1/eu/${p}`)).text);
        }
      }
      answers.push((await getJson(`${t.baseUrl}/v1/eu/recherche?q=PERSONA`)).text);
      const served = answers.join('\n');
      expect(served).to.contain('CALMARE DEVELOPMENTS SL').and.contain('Socio único');
      const { rows } = await t.db.knex.raw(
        `select data::text as data from events where stream_id not like 'served-%'`,
      );
      const log = (rows as { data: string }[]).map((r) => r.data).join('\n');
      expect(log).to.contain('UNO CORP. COLOMBIA');
      for (const s of PERSONS) {
        expect(served, s).to.not.contain(s);
        expect(log, s).to.not.contain(s);
        expect(lines.join('\n'), s).to.not.contain(s);
      }
    });
  });
});
