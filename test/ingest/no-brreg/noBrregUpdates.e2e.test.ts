import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'chai';
import { runIngestCommand } from '../../../app/cli/ingestCommand.ts';
import { ingestNoBrreg } from '../../../ingest/no-brreg/ingestNoBrreg.ts';
import { ingestNoBrregUpdates } from '../../../ingest/no-brreg/ingestNoBrregUpdates.ts';
import { noBrregUpdatesIngestSpec } from '../../../ingest/no-brreg/noBrregUpdatesCommand.ts';
import type { CliContext } from '../../../ops/commandContext.ts';
import { loadConfig } from '../../../ops/config.ts';
import { countEstablishments } from '../../../projections/no-brreg/noBrregEstablishments.ts';
import { NO_ESTABLISHMENTS } from '../../../projections/no-brreg/noBrregProjection.ts';
import { SNAPSHOT_STARTED, snapshotStreamId } from '../../../schemas/events/snapshotEvents.ts';
import type { UpdatesAppliedData } from '../../../schemas/events/updateEvents.ts';
import { targetDescription, testLogger } from '../../support/database.ts';
import {
  BRREG_ENHETER_SAMPLE,
  BRREG_UNDERENHETER_SAMPLE,
  getJson,
  startEuropeService,
} from '../../support/europeService.ts';
import type { RunningService } from '../../support/service.ts';

const feed = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../fixtures/no-brreg/oppdateringer',
);
const FILES = {
  oppdateringer: ['enheter-side-1.json', 'enheter-side-0.json', 'underenheter-side-0.json'].map((f) =>
    path.join(feed, f),
  ),
  enheter: [path.join(feed, 'enheter-dokumenter.json')],
};

describe(`Norway: recorded pages of the update feed (oppdateringer) on top of the bulk pass (${targetDescription})`, () => {
  let t: RunningService;
  const ctx = () => ({ knex: t.db.knex, store: t.service.store, logger: testLogger });
  const bulk = (date: string) =>
    ingestNoBrreg({
      ...ctx(),
      files: { enheter: BRREG_ENHETER_SAMPLE, underenheter: BRREG_UNDERENHETER_SAMPLE },
      snapshotDate: date,
    });
  const profile = (id: string) => getJson(`${t.baseUrl}/v1/eu/entreprise/NO/${id}`);

  before(async () => {
    t = await startEuropeService(new Date('2026-11-20T10:00:00Z'));
  });
  after(() => t.stop());

  it('is refused before any completed bulk pass, and nothing is written', async () => {
    const error = await ingestNoBrregUpdates({ ...ctx(), files: FILES }).catch((e: Error) => e);
    expect(String(error)).to.contain('no completed snapshot pass');
    expect(await t.service.store.headPosition()).to.equal(0n);
  });

  describe('applied on the bulk pass of 2026-11-18', () => {
    let applied: UpdatesAppliedData;
    before(async () => {
      await bulk('2026-11-18');
      applied = await ingestNoBrregUpdates({ ...ctx(), files: FILES });
      await t.service.runner.caughtUp();
    });

    it('each update becomes the entity event a bulk file would give, in feed order across pages', () => {
      expect(applied.counts).to.deep.equal({
        updates: 10,
        recorded: 1,
        changed: 4,
        dropped: 3,
        unchanged: 0,
        unresolved: 2,
      });
      expect([applied.firstUpdateId, applied.lastUpdateId]).to.deep.equal(['14757180', '24720478']);
    });

    it('a patched name and address line are served; a later page’s VAT change lands on the CSV’s field', async () => {
      const { res, body } = await profile('998543118');
      expect(res.status).to.equal(200);
      expect(body).to.deep.include({ denomination: 'BYGGVISUALISERING NORGE AS' });
      expect(body.adresse_siege).to.deep.include({ adresse: 'Yorkstien 6', ville: 'SANDEFJORD' });
      expect(body.identifiants.tva).to.equal(null);
    });

    it('a unit put under winding up by the feed is en_cessation with the brreg flag as detail', async () => {
      const { body } = await profile('919950757');
      expect([body.statut, body.statut_detail]).to.deep.equal(['en_cessation', 'underAvvikling']);
    });

    it('Sletting and Fjernet take the unit out: 404 entreprise_inconnue', async () => {
      for (const id of ['997795954', '930272000']) {
        const { res, body } = await profile(id);
        expect([res.status, body.error]).to.deep.equal([404, 'entreprise_inconnue']);
      }
    });

    it('a new unit (Ny) is served from its recorded document and found by the search', async () => {
      const { res, body } = await profile('999000010');
      expect(res.status).to.equal(200);
      expect(body).to.deep.include({ denomination: 'EKSEMPEL OPPDATERING AS', statut: 'actif' });
      const search = await getJson(`${t.baseUrl}/v1/eu/recherche?q=EKSEMPEL%20OPPDATERING&pays=NO`);
      expect(search.body.resultats[0]).to.include({ id_national: '999000010' });
    });

    it('Ukjent, and a change with neither patch nor document, are reported and nothing is guessed', async () => {
      expect(applied.report?.non_resolues).to.deep.equal([
        { kind: 'enhet', id: '991877479', update: '24720460', reason: 'endringstype Ukjent' },
        {
          kind: 'enhet',
          id: '993049166',
          update: '24720466',
          reason: 'ni endringer (includeChanges=true) ni document',
        },
      ]);
      expect((await profile('993049166')).body.denomination).to.equal('SA SALG AS');
    });

    it('a sub-unit closed by the feed is no longer open; a deleted one is gone', async () => {
      expect(await countEstablishments(t.db.knex, NO_ESTABLISHMENTS, '965336796')).to.deep.equal({
        nombre: 1,
        ouverts: 0,
      });
      expect(await countEstablishments(t.db.knex, NO_ESTABLISHMENTS, '982547822')).to.deep.equal({
        nombre: 0,
        ouverts: 0,
      });
    });

    it('the events carry the feed’s update, not a snapshot version; provenance stays the bulk file’s', async () => {
      const events = await t.service.store.readStream('no.brreg-enhet-998543118');
      const last = events[events.length - 1]!;
      expect(last.type).to.equal('EntityChanged');
      expect(last.metadata).to.include({ source: 'oppdateringer', oppdateringsid: 24720478 });
      expect(last.metadata).not.to.have.property('snapshotVersion');
      const { body } = await profile('998543118');
      expect(body.provenance[0]).to.include({ version: '2026-11-18', date_photo: '2026-11-18' });
    });

    it('the next bulk file settles everything against what the feed made: deleted units back, the new one gone', async () => {
      const done = await bulk('2026-11-20');
      expect(done.counts).to.include({ recorded: 3, changed: 3, dropped: 1 });
      await t.service.runner.caughtUp();
      expect((await profile('997795954')).res.status).to.equal(200);
      expect((await profile('999000010')).res.status).to.equal(404);
      expect((await profile('998543118')).body.denomination).to.equal('BYGGVISUALISERING AS');
    });

    it('the command line reads the recorded pages it is given and says what each update became', async () => {
      const lines: string[] = [];
      const cli: CliContext = {
        config: loadConfig({}),
        logger: testLogger,
        out: (line) => lines.push(line),
        withDatabase: (fn) => fn(t.db, t.service.store),
      };
      const command = (argv: string[]) =>
        runIngestCommand('no-brreg-oppdateringer', noBrregUpdatesIngestSpec, argv, cli);
      expect(await command([])).to.equal(2);
      expect(lines.join('\n')).to.contain("required option '--oppdateringer <page.json>' not specified");
      const argv = [
        ...FILES.oppdateringer.flatMap((f) => ['--oppdateringer', f]),
        ...FILES.enheter.flatMap((f) => ['--enheter', f]),
      ];
      expect(await command(argv)).to.equal(0);
      expect(lines.at(-1)).to.equal(
        'no.brreg oppdateringer 14757180..24720478: 10 updates, 1 recorded, 4 changed, 3 dropped, 0 unchanged, 2 unresolved',
      );
    });

    it('is refused while a bulk pass is unfinished', async () => {
      const stream = snapshotStreamId('no.brreg');
      const version = (await t.service.store.streamVersion(stream))!;
      await t.service.store.append(
        stream,
        [{ type: SNAPSHOT_STARTED, data: { register: 'no.brreg', version: '2026-11-21' } }],
        version,
      );
      const error = await ingestNoBrregUpdates({ ...ctx(), files: FILES }).catch((e: Error) => e);
      expect(String(error)).to.contain('a snapshot pass is running or was interrupted');
    });
  });
});
