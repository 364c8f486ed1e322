import { expect } from 'chai';
import { snapshotPassMigrations } from '../../../ingest/core/snapshotPass.ts';
import { ingestFrDecp } from '../../../ingest/fr-decp/ingestFrDecp.ts';
import { runMigrations } from '../../../ops/database/migrations.ts';
import { FR_DECP_REGISTER, frDecpStreamOf } from '../../../schemas/events/frDecpEvents.ts';
import { openTestBed, type TestBed } from '../../projections/core/testBed.ts';
import { targetDescription, testLogger } from '../../support/database.ts';
import { recordedEntities } from '../core/support/recordedEntities.ts';
import { DECP_2019, DECP_2024 } from './decpFixtures.ts';

describe(`DECP ingester (${targetDescription})`, () => {
  let bed: TestBed;
  const ingest = (file: string, snapshotDate = '2026-12-01') =>
    ingestFrDecp({ knex: bed.knex, store: bed.store, logger: testLogger, file, snapshotDate });
  const logged = (streamId: string) =>
    recordedEntities(bed.store, FR_DECP_REGISTER, frDecpStreamOf, streamId);
  const recordOf = async (id: string) => (await logged(`${FR_DECP_REGISTER}-${id}`))[0]!.record!;

  beforeEach(async () => {
    bed = await openTestBed([]);
    await runMigrations(bed.knex, snapshotPassMigrations);
  });
  afterEach(() => bed.close());

  it('reads the 2024 schema: one contract per buyer SIRET and id, numbers kept as published text', async () => {
    const done = await ingest(DECP_2024);
    expect(done.counts).to.include({ rows: 5, recorded: 5, dropped: 0 });
    const record = await recordOf('21030042200016202401L04');
    expect(record).to.deep.include({ id: '202401L04', montant: '127835.12', dureeMois: '17' });
    expect(record.titulaires).to.deep.equal([
      { titulaire: { typeIdentifiant: 'SIRET', id: '48794607100015' } },
    ]);
    const huge = await recordOf('221300015002472020F00075');
    expect(huge.montant).to.equal('1.0e17');
  });

  it('reads the 2019 schema, keys a contract by its uid, and drops every holder name before logging', async () => {
    const done = await ingest(DECP_2019);
    expect(done.counts).to.include({ rows: 2, recorded: 2 });
    const record = await recordOf('21500222100012202183935401');
    expect(record).to.deep.include({ id: '2019_83935401', montant: '77899.0' });
    expect(record.titulaires).to.deep.equal([{ typeIdentifiant: 'SIRET', id: '65265021900023' }]);
    const entities = await logged(`${FR_DECP_REGISTER}-219740222000192019-VI2022.242`);
    const log = JSON.stringify(entities);
    expect(log).to.include('34027049500021');
    for (const name of ['denominationSociale', 'AMC FOLLIOT', '"FFF"', '"DEF"', '"ABC"']) {
      expect(JSON.stringify(record) + log).not.to.include(name);
    }
  });

  it('reports the holders that give no SIREN, by reason, and the contracts left without one', async () => {
    const done = await ingest(DECP_2024);
    expect(done.report).to.deep.include({
      marchesLus: 5,
      lignesEcartees: 0,
      concessionsNonLues: 0,
      marchesSansTitulaireIdentifiable: 0,
    });
    // A TVA holder; four `{"titulaire": "…"}` left by an XML conversion; one SIRET whose SIREN fails Luhn.
    expect((done.report as { titulairesInutilisables: unknown }).titulairesInutilisables).to.deep.equal({
      autre_type_identifiant: 5,
      siret_mal_forme: 1,
    });
    const old = await ingest(DECP_2019, '2026-12-02');
    expect((old.report as { titulairesInutilisables: unknown }).titulairesInutilisables).to.deep.equal({
      autre_type_identifiant: 2,
      siret_mal_forme: 0,
    });
  });

  it('a second pass of the same file records nothing new', async () => {
    await ingest(DECP_2024);
    const again = await ingest(DECP_2024, '2026-12-02');
    expect(again.counts).to.include({ rows: 5, recorded: 0, changed: 0, dropped: 0, unchanged: 5 });
  });
});
