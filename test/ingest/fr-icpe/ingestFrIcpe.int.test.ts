import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import yauzl from 'yauzl';
import { snapshotPassMigrations } from '../../../ingest/core/snapshotPass.ts';
import { ingestFrIcpe } from '../../../ingest/fr-icpe/ingestFrIcpe.ts';
import { runMigrations } from '../../../ops/database/migrations.ts';
import { FR_ICPE_REGISTER, frIcpeStreamOf } from '../../../schemas/events/frIcpeEvents.ts';
import { openTestBed, type TestBed } from '../../projections/core/testBed.ts';
import { targetDescription, testLogger } from '../../support/database.ts';
import { writeZip } from '../../support/writeZip.ts';
import { recordedEntities } from '../core/support/recordedEntities.ts';
import { ICPE_GIRONDE_EXCERPT, ICPE_PERSON } from './icpeFixtures.ts';

describe(`ICPE ingester (${targetDescription})`, () => {
  let bed: TestBed;
  let dir: string;
  const ingest = (file: string, snapshotDate = '2026-12-01') =>
    ingestFrIcpe({ knex: bed.knex, store: bed.store, logger: testLogger, paths: [file], snapshotDate });

  before(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'icpe-'));
  });
  after(() => rm(dir, { recursive: true, force: true }));
  beforeEach(async () => {
    bed = await openTestBed([]);
    await runMigrations(bed.knex, snapshotPassMigrations);
  });
  afterEach(() => bed.close());

  it('logs each installation with a SIRET, its rubriques and inspection dates, and counts the others', async () => {
    const done = await ingest(ICPE_GIRONDE_EXCERPT);
    // The six installations, and the file's `fichier` entity (its SHA-256 and the rows read from it).
    expect(done.counts).to.include({ rows: 7, recorded: 7, dropped: 0 });
    expect(done.report).to.deep.include({
      installationsLues: 6,
      installationsSansSiret: 1,
      lignesEcartees: 0,
      rubriquesLues: 4,
      inspectionsLues: 29,
    });
    const [ambes] = await recordedEntities(bed.store, FR_ICPE_REGISTER, frIcpeStreamOf, 'fr.icpe-0005209273');
    expect(ambes?.record).to.deep.include({
      codeAiot: '0005209273',
      numeroSiret: '41096483700075',
      commune: 'Ambès',
      statutSeveso: 'Seveso seuil haut',
      regimeVigueur: 'Autorisation',
      url: 'https://www.georisques.gouv.fr/risques/installations/donnees/details/0005209273',
    });
    expect(ambes?.record?.rubriques).to.deep.include({
      numeroRubrique: '4511',
      nature: "Dangereux pour l'environnement aquatique de catégorie chronique 2",
      alinea: '1',
      regimeAutoriseAlinea: 'Autorisation',
      quantiteTotale: '64000.000',
      unite: 't',
      dateMotif: '07/05/2019',
    });
  });

  it('never logs the operator’s name, street address or coordinates, even of a person', async () => {
    await ingest(ICPE_GIRONDE_EXCERPT);
    const log = JSON.stringify((await bed.store.readAll(0n)).map((e) => e.data));
    expect(log).to.include(ICPE_PERSON.siret);
    for (const value of [
      ...ICPE_PERSON.name,
      ...ICPE_PERSON.address,
      'VERMILION',
      'Chemin Départemental 10',
      '-0.349895',
      '44.916673',
      'raisonSociale',
      'adresse1',
      'Partie_publiable',
    ]) {
      expect(log).not.to.include(value);
    }
  });

  it('sets aside a repeated codeAiot, and refuses an archive without the installations file', async () => {
    const installations = await entryOf(ICPE_GIRONDE_EXCERPT, 'InstallationClassee.csv');
    const lines = installations.toString('latin1').split('\n');
    const repeated = Buffer.from([...lines.slice(0, 3), lines[2], ...lines.slice(3)].join('\n'), 'latin1');
    const file = path.join(dir, 'repeated.zip');
    await writeZip(file, [
      { name: 'InstallationClassee.csv', content: repeated },
      { name: 'rubriqueIC.csv', content: await entryOf(ICPE_GIRONDE_EXCERPT, 'rubriqueIC.csv') },
      { name: 'inspection.csv', content: await entryOf(ICPE_GIRONDE_EXCERPT, 'inspection.csv') },
    ]);
    const done = await ingest(file);
    expect(done.report).to.deep.include({ installationsLues: 6, lignesEcartees: 1 });
    const incomplete = path.join(dir, 'incomplete.zip');
    await writeZip(incomplete, [
      { name: 'rubriqueIC.csv', content: await entryOf(ICPE_GIRONDE_EXCERPT, 'rubriqueIC.csv') },
      { name: 'inspection.csv', content: await entryOf(ICPE_GIRONDE_EXCERPT, 'inspection.csv') },
    ]);
    let error: unknown = null;
    await ingest(incomplete).catch((e: unknown) => {
      error = e;
    });
    expect(String(error)).to.contain('InstallationClassee.csv');
  });

  it('a second pass of the same file records nothing new', async () => {
    await ingest(ICPE_GIRONDE_EXCERPT);
    const again = await ingest(ICPE_GIRONDE_EXCERPT, '2026-12-02');
    expect(again.counts).to.include({ rows: 7, recorded: 0, changed: 0, dropped: 0, unchanged: 7 });
  });

  it('a later pass logs a changed installation on its stream, the record as the first pass logged it', async () => {
    await ingest(ICPE_GIRONDE_EXCERPT);
    const rubriques = (await entryOf(ICPE_GIRONDE_EXCERPT, 'rubriqueIC.csv'))
      .toString('latin1')
      .replace('"64000.000"', '"65000.000"');
    const file = path.join(dir, 'changed.zip');
    await writeZip(file, [
      {
        name: 'InstallationClassee.csv',
        content: await entryOf(ICPE_GIRONDE_EXCERPT, 'InstallationClassee.csv'),
      },
      { name: 'rubriqueIC.csv', content: Buffer.from(rubriques, 'latin1') },
      { name: 'inspection.csv', content: await entryOf(ICPE_GIRONDE_EXCERPT, 'inspection.csv') },
    ]);
    const again = await ingest(file, '2026-12-02');
    // The installation changed; the file, named otherwise, recorded as the excerpt's `fichier` is dropped.
    expect(again.counts).to.include({ rows: 7, recorded: 1, changed: 1, dropped: 1, unchanged: 5 });
    const [changed, first] = await recordedEntities(
      bed.store,
      FR_ICPE_REGISTER,
      frIcpeStreamOf,
      'fr.icpe-0005209273',
    );
    expect(changed?.record).to.deep.equal({
      ...first?.record,
      rubriques: (first!.record!.rubriques as { quantiteTotale: string | null }[]).map((r) =>
        r.quantiteTotale === '64000.000' ? { ...r, quantiteTotale: '65000.000' } : r,
      ),
    });
  });
});

/** One entry's bytes, as archived. */
function entryOf(zipFile: string, name: string): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    yauzl.open(zipFile, { lazyEntries: true }, (err, zip) => {
      if (err || !zip) return reject(err);
      zip.on('entry', (entry: yauzl.Entry) => {
        if (entry.fileName !== name) return zip.readEntry();
        zip.openReadStream(entry, async (e, stream) => {
          if (e || !stream) return reject(e);
          const chunks: Buffer[] = [];
          for await (const c of stream) chunks.push(c as Buffer);
          zip.close();
          resolve(Buffer.concat(chunks));
        });
      });
      zip.once('end', () => reject(new Error(`${name} not in ${zipFile}`)));
      zip.readEntry();
    });
  });
}
