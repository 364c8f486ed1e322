import { expect } from 'chai';
import { snapshotPassMigrations } from '../../../ingest/core/snapshotPass.ts';
import { frDecpDemo } from '../../../ingest/fr-decp/frDecpDemo.ts';
import { runMigrations } from '../../../ops/database/migrations.ts';
import { blockStreamId, type EntitiesRecordedData } from '../../../schemas/events/entityBlockEvents.ts';
import { FR_DECP_REGISTER, frDecpStreamOf } from '../../../schemas/events/frDecpEvents.ts';
import { SNAPSHOT_COMPLETED } from '../../../schemas/events/snapshotEvents.ts';
import { openTestBed, type TestBed } from '../../projections/core/testBed.ts';
import { targetDescription, testLogger } from '../../support/database.ts';
import { recordedEntities } from '../core/support/recordedEntities.ts';

/** The demo's two files and their own SHA-256 (ingest/fr-decp/demo/SOURCE.txt). */
const LAYOUT_2024 = {
  nom: 'decp.json',
  sha256: 'c2b0348d9a5f1d78a7ef94418d1b64ac118b9e932b7c6c96cfc4d6126d6c30c1',
};
const EXCERPT_2019 = {
  nom: 'data.gouv.fr_aife_2019-04-04_extrait.json',
  sha256: 'b06bd35fb323e89157129942266030c963cc140c6a6002bedf6e4d4f3ec067a3',
};
/** ENTREPRISE DEMOUSELLE's contract: its buyer's SIRET and its id, as the consolidation keys it. */
const DEMOUSELLE_CONTRACT = '196012231001692018eXk7yJ0Gne00';

// biome-ignore lint/suspicious/noExplicitAny: the pass report is checked member by member
type Json = any;

describe(`DECP demo: one pass over a 2024-layout file and a real 2019 excerpt (${targetDescription})`, () => {
  let bed: TestBed;
  let report: Json;
  before(async () => {
    bed = await openTestBed([]);
    await runMigrations(bed.knex, snapshotPassMigrations);
    await frDecpDemo.seed({
      knex: bed.knex,
      store: bed.store,
      logger: testLogger,
      snapshotDate: '2026-12-01',
    });
    const { rows } = await bed.knex.raw<{ rows: { data: Json }[] }>(
      `select data from events where type = ? and data->>'register' = ?`,
      [SNAPSHOT_COMPLETED, FR_DECP_REGISTER],
    );
    expect(rows).to.have.length(1);
    report = rows[0]!.data.report;
  });
  after(() => bed.close());

  it('reads the contracts of both files, counting the 2019 excerpt’s repeated publication and VAT holder', () => {
    expect(report).to.deep.include({
      marchesLus: 16,
      lignesEcartees: 0,
      publicationsRepetees: 1,
      concessionsNonLues: 0,
      marchesSansTitulaireIdentifiable: 1,
    });
    expect(
      report.fichiers.map((f: Json) => ({ nom: f.nom, sha256: f.sha256, lignes: f.lignes })),
    ).to.deep.equal([
      { ...LAYOUT_2024, lignes: 5 },
      { ...EXCERPT_2019, lignes: 11 },
    ]);
  });

  it('each contract’s block names its own file’s SHA-256 and its rank in that file', async () => {
    const blocks = (await bed.store.readStream(blockStreamId(FR_DECP_REGISTER))).map(
      (e) => e.data as EntitiesRecordedData,
    );
    const where = new Map<string, [string, number | null]>();
    for (const b of blocks) {
      for (const [i, id] of b.ids.entries()) where.set(id, [b.fileSha256, b.lines[i]!]);
    }
    expect(where.get(DEMOUSELLE_CONTRACT)).to.deep.equal([EXCERPT_2019.sha256, 4]);
    expect(where.get('21030042200016202401L04')).to.deep.equal([LAYOUT_2024.sha256, 3]);
    expect(where.get('223600016000162018V1hGjNzOUB00')).to.deep.equal([EXCERPT_2019.sha256, 11]);
  });

  it('logs the 2019 contract as published, numbers as text, its holder’s name dropped', async () => {
    const stream = frDecpStreamOf({ kind: 'marche', id: DEMOUSELLE_CONTRACT });
    const [entity] = await recordedEntities(bed.store, FR_DECP_REGISTER, frDecpStreamOf, stream);
    expect(entity!.record).to.deep.include({ id: '2018eXk7yJ0Gne00', montant: '160000', dureeMois: '12' });
    expect(entity!.record!.titulaires).to.deep.equal([{ typeIdentifiant: 'SIRET', id: '00582037800031' }]);
    expect(JSON.stringify(entity)).not.to.include('Demouselle');
  });
});
