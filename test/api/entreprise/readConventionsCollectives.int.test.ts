import fs from 'node:fs';
import { expect } from 'chai';
import { readConventionsCollectives } from '../../../api/routes/entreprise/readConventionsCollectives.ts';
import { ingestFrSiretIdcc } from '../../../ingest/fr-siret-idcc/ingestFrSiretIdcc.ts';
import {
  SIRET_IDCC_TABLE,
  siretIdccProjection,
} from '../../../projections/fr-siret-idcc/siretIdccProjection.ts';
import { IDCC_2019 } from '../../ingest/fr-siret-idcc/siretIdccFixtures.ts';
import { targetDescription } from '../../support/database.ts';
import { openSnapshotPassBed, type SnapshotPassBed } from '../../support/snapshotPassBed.ts';
import { aloneThenTogether, snapshotsReadOnce } from '../../support/statementsSent.ts';

const MONTH_NOTE = /mois 2019-04 .*\/ IDCC codes declared in the DSN .*month 2019-04/;

describe(`conventions_collectives of the French profile (${targetDescription})`, () => {
  let bed: SnapshotPassBed;
  const now = new Date('2026-11-10T12:00:00Z');
  const read = (siren: string, at = now) => readConventionsCollectives(bed.knex, siren, { now: at });

  before(async () => {
    bed = await openSnapshotPassBed([siretIdccProjection]);
  });
  after(() => bed.close());

  it('before any complete pass the block is absent, copie_indisponible', async () => {
    const reading = await read('356000000');
    expect(reading.value).to.equal(null);
    expect(reading.absent).to.include({ bloc: 'conventions_collectives', raison: 'copie_indisponible' });
  });

  describe('after a pass of the April 2019 file', () => {
    before(() => bed.pass(ingestFrSiretIdcc, IDCC_2019, '2026-11-01'));

    it('every company of the real file gets the distinct codes of its establishments, trimmed and sorted', async () => {
      const expected = new Map<string, Set<string>>();
      for (const line of fs.readFileSync(IDCC_2019, 'utf8').trim().split('\n').slice(1)) {
        const [, siret, idcc] = line.split(',');
        const codes = expected.get(siret!.slice(0, 9)) ?? new Set<string>();
        codes.add(idcc!.trim().padStart(4, '0'));
        expected.set(siret!.slice(0, 9), codes);
      }
      expect(expected.size).to.equal(64);
      for (const [siren, codes] of expected) {
        const reading = await read(siren);
        expect(reading.value?.conventions_collectives, siren).to.deep.equal([...codes].sort());
      }
    });

    it('every company of the real file asked for at once: one statement, each its own codes, one SIREN absent', async () => {
      const sirens = [
        ...new Set(
          fs
            .readFileSync(IDCC_2019, 'utf8')
            .trim()
            .split('\n')
            .slice(1)
            .map((line) => line.split(',')[1]!.slice(0, 9)),
        ),
        '552032534',
      ];
      const readSnapshots = snapshotsReadOnce(bed.knex);
      const readCached = (siren: string) =>
        readConventionsCollectives(bed.knex, siren, { now, readSnapshots });
      const { alone, together, statements } = await aloneThenTogether(bed.knex, sirens, readCached, (sql) =>
        sql.includes(SIRET_IDCC_TABLE),
      );
      expect(together).to.deep.equal(alone);
      expect(statements).to.have.length(2);
      expect(alone.at(-1)!.absent).to.include({ raison: 'aucune_donnee' });
    });

    it('La Poste: its one code and the note on the DSN month, with the pass as provenance', async () => {
      const reading = await read('356000000');
      expect(reading.value!.conventions_collectives).to.deep.equal(['5516']);
      expect(reading.value!.conventions_collectives_notes).to.have.length(1);
      expect(reading.value!.conventions_collectives_notes[0]!.idcc).to.equal(null);
      expect(reading.value!.conventions_collectives_notes[0]!.note).to.match(MONTH_NOTE);
      expect(reading.provenance[0]).to.include({ registre: 'fr.siret-idcc', version: '2026-11-01' });
    });

    it('an establishment declaring several agreements gives each code once', async () => {
      expect((await read('821611431')).value!.conventions_collectives).to.deep.equal(['1483', '1486']);
    });

    it('9999 (no agreement) is served as a code and explained in the notes', async () => {
      const reading = await read('509521092');
      expect(reading.value!.conventions_collectives).to.deep.equal(['9999']);
      expect(reading.value!.conventions_collectives_notes[1]).to.deep.include({ idcc: '9999' });
      expect(reading.value!.conventions_collectives_notes[1]!.note).to.match(/aucune convention collective/);
    });

    it('the code published as "0" is served on 4 digits and said to be no IDCC of the nomenclature', async () => {
      const reading = await read('788059376');
      expect(reading.value!.conventions_collectives).to.deep.equal(['0000', '0413']);
      expect(reading.value!.conventions_collectives_notes.map((n) => n.idcc)).to.deep.equal([null, '0000']);
    });

    it('the state codes 5100, 5501 and 9998 each get their note', async () => {
      await bed.knex.raw(
        `insert into ${SIRET_IDCC_TABLE} (id, siren, siret, idcc, mois) values
           ('99999999900011-5100', '999999999', '99999999900011', '5100', '2019-04'),
           ('99999999900011-5501', '999999999', '99999999900011', '5501', '2019-04'),
           ('99999999900029-9998', '999999999', '99999999900029', '9998', '2019-04')`,
      );
      try {
        const notes = (await read('999999999')).value!.conventions_collectives_notes;
        expect(notes.map((n) => n.idcc)).to.deep.equal([null, '5100', '5501', '9998']);
        expect(notes[1]!.note).to.match(/statut divers ou non précisé/);
        expect(notes[2]!.note).to.match(/convention d’entreprise indépendante/);
        expect(notes[3]!.note).to.match(/non encore en vigueur/);
      } finally {
        await bed.knex.raw(`delete from ${SIRET_IDCC_TABLE} where siren = '999999999'`);
      }
    });

    it('a company with no establishment in the file is absent, aucune_donnee, never an empty list', async () => {
      const reading = await read('552032534');
      expect(reading.value).to.equal(null);
      expect(reading.absent).to.include({ bloc: 'conventions_collectives', raison: 'aucune_donnee' });
      expect(reading.provenance).to.have.length(1);
    });

    it('a copy older than the 45-day threshold is not served: copie_indisponible', async () => {
      const reading = await read('356000000', new Date('2026-12-17T00:00:00Z'));
      expect(reading.absent).to.include({ raison: 'copie_indisponible' });
    });

    it('an unreadable read table gives copie_indisponible, never an error', async () => {
      await bed.knex.raw(`alter table ${SIRET_IDCC_TABLE} rename to fr_siret_idcc_hidden`);
      try {
        const reading = await read('356000000');
        expect(reading.absent).to.include({ raison: 'copie_indisponible' });
      } finally {
        await bed.knex.raw(`alter table fr_siret_idcc_hidden rename to ${SIRET_IDCC_TABLE}`);
      }
    });
  });
});
