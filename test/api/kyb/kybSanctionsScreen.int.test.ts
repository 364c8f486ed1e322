import { expect } from 'chai';
import type { UnitRow } from '../../../api/routes/entreprise/unitFields.ts';
import { kybSanctionsScreen } from '../../../api/routes/kyb/kybSanctionsScreen.ts';
import { kybSignalsOf } from '../../../api/routes/kyb/kybSignals.ts';
import { REGISTERS } from '../../../app/registers.ts';
import type { ProjectionRunner } from '../../../projections/core/projectionRunner.ts';
import type { TestBed } from '../../projections/core/testBed.ts';
import { openSanctionsBed } from '../../projections/sanctions/sanctionsBed.ts';
import { targetDescription } from '../../support/database.ts';

describe(`KYB screening on the real sanctions lists (${targetDescription})`, () => {
  let bed: TestBed;
  let runner: ProjectionRunner;
  before(async () => {
    ({ bed, runner } = await openSanctionsBed());
  });
  after(async () => {
    await runner?.stop();
    await bed?.close();
  });

  it('screens the company, a legal-person officer and a parent, each hit named by who matched', async () => {
    const reading = await kybSanctionsScreen(
      bed.knex,
      [
        {
          qualite: 'entreprise',
          denomination: 'SOCIETE DES SUCRERIES DU MARQUENTERRE',
          siren: '005420120',
          lei: null,
        },
        // A listed association, by the SIREN the French register publishes, as an officer.
        { qualite: 'dirigeant', denomination: 'ASSOCIATION JONAS PARIS', siren: '889271375', lei: null },
        // A listed entity, by its EU alias, as the declared ultimate parent.
        { qualite: 'mere_ultime', denomination: 'IBDA-C', siren: null, lei: null },
      ],
      REGISTERS,
    );
    expect(reading.absent).to.equal(null);
    const hits = reading.value!.hits;
    expect(hits.map((h) => [h.qualite, h.liste, h.entree, h.methode])).to.deep.equal([
      ['dirigeant', 'fr.gels', '7463', 'identifiant'],
      ['mere_ultime', 'eu.fsf', 'EU.3523.13', 'nom_exact_normalise'],
    ]);
    expect(
      reading.value!.listes.map((l) => [l.registre, l.version !== '', l.date_publication]),
    ).to.deep.equal([
      ['eu.fsf', true, '2018-12-21'],
      ['fr.gels', true, '2026-05-31'],
    ]);
    expect(reading.value!.listes.every((l) => /^[0-9a-f]{64}$/.test(l.empreinte_sha256 ?? ''))).to.equal(
      true,
    );
    const flags = kybSignalsOf({
      unit: { etat_administratif: 'A', date_creation: '1955-01-01' } as UnitRow,
      alertes: [],
      vat: null,
      hits,
      now: new Date('2026-12-02T00:00:00Z'),
    });
    expect(flags.map((f) => [f.code, f.source, f.reference])).to.deep.equal([
      ['sanction_dirigeant', 'fr.gels', '7463'],
      ['sanction_mere', 'eu.fsf', 'EU.3523.13'],
    ]);
  });

  it('a candidate with neither name nor identifier is not screened and matches nothing', async () => {
    const reading = await kybSanctionsScreen(
      bed.knex,
      [{ qualite: 'dirigeant', denomination: null, siren: null, lei: null }],
      REGISTERS,
    );
    expect(reading.value!.hits).to.deep.equal([]);
  });
});
