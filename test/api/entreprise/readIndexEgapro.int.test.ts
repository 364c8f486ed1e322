import { expect } from 'chai';
import { readIndexEgapro } from '../../../api/routes/entreprise/readIndexEgapro.ts';
import { sha256OfFile } from '../../../ingest/core/upstreamFile.ts';
import { ingestFrEgapro } from '../../../ingest/fr-egapro/ingestFrEgapro.ts';
import { EGAPRO_INDEX_TABLE, egaproProjection } from '../../../projections/fr-egapro/egaproProjection.ts';
import { EGAPRO_CURRENT } from '../../ingest/fr-egapro/egaproFixtures.ts';
import { targetDescription } from '../../support/database.ts';
import { openSnapshotPassBed, type SnapshotPassBed } from '../../support/snapshotPassBed.ts';
import { aloneThenTogether, snapshotsReadOnce } from '../../support/statementsSent.ts';

describe(`index_egapro of the French profile (${targetDescription})`, () => {
  let bed: SnapshotPassBed;
  const now = new Date('2026-11-10T12:00:00Z');
  const read = (siren: string, at = now) => readIndexEgapro(bed.knex, siren, { now: at });

  before(async () => {
    bed = await openSnapshotPassBed([egaproProjection]);
  });
  after(() => bed.close());

  it('before any complete pass the block is absent, copie_indisponible', async () => {
    const reading = await read('356000000');
    expect(reading.value).to.equal(null);
    expect(reading.absent).to.include({ bloc: 'index_egapro', raison: 'copie_indisponible' });
  });

  describe('after a pass of the export', () => {
    before(() => bed.pass(ingestFrEgapro, EGAPRO_CURRENT, '2026-11-01'));

    it('serves every year of a company, latest first, with the pass as provenance', async () => {
      const reading = await read('356000000');
      expect(reading.absent).to.equal(null);
      expect(reading.value).to.deep.equal(
        [2022, 2021, 2020, 2019, 2018].map((annee) => ({ annee, note: 94 })),
      );
      expect(reading.provenance).to.deep.equal([
        {
          registre: 'fr.egapro',
          version: '2026-11-01',
          empreinte_sha256: await sha256OfFile(EGAPRO_CURRENT),
          date_photo: '2026-11-01',
        },
      ]);
    });

    it('a year published NC (not computable) is served with a null note, not left out', async () => {
      expect((await read('123456782')).value).to.deep.equal([{ annee: 2021, note: null }]);
    });

    it('a UES’s index is marked as the UES’s, on the declarant and on each member it lists', async () => {
      const ues = { annee: 2023, note: 99, ues: { siren_declarant: '501615355', nom: 'UES OCS OPTV OS' } };
      expect((await read('501615355')).value).to.deep.equal([ues]);
      expect((await read('539311373')).value).to.deep.equal([ues]);
      expect((await read('440419240')).value).to.deep.equal([ues]);
    });

    it('companies asked for at once share one statement, each with its own index, a UES member’s included', async () => {
      const sirens = [
        '356000000',
        '123456782',
        '501615355',
        '539311373',
        '440419240',
        '552032534',
        '356000000',
      ];
      const readSnapshots = snapshotsReadOnce(bed.knex);
      const readCached = (siren: string) => readIndexEgapro(bed.knex, siren, { now, readSnapshots });
      const { alone, together, statements } = await aloneThenTogether(bed.knex, sirens, readCached, (sql) =>
        sql.includes(EGAPRO_INDEX_TABLE),
      );
      expect(together).to.deep.equal(alone);
      expect(statements).to.have.length(1);
      expect(alone.map((r) => r.value?.length ?? null)).to.deep.equal([5, 1, 1, 1, 1, null, 5]);
    });

    it('a member’s own declaration for a year comes before the UES’s', async () => {
      await bed.knex.raw(
        `insert into ${EGAPRO_INDEX_TABLE} (id, siren, annee, note, non_calculable, structure, est_ues, ues_nom, ues_membres)
         values ('539311373-2023', '539311373', 2023, 80, false, 'Entreprise', false, null, '{}')`,
      );
      try {
        expect((await read('539311373')).value).to.deep.equal([{ annee: 2023, note: 80 }]);
      } finally {
        await bed.knex.raw(`delete from ${EGAPRO_INDEX_TABLE} where id = '539311373-2023'`);
      }
    });

    it('a company the export names nowhere is absent, aucune_donnee, with the provenance of the file read', async () => {
      const reading = await read('552032534');
      expect(reading.value).to.equal(null);
      expect(reading.absent).to.include({ bloc: 'index_egapro', raison: 'aucune_donnee' });
      expect(reading.provenance).to.have.length(1);
    });

    it('a copy older than the 45-day threshold is not served: copie_indisponible', async () => {
      const reading = await read('356000000', new Date('2026-12-17T00:00:00Z'));
      expect(reading.value).to.equal(null);
      expect(reading.absent).to.include({ raison: 'copie_indisponible' });
      expect(reading.absent!.message).to.contain('46 jours');
    });

    it('an unreadable read table gives copie_indisponible, never an error', async () => {
      await bed.knex.raw(`alter table ${EGAPRO_INDEX_TABLE} rename to fr_egapro_index_hidden`);
      try {
        const reading = await read('356000000');
        expect(reading.value).to.equal(null);
        expect(reading.absent).to.include({ bloc: 'index_egapro', raison: 'copie_indisponible' });
      } finally {
        await bed.knex.raw(`alter table fr_egapro_index_hidden rename to ${EGAPRO_INDEX_TABLE}`);
      }
    });
  });
});
