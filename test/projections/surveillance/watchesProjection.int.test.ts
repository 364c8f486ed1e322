import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { expect } from 'chai';
import { createWatch } from '../../../api/surveillance/createWatch.ts';
import { REGISTERS } from '../../../app/registers.ts';
import { watchableCountries } from '../../../app/server/watchableCountries.ts';
import { PRH_RECORDINGS } from '../../../ingest/fi-prh/fiPrhLive.ts';
import { extractPrh } from '../../../ingest/fi-prh/prhProfile.ts';
import { ingestBodaccExport } from '../../../ingest/fr-bodacc/ingestFrBodacc.ts';
import { createSecretBox } from '../../../ops/signing/sealedSecret.ts';
import { tableChecksum } from '../../../projections/core/tableChecksum.ts';
import { bodaccAnnoncesProjection } from '../../../projections/fr-bodacc-annonces/bodaccAnnoncesProjection.ts';
import { watchesProjection } from '../../../projections/surveillance/watchesProjection.ts';
import {
  LIVE_RECORD_OBSERVED,
  type LiveRecordObservedData,
  liveStreamOf,
} from '../../../schemas/events/liveEvents.ts';
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
import { statementsSent } from '../../support/statementsSent.ts';

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

  it('records a live register’s observation of a watched company only when it differs from the previous one', async () => {
    const id = '0112038-9';
    const url = `https://avoindata.prh.fi/opendata-ytj-api/v3/companies?businessId=${id}`;
    const raw = fs.readFileSync(path.join(PRH_RECORDINGS.folder, `companies_businessId-${id}.json`));
    const recorded = extractPrh(200, JSON.parse(raw.toString('utf8')), url) as { evenements?: unknown[] };
    expect(recorded.evenements?.length).to.be.greaterThan(1);
    // The same answer as it stood before its latest event: the recorded one, its first event left out.
    const earlier = { ...recorded, evenements: recorded.evenements!.slice(1) };
    const observe = (record: unknown, observedAt: string) => {
      const data: LiveRecordObservedData = {
        register: 'fi.prh',
        url,
        status: 200,
        observedAt,
        bodySha256: createHash('sha256').update(JSON.stringify(record)).digest('hex'),
        record,
      };
      const stream = liveStreamOf('fi.prh', createHash('sha256').update(url).digest('hex'));
      return t.service.store.append(stream, [{ type: LIVE_RECORD_OBSERVED, data }], 'any');
    };
    const finnish = (
      await createWatch({ owner: { compte: 'c' }, entities: [{ pays: 'FI', id }], days: 30 }, new Date(), {
        store: t.service.store,
        secrets: createSecretBox(t.service.signer),
        rules: { countries: watchableCountries(), addressPolicy: 'public' },
      })
    ).surveillance;
    await observe(earlier, '2026-11-20T09:00:00.000Z');
    await observe(earlier, '2026-11-20T10:00:00.000Z');
    await observe(recorded, '2026-11-21T09:00:00.000Z');
    await observe(recorded, '2026-11-21T10:00:00.000Z');
    await t.service.runner.caughtUp();
    const rows = await t.db.knex('surveillance_changements').where({ surveillance: finnish });
    expect(rows.map((r) => [r.registre, r.genre, r.detail.observe_le])).to.deep.equal([
      ['fi.prh', 'observation_differente', '2026-11-21T09:00:00.000Z'],
    ]);
  });

  it('passes over a live observation that profiles no company (a VAT check) without a transaction', async () => {
    const url = 'https://ec.europa.eu/taxation_customs/vies/rest-api/ms/FR/vat/40303265045';
    const data: LiveRecordObservedData = {
      register: 'eu.vies',
      url,
      status: 200,
      observedAt: '2026-11-21T09:00:00.000Z',
      bodySha256: 'a'.repeat(64),
      record: { kind: 'eu-vies-verification', valid: true },
    };
    const stream = liveStreamOf('eu.vies', createHash('sha256').update(url).digest('hex'));
    const { statements } = await statementsSent(
      t.db.knex,
      (sql) => /^begin/i.test(sql),
      async () => {
        const appended = await t.service.store.append(stream, [{ type: LIVE_RECORD_OBSERVED, data }], 'any');
        if (!appended.ok) throw new Error('not appended');
        await t.service.runner.caughtUp(appended.lastPosition);
      },
    );
    expect(statements).to.deep.equal([]);
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
