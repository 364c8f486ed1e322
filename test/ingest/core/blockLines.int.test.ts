import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import { expect } from 'chai';
import type { Knex } from 'knex';
import yauzl from 'yauzl';
import { BE_KBO_DEMO_FILES } from '../../../ingest/be-kbo/beKboDemo.ts';
import { ingestBeKbo } from '../../../ingest/be-kbo/ingestBeKbo.ts';
import { type LinedPassFile, runFilesPass } from '../../../ingest/core/filesPass.ts';
import { snapshotPassMigrations } from '../../../ingest/core/snapshotPass.ts';
import { EU_CORDIS_DEMO_FILES } from '../../../ingest/eu-cordis/euCordisDemo.ts';
import { ingestEuCordis } from '../../../ingest/eu-cordis/ingestEuCordis.ts';
import { ingestFrInpiPi } from '../../../ingest/fr-inpi-pi/ingestFrInpiPi.ts';
import { ingestFrSirene } from '../../../ingest/fr-sirene/ingestFrSirene.ts';
import { GLEIF_DEMO_DELTAS, GLEIF_DEMO_FILES } from '../../../ingest/gleif/gleifDemo.ts';
import { type GleifFiles, ingestGleif } from '../../../ingest/gleif/ingestGleif.ts';
import { ingestRoOnrc, type RoOnrcFiles } from '../../../ingest/ro-onrc/ingestRoOnrc.ts';
import { RO_ONRC_DEMO_FILES } from '../../../ingest/ro-onrc/roOnrcDemo.ts';
import { ingestSeBolagsverket } from '../../../ingest/se-bolagsverket/ingestSeBolagsverket.ts';
import { SE_BOLAGSVERKET_DEMO_FILE } from '../../../ingest/se-bolagsverket/seBolagsverketDemo.ts';
import { runMigrations } from '../../../ops/database/migrations.ts';
import type { EventStore, RecordedEvent } from '../../../ops/eventstore/port.ts';
import {
  ADDRESS,
  BE_KBO_REGISTER,
  DENOMINATION,
  ENTERPRISE,
  KBO_CODE,
} from '../../../schemas/events/beKboEvents.ts';
import { blockStreamId, type EntitiesRecordedData } from '../../../schemas/events/entityBlockEvents.ts';
import { CORDIS_PROJECT, EU_CORDIS_REGISTER } from '../../../schemas/events/euCordisEvents.ts';
import { FR_INPI_PI_REGISTER, INPI_MARQUE } from '../../../schemas/events/frInpiPiEvents.ts';
import { FR_SIRENE_REGISTER } from '../../../schemas/events/frSireneEvents.ts';
import { GLEIF_REGISTER, LEI_RECORD, RELATIONSHIP } from '../../../schemas/events/gleifEvents.ts';
import {
  FIRM,
  PRACTITIONER,
  RO_ONRC_REGISTER,
  STATUS,
  STATUS_LABEL,
} from '../../../schemas/events/roOnrcEvents.ts';
import { SE_BOLAGSVERKET_REGISTER } from '../../../schemas/events/seBolagsverketEvents.ts';
import type { SnapshotCompletedData } from '../../../schemas/events/snapshotEvents.ts';
import { openTestBed, type TestBed } from '../../projections/core/testBed.ts';
import { targetDescription, testLogger } from '../../support/database.ts';
import { ETABLISSEMENTS_SAMPLE, UNITES_LEGALES_SAMPLE } from '../../support/sireneSample.ts';
import { writeZip } from '../../support/writeZip.ts';
import { INPI_PATENT_2706406, weeklyTrademarks } from '../fr-inpi-pi/inpiPiFixtures.ts';

const GLEIF_FIXTURES = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../fixtures/gleif');

/** A file a pass read, as an auditor holds it: its SHA-256 (of the bytes as published) and its text. */
interface PublishedFile {
  path: string;
  sha256: string;
  text: string;
  /** Its physical lines, as `sed -n '<n>p'` numbers them (element n - 1). */
  lines: string[];
  /** A `.zip`'s members by entry name, each as `unzip -p <file> <entry>` gives it (its text and lines). */
  members?: Map<string, PublishedFile>;
}

const textFile = (file: string, sha256: string, text: string): PublishedFile => ({
  path: file,
  sha256,
  text,
  lines: text.split('\n'),
});

async function published(file: string): Promise<PublishedFile> {
  const bytes = await fs.readFile(file);
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  if (file.endsWith('.zip')) {
    const members = new Map<string, PublishedFile>();
    for (const [entry, content] of await unzipped(file)) {
      members.set(entry, textFile(`${file}:${entry}`, sha256, content.toString('utf8')));
    }
    return { ...textFile(file, sha256, ''), members };
  }
  return textFile(file, sha256, (file.endsWith('.gz') ? gunzipSync(bytes) : bytes).toString('utf8'));
}

/** Each entry of a ZIP archive and its bytes, decompressed (as `unzip -p` gives them). */
async function unzipped(file: string): Promise<Map<string, Buffer>> {
  const zip = await new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.open(file, { lazyEntries: true }, (e, z) => (e || !z ? reject(e) : resolve(z))),
  );
  const out = new Map<string, Buffer>();
  await new Promise<void>((resolve, reject) => {
    zip.on('error', reject);
    zip.on('end', () => resolve());
    zip.on('entry', (entry: yauzl.Entry) => {
      zip.openReadStream(entry, (e, stream) => {
        if (e || !stream) return reject(e);
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          out.set(entry.fileName, Buffer.concat(chunks));
          zip.readEntry();
        });
      });
    });
    zip.readEntry();
  });
  zip.close();
  return out;
}

/** The fields of a delimited line, quotes around them dropped (enough to find an identifier among them). */
const fieldsOf = (line: string, delimiter: string) =>
  line
    .replace(/\r$/, '')
    .split(delimiter)
    .map((f) => f.trim().replace(/^"|"$/g, ''));

/** Whether the row `kind`/`id` of a block is at `line` of `file`, as its register states it. */
type RowCheck = (file: PublishedFile, line: number, kind: string, id: string) => boolean;

const kboNumber = (id: string) => `${id.slice(0, 4)}.${id.slice(4, 7)}.${id.slice(7)}`;

const onLine = (delimiter: string, parts: (kind: string, id: string) => string[]): RowCheck => {
  return (file, line, kind, id) => {
    const fields = fieldsOf(file.lines[line - 1] ?? '', delimiter);
    return parts(kind, id).every((p) => fields.includes(p));
  };
};

/** Lines: the line holds the identifier's fields (BE: its enterprise number as the file writes it). */
const SIRENE_CHECK = onLine(',', (_kind, id) => [id]);
const BE_CHECK = onLine(',', (kind, id) => {
  const [number, ...rest] = id.split(':');
  if (kind === KBO_CODE) return [number!, ...rest];
  return [kboNumber(number!), ...rest];
});
const RO_CHECK = onLine('^', (kind, id) => {
  const parts = id.split('|');
  if (kind === PRACTITIONER) return parts.slice(0, 3).filter((p) => p !== 'fizica');
  return parts;
});
const SE_CHECK: RowCheck = (file, line, _kind, id) =>
  (file.lines[line - 1] ?? '').startsWith(`"${id}$ORGNR-IDORG";`);

/** GLEIF XML: the line opens the record's element, and the record up to its end tag holds the id's parts. */
const GLEIF_XML_CHECK: RowCheck = (file, line, kind, id) => {
  const element =
    kind === LEI_RECORD
      ? 'lei:LEIRecord'
      : kind === RELATIONSHIP
        ? 'rr:RelationshipRecord'
        : 'repex:Exception';
  if (!new RegExp(`^\\s*<${element}(\\s|>|$)`).test(file.lines[line - 1] ?? '')) return false;
  const rest = file.lines.slice(line - 1).join('\n');
  const record = rest.slice(0, rest.indexOf(`</${element}>`));
  return id.split('|').every((p) => record.includes(`>${p}<`));
};
/** GLEIF CSV: the line is the record's row, its first fields the id's. */
const GLEIF_CSV_CHECK = onLine(',', (_kind, id) => id.split('|'));
/** GLEIF JSON: the number is the record's in `records`. */
const jsonRecords = new WeakMap<PublishedFile, { LEI: { $: string } }[]>();
const GLEIF_JSON_CHECK: RowCheck = (file, line, _kind, id) => {
  if (!jsonRecords.has(file)) jsonRecords.set(file, JSON.parse(file.text).records);
  return jsonRecords.get(file)![line - 1]?.LEI.$ === id;
};

/**
 * INPI: the line opens the title's element (`<TradeMark`, `<fr-patent-document`), and the element up to its end
 * tag holds the title's number (a mark's id is its office and number, `FR5189659`).
 */
const INPI_CHECK: RowCheck = (file, line, kind, id) => {
  const element = kind === INPI_MARQUE ? 'TradeMark' : 'fr-patent-document';
  if (!new RegExp(`^\\s*<${element}(\\s|>|$)`).test(file.lines[line - 1] ?? '')) return false;
  const rest = file.lines.slice(line - 1).join('\n');
  const title = rest.slice(0, rest.indexOf(`</${element}>`));
  return kind === INPI_MARQUE
    ? title.includes(`<ApplicationNumber>${id.replace(/^[A-Z]{2}/, '')}</ApplicationNumber>`)
    : title.includes(` id="${id}"`);
};

/** INPI files as published: a weekly ST.66 file of three marks and a patent document, loose or in a ZIP. */
const inpiCopies = new Map<string, Promise<string[]>>();
function inpiCopy(form: 'files' | 'zip'): Promise<string[]> {
  let copy = inpiCopies.get(form);
  if (!copy) {
    copy = (async () => {
      const weekly = Buffer.from(await weeklyTrademarks(['6000001', '6000002', '6000003']));
      const patent = await fs.readFile(INPI_PATENT_2706406);
      const dir = path.join(scratch, `inpi-${form}`);
      await fs.mkdir(dir, { recursive: true });
      if (form === 'zip') {
        const zip = path.join(dir, 'FR_FRST66_2026-48.zip');
        await writeZip(zip, [
          { name: 'FR_FRNEWST66_2026-48.xml', content: weekly },
          { name: 'FR_FRNEWST36/2706406.xml', content: patent },
        ]);
        return [zip];
      }
      const files = [path.join(dir, 'FR_FRNEWST66_2026-48.xml'), path.join(dir, '2706406.xml')];
      await fs.writeFile(files[0]!, weekly);
      await fs.writeFile(files[1]!, patent);
      return files;
    })();
    inpiCopies.set(form, copy);
  }
  return copy;
}
const inpiPass = (form: 'files' | 'zip') => async (pass: { knex: Knex; store: EventStore }) =>
  ingestFrInpiPi({ ...pass, logger: testLogger, paths: await inpiCopy(form), snapshotDate: '2026-12-01' });

interface BlockRegister {
  title: string;
  register: string;
  files: () => Promise<string[]>;
  ingest(pass: { knex: Knex; store: EventStore }): Promise<SnapshotCompletedData>;
  /** The check of a row, by the file it was read from (its path). */
  checkOf: (file: string) => RowCheck;
}

let scratch: string;

/** The ONRC demo files, OD_FIRME's truncated line (set aside) moved up to line 3, before rows kept. */
async function roFilesWithSetAsideFirst(): Promise<RoOnrcFiles> {
  const lines = (await fs.readFile(RO_ONRC_DEMO_FILES.firme, 'utf8')).split('\r\n');
  const width = lines[0]!.split('^').length;
  const truncated = lines.findIndex((l) => l !== '' && l.split('^').length !== width);
  expect(truncated, 'the demo OD_FIRME holds its truncated line').to.be.greaterThan(2);
  const [line] = lines.splice(truncated, 1);
  lines.splice(2, 0, line!);
  const firme = path.join(scratch, 'od_firme.csv');
  await fs.writeFile(firme, lines.join('\r\n'));
  return { ...RO_ONRC_DEMO_FILES, firme };
}

const gleifPass = (files: GleifFiles) => (pass: { knex: Knex; store: EventStore }) =>
  ingestGleif({ ...pass, logger: testLogger, files, snapshotDate: '2026-11-20' });
const GLEIF_CSV: GleifFiles = {
  lei2: path.join(GLEIF_FIXTURES, 'lei2-from-real-records.csv'),
  rr: path.join(GLEIF_FIXTURES, 'rr-from-real-records.csv'),
  repex: path.join(GLEIF_FIXTURES, 'repex-from-real-records.csv'),
};
const GLEIF_JSON: GleifFiles = { ...GLEIF_DEMO_FILES, lei2: GLEIF_DEMO_DELTAS.lei2[1]! };

/**
 * CORDIS: a project on the line whose first field is its id; a participation (`<projectID>-<organisationID>-
 * <order>`) on a line holding the three. The programmes' files share their kinds.
 */
const CORDIS_CHECK: RowCheck = (file, line, kind, id) => {
  const fields = fieldsOf(file.lines[line - 1] ?? '', ';');
  if (kind === CORDIS_PROJECT) return fields[0] === id;
  return id.split('-').every((part) => part === '' || fields.includes(part));
};

const REGISTERS: BlockRegister[] = [
  {
    title: 'Sirene (the real sample stocks)',
    register: FR_SIRENE_REGISTER,
    files: async () => [UNITES_LEGALES_SAMPLE, ETABLISSEMENTS_SAMPLE],
    ingest: (pass) =>
      ingestFrSirene({
        ...pass,
        logger: testLogger,
        unitesLegales: UNITES_LEGALES_SAMPLE,
        etablissements: ETABLISSEMENTS_SAMPLE,
        version: '2026-11-01',
        progress: false,
      }),
    checkOf: () => SIRENE_CHECK,
  },
  {
    title: 'GLEIF, XML golden copy',
    register: GLEIF_REGISTER,
    files: async () => Object.values(GLEIF_DEMO_FILES),
    ingest: gleifPass(GLEIF_DEMO_FILES),
    checkOf: () => GLEIF_XML_CHECK,
  },
  {
    title: 'GLEIF, CSV golden copy',
    register: GLEIF_REGISTER,
    files: async () => Object.values(GLEIF_CSV),
    ingest: gleifPass(GLEIF_CSV),
    checkOf: () => GLEIF_CSV_CHECK,
  },
  {
    title: 'GLEIF, JSON golden copy (gzipped)',
    register: GLEIF_REGISTER,
    files: async () => Object.values(GLEIF_JSON),
    ingest: gleifPass(GLEIF_JSON),
    checkOf: (file) => (file.endsWith('.json.gz') ? GLEIF_JSON_CHECK : GLEIF_XML_CHECK),
  },
  {
    title: 'BE KBO',
    register: BE_KBO_REGISTER,
    files: async () => Object.values(BE_KBO_DEMO_FILES),
    ingest: (pass) =>
      ingestBeKbo({ ...pass, logger: testLogger, files: BE_KBO_DEMO_FILES, snapshotDate: '2026-11-20' }),
    checkOf: () => BE_CHECK,
  },
  {
    title: 'RO ONRC, a line set aside before rows kept',
    register: RO_ONRC_REGISTER,
    files: async () => Object.values(await roFilesWithSetAsideFirst()),
    ingest: async (pass) =>
      ingestRoOnrc({
        ...pass,
        logger: testLogger,
        files: await roFilesWithSetAsideFirst(),
        snapshotDate: '2026-11-20',
      }),
    checkOf: () => RO_CHECK,
  },
  {
    title: 'EU CORDIS, two programmes (their files share kinds)',
    register: EU_CORDIS_REGISTER,
    files: async () => Object.values(EU_CORDIS_DEMO_FILES).flatMap((f) => [f!.project, f!.organization]),
    ingest: (pass) =>
      ingestEuCordis({
        ...pass,
        logger: testLogger,
        files: EU_CORDIS_DEMO_FILES,
        snapshotDate: '2026-11-20',
      }),
    checkOf: () => CORDIS_CHECK,
  },
  {
    title: 'INPI, a weekly ST.66 file (a start tag broken over two lines) and a patent document',
    register: FR_INPI_PI_REGISTER,
    files: () => inpiCopy('files'),
    ingest: inpiPass('files'),
    checkOf: () => INPI_CHECK,
  },
  {
    title: 'INPI, the same documents as entries of a ZIP archive',
    register: FR_INPI_PI_REGISTER,
    files: () => inpiCopy('zip'),
    ingest: inpiPass('zip'),
    checkOf: () => INPI_CHECK,
  },
  {
    title: 'SE Bolagsverket, a record broken over two lines',
    register: SE_BOLAGSVERKET_REGISTER,
    files: async () => [SE_BOLAGSVERKET_DEMO_FILE],
    ingest: (pass) =>
      ingestSeBolagsverket({
        ...pass,
        logger: testLogger,
        file: SE_BOLAGSVERKET_DEMO_FILE,
        snapshotDate: '2026-11-20',
      }),
    checkOf: () => SE_CHECK,
  },
];

describe(`block events name each row's line in its file, as an auditor finds it (${targetDescription})`, () => {
  let bed: TestBed;
  before(async () => {
    scratch = await fs.mkdtemp(path.join(os.tmpdir(), 'block-lines-'));
  });
  after(() => fs.rm(scratch, { recursive: true, force: true }));
  beforeEach(async () => {
    bed = await openTestBed([]);
    await runMigrations(bed.knex, snapshotPassMigrations);
  });
  afterEach(() => bed.close());

  const blocksOf = async (register: string) =>
    (await bed.store.readStream(blockStreamId(register))) as RecordedEvent<string, EntitiesRecordedData>[];

  /**
   * Each row of each block, with the file its block names (by SHA-256), or the member of that archive the
   * block names for the row, and the line it gives.
   */
  async function rowsOf(reg: BlockRegister) {
    const files = await Promise.all((await reg.files()).map(published));
    const rows: { file: PublishedFile; kind: string; id: string; line: number | null }[] = [];
    for (const block of await blocksOf(reg.register)) {
      const file = files.find((f) => f.sha256 === block.data.fileSha256);
      expect(file, `the file of SHA-256 ${block.data.fileSha256}`).to.not.equal(undefined);
      expect(block.data.entries !== undefined, 'entries named for an archive only').to.equal(
        file!.members !== undefined,
      );
      for (const [i, id] of block.data.ids.entries()) {
        const entry = block.data.entries?.[i];
        const document = entry === undefined ? file : file!.members?.get(entry);
        expect(document, `${id}: the member ${entry} of ${file!.path}`).to.not.equal(undefined);
        rows.push({ file: document!, kind: block.data.kind, id, line: block.data.lines[i]! });
      }
    }
    return rows;
  }

  for (const reg of REGISTERS) {
    it(`${reg.title}: every row of a first pass is at the line its block names`, async () => {
      const done = await reg.ingest({ knex: bed.knex, store: bed.store });
      const rows = await rowsOf(reg);
      expect(rows).to.have.length(done.blocks!.rows);
      expect(rows.length).to.be.greaterThan(0);
      const misplaced = rows
        .filter((r) => r.line === null || !reg.checkOf(r.file.path)(r.file, r.line, r.kind, r.id))
        .map((r) => `${r.kind} ${r.id} at ${r.line}: ${r.line === null ? '' : r.file.lines[r.line - 1]}`);
      expect(misplaced).to.deep.equal([]);
    });
  }

  it('RO ONRC: a company after a line set aside is on the physical line sed shows, not its rank', async () => {
    await REGISTERS.find((r) => r.register === RO_ONRC_REGISTER)!.ingest({
      knex: bed.knex,
      store: bed.store,
    });
    const firms = (await blocksOf(RO_ONRC_REGISTER)).find((b) => b.data.kind === FIRM)!;
    // Header on 1, the first company on 2, the truncated line on 3: the second company is on 4.
    expect(firms.data.ids.slice(0, 2)).to.deep.equal(['J40/19358/2021', 'J14/33/2001']);
    expect(firms.data.lines.slice(0, 2)).to.deep.equal([2, 4]);
    // Practitioners follow representatives who are not read (an administrator on line 2).
    const practitioners = (await blocksOf(RO_ONRC_REGISTER)).find((b) => b.data.kind === PRACTITIONER)!;
    expect(practitioners.data.lines[0]).to.equal(3);
    for (const kind of [STATUS, STATUS_LABEL]) {
      expect((await blocksOf(RO_ONRC_REGISTER)).some((b) => b.data.kind === kind)).to.equal(true);
    }
  });

  it('SE Bolagsverket: a row after a record broken over two lines is on its own physical line', async () => {
    await REGISTERS.find((r) => r.register === SE_BOLAGSVERKET_REGISTER)!.ingest({
      knex: bed.knex,
      store: bed.store,
    });
    const [block] = await blocksOf(SE_BOLAGSVERKET_REGISTER);
    const lineOf = (id: string) => block!.data.lines[block!.data.ids.indexOf(id)];
    expect(lineOf('5561112227'), 'the broken record starts on its first line').to.equal(8);
    expect(lineOf('7164203338'), 'the next record').to.equal(10);
  });

  it('BE KBO: a code described in several languages is on the line of its first description', async () => {
    await REGISTERS.find((r) => r.register === BE_KBO_REGISTER)!.ingest({ knex: bed.knex, store: bed.store });
    const codes = (await blocksOf(BE_KBO_REGISTER)).find((b) => b.data.kind === KBO_CODE)!;
    const text = (await published(BE_KBO_DEMO_FILES.code)).lines;
    const at = codes.data.ids.indexOf('JuridicalForm:001');
    expect(codes.data.lines[at]).to.equal(1 + text.findIndex((l) => l.startsWith('"JuridicalForm","001",')));
    for (const kind of [ENTERPRISE, DENOMINATION, ADDRESS]) {
      expect((await blocksOf(BE_KBO_REGISTER)).some((b) => b.data.kind === kind)).to.equal(true);
    }
  });

  it('two files of one pass holding rows of one kind: each block names the file its own rows are on', async () => {
    // A pass whose files share a kind (CORDIS's programmes, each its organisations file): a batch of rows
    // from both files, or one made while the next file is read, must still name each row's own file.
    const lines = (prefix: string) => [
      'id;name',
      ...[1, 2, 3].map((n) => `${prefix}${n};${prefix}-name-${n}`),
    ];
    const written = await Promise.all(
      ['a', 'b'].map(async (prefix) => {
        const file = path.join(scratch, `things-${prefix}.csv`);
        await fs.writeFile(file, `${lines(prefix).join('\n')}\n`);
        return file;
      }),
    );
    const fileOf = (role: string, file: string): LinedPassFile => ({
      role,
      path: file,
      read: async function* (at) {
        const text = (await fs.readFile(at, 'utf8')).split('\n');
        for (const [i, line] of text.entries()) {
          if (i === 0 || line === '') continue;
          const [id, name] = line.split(';');
          yield { kind: 'thing', id: id!, record: { id, name }, line: i + 1 };
        }
      },
    });
    await runFilesPass({
      knex: bed.knex,
      store: bed.store,
      logger: testLogger,
      register: 'test.two-files',
      snapshotDate: '2026-12-03',
      files: [fileOf('first', written[0]!), fileOf('second', written[1]!)],
      blocks: true,
    });
    const files = await Promise.all(written.map(published));
    const misplaced: string[] = [];
    let rows = 0;
    for (const block of await blocksOf('test.two-files')) {
      const file = files.find((f) => f.sha256 === block.data.fileSha256)!;
      for (const [i, id] of block.data.ids.entries()) {
        rows++;
        const line = file.lines[block.data.lines[i]! - 1] ?? '';
        if (!line.startsWith(`${id};`)) misplaced.push(`${id} named in ${path.basename(file.path)}`);
      }
    }
    expect(rows).to.equal(6);
    expect(misplaced).to.deep.equal([]);
  });

  it('a reader of a block register that gives no line fails the pass, and no block is written', async () => {
    const file: LinedPassFile = {
      role: 'things',
      path: SE_BOLAGSVERKET_DEMO_FILE,
      // As a reader would that forgot its lines (the type requires them).
      read: async function* () {
        yield { kind: 'thing', id: '1', record: { id: '1' } } as never;
      },
    };
    let error: unknown;
    try {
      await runFilesPass({
        knex: bed.knex,
        store: bed.store,
        logger: testLogger,
        register: 'test.unplaced',
        snapshotDate: '2026-11-20',
        files: [file],
        blocks: true,
      });
    } catch (e) {
      error = e;
    }
    expect((error as Error | undefined)?.message).to.match(/gave no line for thing 1/);
    expect(await bed.store.streamVersion(blockStreamId('test.unplaced'))).to.equal(null);
  });
});
