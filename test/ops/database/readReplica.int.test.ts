import { expect } from 'chai';
import type { Knex } from 'knex';
import { loadPaymentConfig } from '../../../api/payment/paymentConfig.ts';
import { REGISTERS } from '../../../app/registers.ts';
import { accountStream } from '../../../ops/accounts/accountEvents.ts';
import { openAccount } from '../../../ops/accounts/openAccount.ts';
import { loadConfig } from '../../../ops/config.ts';
import { openDatabase } from '../../../ops/database/openDatabase.ts';
import { readSnapshotStates } from '../../../projections/core/snapshotState.ts';
import { testLogger } from '../../support/database.ts';
import {
  type PostgresReplicaPair,
  postgresBinaries,
  startPostgresReplicaPair,
} from '../../support/postgresReplicaPair.ts';
import { type RunningService, startTestService } from '../../support/service.ts';
import { ingestWidgets, WIDGETS, widgetRoute, widgetsProjection } from '../../support/widgetRegister.ts';

// A server-only suite: it builds its own primary and replica from the PostgreSQL installation that serves
// DATABASE_URL (the machine's server accepts no replication connections, and its configuration is not ours).
const binaries = postgresBinaries();
const skipReason = !process.env.DATABASE_URL
  ? 'DATABASE_URL is unset: this suite runs only against a PostgreSQL server installation'
  : 'unavailable' in binaries
    ? binaries.unavailable
    : null;

// biome-ignore lint/suspicious/noExplicitAny: decoded wire JSON, checked field by field
type Json = Record<string, any>;

describe(`routes read from a streaming replica (DATABASE_READ_URL)${skipReason ? ` — skipped: ${skipReason}` : ''}`, function () {
  this.timeout(120_000);
  let pair: PostgresReplicaPair;
  let t: RunningService;
  let key: string;
  // The snapshot of 2026-11-01 is 19 days old on the 20th, within the widgets' 30-day threshold.
  let clock = new Date('2026-11-20T10:00:00Z');

  const get = async (id: string, apiKey = key) => {
    const res = await fetch(`${t.baseUrl}/v1/test/widget/${id}`, { headers: { 'X-Api-Key': apiKey } });
    return { res, body: (await res.json()) as Json };
  };
  /** Events of one type in one stream, counted on one side of the pair. */
  const countEvents = async (side: 'primary' | 'replica', streamId: string, type: string) => {
    const knex = side === 'primary' ? t.db.knex : t.db.readKnex!;
    const { rows } = await knex.raw<{ rows: { count: string }[] }>(
      'select count(*) as count from events where stream_id = ? and type = ?',
      [streamId, type],
    );
    return Number(rows[0]?.count);
  };

  before(async function () {
    if (skipReason) this.skip();
    pair = await startPostgresReplicaPair();
    const config = loadConfig({ DATABASE_URL: pair.primaryUrl, DATABASE_READ_URL: pair.replicaUrl });
    const db = await openDatabase(config, testLogger);
    t = await startTestService({
      db,
      projections: [widgetsProjection],
      routes: [widgetRoute],
      registers: [...REGISTERS, WIDGETS],
      // Keys only, every call charged to credits (no free quota): each answer writes a charge.
      payment: { ...loadPaymentConfig({}), payTo: null, freeCallsPerMonth: 0 },
      now: () => clock,
    });
    await ingestWidgets(t.service.store, { version: '2026-11-01' });
    ({ key } = await openAccount(t.service.store, { credits: 1_000_000, now: clock }));
    await t.service.runner.caughtUp();
    await pair.caughtUp();
  });
  after(async () => {
    await t?.stop();
    await pair?.stop();
  });

  it('a priced route answers rows the replica has replayed from the primary', async () => {
    const { res, body } = await get('0001');
    expect(res.status, JSON.stringify(body)).to.equal(200);
    expect(body.name).to.equal('Premier');
    expect(body.provenance[0]).to.include({ registre: WIDGETS.code, version: '2026-11-01' });
  });

  describe('while the replica has stopped replaying and the primary has moved on', () => {
    before(async () => {
      await pair.pauseReplay();
      const last = await ingestWidgets(t.service.store, {
        version: '2026-11-18',
        widgets: [
          ['0001', 'Premier, renommé'],
          ['0003', 'Troisième'],
        ],
      });
      await t.service.runner.caughtUp(last);
    });

    it('a row only the primary holds is not served', async () => {
      expect(await t.db.knex('test_widgets').where({ id: '0003' }).first()).to.include({ name: 'Troisième' });
      const { res, body } = await get('0003');
      expect(res.status).to.equal(404);
      expect(body.error).to.equal('entreprise_inconnue');
    });

    it('rows and provenance are what the replica has applied, not the primary’s newer snapshot', async () => {
      const [primary] = await readSnapshotStates(t.db.knex, {
        projections: [widgetsProjection.name],
        registers: [WIDGETS.code],
      });
      expect(primary?.current?.version).to.equal('2026-11-18');
      const { res, body } = await get('0001');
      expect(res.status).to.equal(200);
      expect(body.name).to.equal('Premier');
      expect(body.provenance).to.have.length(1);
      expect(body.provenance[0]).to.include({ version: '2026-11-01', date_photo: '2026-11-01' });
    });

    it('a key issued on the primary works at once and its charge is written there', async () => {
      const opened = await openAccount(t.service.store, { credits: 1_000_000, now: clock });
      await t.service.runner.caughtUp();
      const { res } = await get('0002', opened.key);
      expect(res.status).to.equal(200);
      expect(res.headers.get('x-credits-charged')).to.equal('0.005');
      // A balance of 200 calls is served from a lease: the charge is appended with the next batch.
      await t.service.ledger?.flush();
      const stream = accountStream(opened.accountId);
      expect(await countEvents('primary', stream, 'CallsCharged')).to.equal(1);
      expect(await countEvents('replica', stream, 'CallsCharged')).to.equal(0);
    });

    it('the served log is written on the primary', async () => {
      const { res } = await get('0002');
      expect(res.status).to.equal(200);
      await t.service.servedLog.flush();
      // The `Signature` member value without its label, as the served log keeps it.
      const signature = res.headers.get('signature')?.replace(/^[^=]+=/, '');
      const served = async (knex: Knex) =>
        (await knex('events').where({ type: 'ResponseServed' }).select('data')).map(
          (row: { data: { signature: string } }) => row.data.signature,
        );
      expect(await served(t.db.knex)).to.include(signature);
      expect(await served(t.db.readKnex!)).not.to.include(signature);
    });

    it('a replica lagging beyond the route’s threshold answers its staleness error, not fresh data', async () => {
      // 39 days after the replica's snapshot, 22 after the primary's: only the replica's is too old.
      clock = new Date('2026-12-10T10:00:00Z');
      const { res, body } = await get('0001');
      expect(res.status).to.equal(503);
      expect(body).to.include({
        error: 'photo_perimee',
        registre: WIDGETS.code,
        date_photo: '2026-11-01',
        seuil_jours: 30,
      });
    });
  });

  describe('once the replica replays again', () => {
    before(async () => {
      await pair.resumeReplay();
      await pair.caughtUp();
    });

    it('the route serves the newer snapshot, fresh again', async () => {
      // Snapshot states read on a replica are kept about a second (composeService): wait for the answer to follow.
      let answer = await get('0001');
      while (answer.res.status === 503) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        answer = await get('0001');
      }
      expect(answer.res.status).to.equal(200);
      expect(answer.body.name).to.equal('Premier, renommé');
      expect(answer.body.provenance[0]).to.include({ version: '2026-11-18' });
    });
  });

  describe('with the replica down', () => {
    before(() => pair.stopReplica());

    it('the routes reading it answer 503 base_indisponible', async () => {
      const { res, body } = await get('0001');
      expect(res.status).to.equal(503);
      expect(body.error).to.equal('base_indisponible');
    });
  });
});
