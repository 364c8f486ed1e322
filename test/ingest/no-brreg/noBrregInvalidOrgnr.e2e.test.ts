import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { pino } from 'pino';
import { ingestNoBrreg } from '../../../ingest/no-brreg/ingestNoBrreg.ts';
import { ingestNoBrregUpdates } from '../../../ingest/no-brreg/ingestNoBrregUpdates.ts';
import type { UpdatesAppliedData } from '../../../schemas/events/updateEvents.ts';
import { targetDescription, testLogger } from '../../support/database.ts';
import { BRREG_ENHETER_SAMPLE, getJson, startEuropeService } from '../../support/europeService.ts';
import type { RunningService } from '../../support/service.ts';

// 998543119: the real row of 998543118 (BYGGVISUALISERING AS) with its last digit changed, so it fails the
// modulus-11 check (the check digit of 99854311 is 8), and a marker name. CONSTRUCTED in the test from the
// real sample's header and row; the sample file itself is not changed.
const VALID = '998543118';
const INVALID = '998543119';
const MARKER = 'UGYLDIG NUMMER AS';

describe(`Norway: an organisation number failing its check digit is set aside, never served (${targetDescription})`, () => {
  let t: RunningService;
  let dir: string;
  const warnings: Record<string, unknown>[] = [];
  const logger = pino({ level: 'warn' }, { write: (line: string) => warnings.push(JSON.parse(line)) });
  const ctx = () => ({ knex: t.db.knex, store: t.service.store, logger });
  const get = (p: string) => getJson(`${t.baseUrl}/v1/eu/${p}`);

  before(async () => {
    t = await startEuropeService(new Date('2026-11-20T10:00:00Z'));
    dir = await mkdtemp(path.join(os.tmpdir(), 'no-orgnr-'));
    const lines = (await readFile(BRREG_ENHETER_SAMPLE, 'utf8')).split('\n');
    const real = lines.find((l) => l.startsWith(`"${VALID}",`))!;
    const constructed = real.replace(`"${VALID}","BYGGVISUALISERING AS"`, `"${INVALID}","${MARKER}"`);
    expect(constructed).to.contain(MARKER);
    await writeFile(path.join(dir, 'enheter.csv'), `${[lines[0], real, constructed].join('\n')}\n`);
    await ingestNoBrreg({
      ...ctx(),
      files: { enheter: path.join(dir, 'enheter.csv') },
      snapshotDate: '2026-11-18',
    });
    await t.service.runner.caughtUp();
  });
  after(async () => {
    await t.stop();
    await rm(dir, { recursive: true, force: true });
  });

  it('the bulk pass sets the row aside and counts it; the valid row is served', async () => {
    expect(warnings.map((w) => w.orgnr_invalide)).to.deep.include({ enheter: 1 });
    expect(await t.service.store.readStream(`no.brreg-enhet-${INVALID}`)).to.deep.equal([]);
    const { res, body } = await get(`entreprise/NO/${VALID}`);
    expect([res.status, body.denomination]).to.deep.equal([200, 'BYGGVISUALISERING AS']);
  });

  it('the number is a 400 parametre_invalide on champ id on the profile and on every NO route', async () => {
    for (const p of ['', '/evenements', '/comptes']) {
      const { res, body, text } = await get(`entreprise/NO/${INVALID}${p}`);
      expect([res.status, body.error, body.champ], p).to.deep.equal([400, 'parametre_invalide', 'id']);
      expect(text).not.to.contain(MARKER);
    }
  });

  it('the search finds it neither by name nor by number', async () => {
    for (const q of [MARKER, INVALID]) {
      const { res, body, text } = await get(`recherche?q=${encodeURIComponent(q)}&pays=NO`);
      expect(res.status).to.equal(200);
      expect(body.resultats).to.deep.equal([]);
      expect(text).not.to.contain(MARKER);
    }
  });

  describe('an update of the feed on such a number', () => {
    let applied: UpdatesAppliedData;
    before(async () => {
      // CONSTRUCTED feed page and document, in the shape of test/fixtures/no-brreg/oppdateringer (see its SOURCE.txt).
      const page = {
        _embedded: {
          oppdaterteEnheter: [
            {
              oppdateringsid: 24720500,
              dato: '2026-11-19T05:00:00.000Z',
              organisasjonsnummer: INVALID,
              endringstype: 'Ny',
            },
          ],
        },
        page: { size: 1, totalElements: 1, totalPages: 1, number: 0 },
      };
      const doc = { organisasjonsnummer: INVALID, navn: MARKER, organisasjonsform: { kode: 'AS' } };
      await writeFile(path.join(dir, 'side-0.json'), JSON.stringify(page));
      await writeFile(path.join(dir, 'dokumenter.json'), JSON.stringify([doc]));
      applied = await ingestNoBrregUpdates({
        knex: t.db.knex,
        store: t.service.store,
        logger: testLogger,
        files: {
          oppdateringer: [path.join(dir, 'side-0.json')],
          enheter: [path.join(dir, 'dokumenter.json')],
        },
      });
      await t.service.runner.caughtUp();
    });

    it('is reported unresolved, never applied nor served', async () => {
      expect(applied.report?.non_resolues).to.deep.equal([
        {
          kind: 'enhet',
          id: INVALID,
          update: '24720500',
          reason: 'organisasjonsnummer sans clé modulo 11 valide',
        },
      ]);
      expect(await t.service.store.readStream(`no.brreg-enhet-${INVALID}`)).to.deep.equal([]);
      const search = await get(`recherche?q=${encodeURIComponent(MARKER)}&pays=NO`);
      expect(search.body.resultats).to.deep.equal([]);
    });
  });
});
