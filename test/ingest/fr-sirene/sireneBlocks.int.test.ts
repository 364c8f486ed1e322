import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import { expect } from 'chai';
import { auditRowCommand } from '../../../app/cli/commands/auditRow.ts';
import { snapshotPassMigrations } from '../../../ingest/core/snapshotPass.ts';
import { ingestFrSirene } from '../../../ingest/fr-sirene/ingestFrSirene.ts';
import type { CliContext } from '../../../ops/commandContext.ts';
import { runMigrations } from '../../../ops/database/migrations.ts';
import type { RecordedEvent } from '../../../ops/eventstore/port.ts';
import { rowEventsOf } from '../../../projections/core/entityHandlers.ts';
import { entityHistory } from '../../../projections/core/entityHistory.ts';
import { createValuesExpander } from '../../../projections/core/entityValuesUpcaster.ts';
import { tableChecksum } from '../../../projections/core/tableChecksum.ts';
import { etablissementsProjection } from '../../../projections/fr-sirene-etablissements/etablissementsProjection.ts';
import { unitesLegalesProjection } from '../../../projections/fr-sirene-unites-legales/unitesLegalesProjection.ts';
import {
  blockStreamId,
  ENTITIES_RECORDED,
  ENTITY_BLOCK_CHARS,
  type EntitiesRecordedData,
} from '../../../schemas/events/entityBlockEvents.ts';
import { FR_SIRENE_REGISTER, frSireneStreamOf } from '../../../schemas/events/frSireneEvents.ts';
import { snapshotStreamId } from '../../../schemas/events/snapshotEvents.ts';
import { openTestBed, type TestBed } from '../../projections/core/testBed.ts';
import { targetDescription, testLogger } from '../../support/database.ts';
import { removeTempDirs, samples, tempDir, writeCsv } from '../../support/sireneFiles.ts';
import { ETABLISSEMENTS_SAMPLE, UNITES_LEGALES_SAMPLE } from '../../support/sireneSample.ts';

const PROJECTIONS = [unitesLegalesProjection, etablissementsProjection];
const sha256 = (text: string | Buffer) => createHash('sha256').update(text).digest('hex');

describe(`Sirene passes in block events (${targetDescription})`, () => {
  after(() => removeTempDirs());

  let bed: TestBed;
  beforeEach(async () => {
    bed = await openTestBed(PROJECTIONS);
    await runMigrations(bed.knex, snapshotPassMigrations);
  });
  afterEach(() => bed.close());

  const ingest = (over: { unitesLegales?: string; version?: string; recordAll?: boolean } = {}) =>
    ingestFrSirene({
      knex: bed.knex,
      store: bed.store,
      logger: testLogger,
      unitesLegales: over.unitesLegales ?? UNITES_LEGALES_SAMPLE,
      etablissements: ETABLISSEMENTS_SAMPLE,
      version: over.version ?? '2026-11-01',
      progress: false,
      recordAll: over.recordAll ?? false,
    });
  const blocks = async () =>
    (await bed.store.readStream(blockStreamId(FR_SIRENE_REGISTER))) as RecordedEvent<
      string,
      EntitiesRecordedData
    >[];
  const checksums = () =>
    Promise.all(PROJECTIONS.flatMap((p) => p.tables).map((table) => tableChecksum(bed.knex, table)));

  it('a first pass records every row in block events, each with its line, its digest and its file’s SHA-256', async () => {
    const done = await ingest();
    expect(done.counts).to.deep.equal({ rows: 599, recorded: 599, changed: 0, dropped: 0, unchanged: 0 });
    const events = await blocks();
    const rowsOfKind = (kind: string) =>
      events.filter((e) => e.data.kind === kind).reduce((n, e) => n + e.data.ids.length, 0);
    expect(events.every((e) => e.type === ENTITIES_RECORDED)).to.equal(true);
    expect(events.map((e) => e.data.kind)[0]).to.equal('unite_legale');
    expect([rowsOfKind('unite_legale'), rowsOfKind('etablissement')]).to.deep.equal([300, 299]);
    expect(done.blocks).to.deep.equal({ events: events.length, rows: 599 });
    expect(await bed.store.streamVersion('fr.sirene-005420021'), 'no per-row event').to.equal(null);

    const [started] = await bed.store.readStream(snapshotStreamId(FR_SIRENE_REGISTER));
    const columns = (started!.data as { columns: Record<string, string[]> }).columns.unite_legale!;
    const units = events[0]!;
    expect(units.data.fileSha256).to.equal(sha256(await fs.readFile(UNITES_LEGALES_SAMPLE)));
    expect(units.metadata).to.include({ pass: String(started!.position), snapshotVersion: '2026-11-01' });
    const at = units.data.ids.indexOf('005420021');
    const lines = (await fs.readFile(UNITES_LEGALES_SAMPLE, 'utf8')).split('\n');
    const line = units.data.lines[at]!;
    expect(lines[line - 1]!.startsWith('005420021,')).to.equal(true);
    const values = units.data.values![at]!;
    expect(units.data.digests[at]).to.equal(sha256(`${JSON.stringify(columns)}\n${JSON.stringify(values)}`));
  });

  it('a block holds at most ENTITY_BLOCK_CHARS characters of its rows’ JSON, the file’s order kept', async () => {
    await ingest();
    const events = await blocks();
    const etablissements = events.filter((e) => e.data.kind === 'etablissement');
    expect(etablissements.length, 'the 299 establishments span several blocks').to.be.greaterThan(1);
    for (const e of events) {
      const chars = e.data.values!.reduce((n, row) => n + JSON.stringify(row).length, 0);
      expect(chars).to.be.at.most(ENTITY_BLOCK_CHARS);
    }
    const lines = etablissements.flatMap((e) => e.data.lines);
    expect(lines).to.deep.equal([...lines].sort((a, b) => (a ?? 0) - (b ?? 0)));
  });

  it('the read side takes a block as the EntityRecorded of each of its rows, as published', async () => {
    await ingest();
    const expanded = (await createValuesExpander(bed.knex)(await blocks())).flatMap(rowEventsOf);
    expect(expanded).to.have.length(599);
    const csv = await samples.unites();
    const unit = expanded.find((e) => (e.data as { id: string }).id === '005420021')!;
    const row = csv.rows.find((r) => r.siren === '005420021')!;
    expect(unit.type).to.equal('EntityRecorded');
    expect(unit.data).to.deep.equal({
      register: FR_SIRENE_REGISTER,
      kind: 'unite_legale',
      id: '005420021',
      record: Object.fromEntries(Object.entries(row).map(([k, v]) => [k, v === '' ? null : v])),
    });
    expect(unit.metadata).to.include({ snapshotVersion: '2026-11-01' });
    expect(unit.metadata.rowSha256).to.match(/^[0-9a-f]{64}$/);
  });

  it('a later pass records what changed one event per entity, and no block', async () => {
    const first = await ingest();
    const dir = await tempDir();
    const units = await samples.unites();
    units.rows.find((r) => r.siren === '005420021')!.denominationUniteLegale = 'BIQUEZ ET FILS';
    const file = await writeCsv(dir, 'StockUniteLegale_utf8.csv', units);
    const done = await ingest({ unitesLegales: file, version: '2026-12-01' });
    expect(done.counts).to.include({ changed: 1, recorded: 0, dropped: 0 });
    expect(done.blocks).to.equal(undefined);
    expect(await blocks()).to.have.length(first.blocks!.events);
    const [changed] = await bed.store.readStream('fr.sirene-005420021');
    expect(changed!.type).to.equal('EntityChanged');
  });

  it('with recordAll, a pass of unchanged files records every row again in blocks', async () => {
    const first = await ingest();
    const done = await ingest({ version: '2026-12-01', recordAll: true });
    expect(done.counts).to.deep.equal({ rows: 599, recorded: 0, changed: 0, dropped: 0, unchanged: 599 });
    expect(done.blocks).to.deep.equal(first.blocks);
    expect(await blocks()).to.have.length(2 * first.blocks!.events);
  });

  it('an entity’s history reads the block that first recorded it, then its changes, in order', async () => {
    await ingest();
    const dir = await tempDir();
    const units = await samples.unites();
    units.rows.find((r) => r.siren === '005420021')!.denominationUniteLegale = 'BIQUEZ ET FILS';
    await ingest({
      unitesLegales: await writeCsv(dir, 'StockUniteLegale_utf8.csv', units),
      version: '2026-12-01',
    });
    const history = await entityHistory(bed.knex, bed.store, {
      register: FR_SIRENE_REGISTER,
      kind: 'unite_legale',
      id: '005420021',
      streamId: frSireneStreamOf({ kind: 'unite_legale', id: '005420021' }),
    });
    expect(history.map((e) => [e.type, e.streamId, e.metadata.snapshotVersion])).to.deep.equal([
      ['EntityRecorded', blockStreamId(FR_SIRENE_REGISTER), '2026-11-01'],
      ['EntityChanged', 'fr.sirene-005420021', '2026-12-01'],
    ]);
    expect(
      (history[1]!.data as { record: { denominationUniteLegale: string } }).record.denominationUniteLegale,
    ).to.equal('BIQUEZ ET FILS');
  });

  it('registres audit row proves a served row from its block: file SHA-256, line, digest recomputed', async () => {
    await ingest();
    const out: string[] = [];
    const ctx = {
      out: (line: string) => out.push(line),
      withDatabase: <T>(fn: (db: TestBed['db'], store: TestBed['store']) => Promise<T>) =>
        fn(bed.db, bed.store),
    } as unknown as CliContext;
    const code = await auditRowCommand(['audit', 'row', FR_SIRENE_REGISTER, '005420021'], ctx);
    expect(code, out.join('\n')).to.equal(0);
    const [block] = await blocks();
    const line = block!.data.lines[block!.data.ids.indexOf('005420021')];
    const text = out.join('\n');
    expect(text).to.contain(`recorded by: block event at position ${block!.position}`);
    expect(text).to.contain(`file sha256: ${block!.data.fileSha256}, line ${line}`);
    // How to see it: the command prints the row's line of the file, which holds its identifier.
    expect(text).to.contain(`sed -n '${line}p' <file>`);
    const published = (await fs.readFile(UNITES_LEGALES_SAMPLE, 'utf8')).split('\n');
    expect(published[line! - 1]!.startsWith('005420021,')).to.equal(true);
    expect(text).to.contain('the served row is the one the log holds');

    // A row the log does not hold proves nothing.
    expect(await auditRowCommand(['audit', 'row', FR_SIRENE_REGISTER, '999999999'], ctx)).to.equal(1);
  });

  it('read tables from a block pass equal those of a per-row pass, and replay rebuilds them to the byte', async () => {
    const runner = bed.runner({ batchSize: 100 });
    await ingestFrSirene({
      knex: bed.knex,
      store: bed.store,
      logger: testLogger,
      unitesLegales: UNITES_LEGALES_SAMPLE,
      etablissements: ETABLISSEMENTS_SAMPLE,
      version: '2026-11-01',
      progress: false,
      oneEventPerRow: true,
    });
    await runner.catchUp();
    const perRow = await checksums();
    // The same files again, recorded in blocks: every row upserted to the same bytes.
    await ingest({ version: '2026-11-01', recordAll: true });
    await runner.catchUp();
    expect(await checksums()).to.deep.equal(perRow);
    const { rows } = await bed.knex.raw(`select count(*)::int as n from ${PROJECTIONS[0]!.tables[0]}`);
    expect(rows[0].n).to.be.greaterThan(0);

    for (const p of PROJECTIONS) await runner.rebuild(p.name);
    await runner.catchUp();
    expect(await checksums()).to.deep.equal(perRow);
  });
});
