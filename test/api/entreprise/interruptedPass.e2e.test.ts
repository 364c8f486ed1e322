import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'chai';
import { ENTREPRISE_ROUTES } from '../../../api/routes/entreprise.ts';
import { generateSireneFiles } from '../../../bench/sirene/generateSireneFiles.ts';
import { ingestFrSirene } from '../../../ingest/fr-sirene/ingestFrSirene.ts';
import { EVENTS_CHANNEL } from '../../../ops/eventstore/postgres/schema.ts';
import { etablissementsProjection } from '../../../projections/fr-sirene-etablissements/etablissementsProjection.ts';
import { unitesLegalesProjection } from '../../../projections/fr-sirene-unites-legales/unitesLegalesProjection.ts';
import { ENTITY_RECORDED } from '../../../schemas/events/entityEvents.ts';
import { snapshotStreamId } from '../../../schemas/events/snapshotEvents.ts';
import { targetDescription, testLogger } from '../../support/database.ts';
import { bundledRegistresArgv } from '../../support/serveProcess.ts';
import { type RunningService, startTestService } from '../../support/service.ts';
import { removeTempDirs, tempDir } from '../../support/sireneFiles.ts';
import { ETABLISSEMENTS_SAMPLE, UNITES_LEGALES_SAMPLE } from '../../support/sireneSample.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const SAMPLE_SIREN = '005420021';

/**
 * A real `registres ingest fr-sirene` process killed (SIGKILL) in the middle of its pass: the previous
 * snapshot stays served, whole, and the next pass completes cleanly.
 */
describe(`Sirene pass killed midway (${targetDescription})`, () => {
  let t: RunningService;
  let generated: Awaited<ReturnType<typeof generateSireneFiles>>;

  before(async function () {
    this.timeout(120_000);
    t = await startTestService({
      projections: [unitesLegalesProjection, etablissementsProjection],
      routes: ENTREPRISE_ROUTES,
      payment: false,
      now: () => new Date('2026-11-20T10:00:00Z'),
    });
    await ingestFrSirene({
      knex: t.db.knex,
      store: t.service.store,
      logger: testLogger,
      unitesLegales: UNITES_LEGALES_SAMPLE,
      etablissements: ETABLISSEMENTS_SAMPLE,
      version: '2026-11-01',
      progress: false,
    });
    await t.service.runner.caughtUp();
    generated = await generateSireneFiles({ dir: await tempDir(), rows: 4_000 });
  });
  after(async () => {
    await t.stop();
    await removeTempDirs();
  });

  const get = async (p: string) => {
    const res = await fetch(`${t.baseUrl}${p}`);
    // biome-ignore lint/suspicious/noExplicitAny: decoded wire JSON, checked field by field
    return { status: res.status, body: (await res.json()) as Record<string, any> };
  };
  const entityEventsOf = async (version: string) =>
    Number(
      (
        await t.db.knex.raw(
          `select count(*) as n from events where type = 'EntityRecorded' and metadata->>'snapshotVersion' = ?`,
          [version],
        )
      ).rows[0].n,
    );

  it('leaves the previous snapshot served, and a later pass completes cleanly', async function () {
    this.timeout(240_000);
    // The log's own wake-up says when the child's first entity events are committed: no polling.
    let firstEntityEvents!: () => void;
    const entityEventsCommitted = new Promise<void>((resolve) => {
      firstEntityEvents = resolve;
    });
    const unlisten = await t.db.notifications.listen(EVENTS_CHANNEL, (payload) => {
      if (payload.split(' ')[3]?.split(',').includes(ENTITY_RECORDED)) firstEntityEvents();
    });
    const child: ChildProcess = spawn(
      process.execPath,
      await bundledRegistresArgv([
        'ingest',
        'fr-sirene',
        '--unites-legales',
        generated.unitesLegales,
        '--etablissements',
        generated.etablissements,
        '--version',
        '2026-11-15',
        '--batch-size',
        '200',
      ]),
      { cwd: ROOT, env: { ...process.env, DATABASE_URL: t.db.url, LOG_LEVEL: 'silent' }, stdio: 'ignore' },
    );
    const exited = once(child, 'exit');
    const first = await Promise.race([
      entityEventsCommitted.then(() => 'entity events' as const),
      exited.then(() => 'exit' as const),
    ]);
    await unlisten();
    if (first === 'exit') throw new Error('the ingest process ended before it could be killed');
    child.kill('SIGKILL');
    const [code, signal] = await exited;
    expect([code, signal]).to.deep.equal([null, 'SIGKILL']);
    await t.service.runner.caughtUp();

    // Part of the new pass is in the log; none of it is served.
    expect(await entityEventsOf('2026-11-15')).to.be.greaterThan(0);
    const before = await get(`/v1/entreprise/${SAMPLE_SIREN}`);
    expect(before.status).to.equal(200);
    expect(before.body.provenance[0].version).to.equal('2026-11-01');
    expect((await get(`/v1/entreprise/${generated.sampleSirens[0]}`)).status).to.equal(404);
    const dictionary = await get('/v1/provenance/registres');
    const sirene = dictionary.body.registres.find((r: { code: string }) => r.code === 'fr.sirene');
    expect(sirene.derniere_photo.version).to.equal('2026-11-01');
    expect(sirene.collecte_en_cours.version).to.equal('2026-11-15');

    // The next pass abandons the killed one and completes.
    const done = await ingestFrSirene({
      knex: t.db.knex,
      store: t.service.store,
      logger: testLogger,
      unitesLegales: generated.unitesLegales,
      etablissements: generated.etablissements,
      version: '2026-11-15',
      progress: false,
    });
    expect(done.counts).to.include({
      rows: generated.units + generated.establishments,
      recorded: generated.units + generated.establishments,
      changed: 0,
      dropped: 599,
    });
    const frame = (await t.service.store.readStream(snapshotStreamId('fr.sirene'))).map((e) => e.type);
    expect(frame).to.deep.equal([
      'SnapshotStarted',
      'SnapshotCompleted',
      'SnapshotStarted',
      'SnapshotAbandoned',
      'SnapshotStarted',
      'SnapshotCompleted',
    ]);
    await t.service.runner.caughtUp();
    const after = await get(`/v1/entreprise/${generated.sampleSirens[0]}`);
    expect(after.status).to.equal(200);
    expect(after.body.provenance[0].version).to.equal('2026-11-15');
    expect((await get(`/v1/entreprise/${SAMPLE_SIREN}`)).body.error).to.equal('entreprise_inconnue');
  });
});
