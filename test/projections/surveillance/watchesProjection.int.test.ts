import { expect } from 'chai';
import { createWatch } from '../../../api/surveillance/createWatch.ts';
import { REGISTERS } from '../../../app/registers.ts';
import { watchableCountries } from '../../../app/server/watchableCountries.ts';
import { ingestBodaccExport } from '../../../ingest/fr-bodacc/ingestFrBodacc.ts';
import { createSecretBox } from '../../../ops/signing/sealedSecret.ts';
import { tableChecksum } from '../../../projections/core/tableChecksum.ts';
import { bodaccAnnoncesProjection } from '../../../projections/fr-bodacc-annonces/bodaccAnnoncesProjection.ts';
import { watchesProjection } from '../../../projections/surveillance/watchesProjection.ts';
import {
  WEBHOOK_ATTEMPTED,
  type WebhookAttemptedData,
  watchStreamOf,
} from '../../../schemas/events/watchEvents.ts';
import { targetDescription, testLogger } from '../../support/database.ts';
import {
  AUTOCARS,
  BODACC_EXPORT_1,
  BODACC_EXPORT_2,
  SOLE_TRADER,
  SUCRERIES,
} from '../../support/gazetteFixtures.ts';
import { type RunningService, startTestService } from '../../support/service.ts';

describe(`The watches' read model (${targetDescription})`, () => {
  let t: RunningService;
  let early: string;
  let late: string;
  const create = async (entities: string[]) =>
    (
      await createWatch(
        { owner: { compte: 'c' }, entities, days: 30, webhookUrl: 'https://example.org/h' },
        new Date(),
        {
          store: t.service.store,
          secrets: createSecretBox(t.service.signer),
          rules: { countries: watchableCountries(), addressPolicy: 'public' },
        },
      )
    ).surveillance;
  const ingest = (file: string, date: string) =>
    ingestBodaccExport({ knex: t.db.knex, store: t.service.store, logger: testLogger, file, date });

  before(async () => {
    t = await startTestService({
      projections: [bodaccAnnoncesProjection, watchesProjection],
      routes: [],
      registers: REGISTERS,
      payment: false,
    });
    early = await create([SUCRERIES, SOLE_TRADER]);
    await ingest(BODACC_EXPORT_1, '2026-11-16');
    late = await create([SUCRERIES, AUTOCARS]);
    await ingest(BODACC_EXPORT_2, '2026-11-20');
    await t.service.runner.caughtUp();
    const [change] = await t.db.knex('surveillance_changements').where({ surveillance: early }).limit(1);
    const attempt: WebhookAttemptedData = {
      deliveryId: change.livraison,
      watchId: early,
      pays: change.pays,
      id: change.id,
      changePosition: String(change.position),
      attempt: 1,
      attemptedAt: '2026-11-20T10:00:00.000Z',
      outcome: 'echec',
      status: 500,
      error: 'HTTP 500',
      nextAttemptAt: '2026-11-20T10:00:30.000Z',
    };
    await t.service.store.append(
      watchStreamOf(early),
      [{ type: WEBHOOK_ATTEMPTED, data: attempt }],
      'stream_exists',
    );
    await t.service.runner.caughtUp();
  });
  after(() => t.stop());

  const changesOf = async (watch: string) =>
    (await t.db.knex('surveillance_changements').where({ surveillance: watch }).orderBy('position')).map(
      (r) => `${r.id} ${r.detail.annonce}`,
    );

  it('records for a watch the changes logged after its creation, for its entities only', async () => {
    const early_ = await changesOf(early);
    // EXPORT_1: six notices of SUCRERIES and three of the sole trader; EXPORT_2: one more of SUCRERIES.
    expect(early_.filter((c) => c.startsWith(SUCRERIES))).to.have.length(7);
    expect(early_.filter((c) => c.startsWith(SOLE_TRADER))).to.have.length(3);
    expect(await changesOf(late)).to.deep.equal([`${SUCRERIES} A2026022158`, `${AUTOCARS} B20260222912`]);
  });

  it('keeps the secret sealed: no column holds it in the clear', async () => {
    const row = await t.db.knex('surveillances').where({ id: early }).first();
    expect(row.secret_scelle).to.match(/^v1\./);
    expect(createSecretBox(t.service.signer).open(row.secret_scelle)).to.have.length(43);
  });

  it('rebuilds to the same bytes: truncate and replay gives every table the same checksum', async () => {
    const before = await Promise.all(
      watchesProjection.tables.map((table) => tableChecksum(t.db.knex, table)),
    );
    await t.service.runner.rebuild(watchesProjection.name);
    const after = await Promise.all(watchesProjection.tables.map((table) => tableChecksum(t.db.knex, table)));
    expect(after).to.deep.equal(before);
    const { rows } = await t.db.knex.raw('select count(*)::int as n from surveillance_tentatives');
    expect(rows[0].n).to.equal(1);
  });
});
