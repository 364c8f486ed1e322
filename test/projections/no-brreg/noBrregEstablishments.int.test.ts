import { readFileSync, writeFileSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { ingestNoBrreg } from '../../../ingest/no-brreg/ingestNoBrreg.ts';
import { countEstablishments } from '../../../projections/no-brreg/noBrregEstablishments.ts';
import { NO_ESTABLISHMENTS } from '../../../projections/no-brreg/noBrregProjection.ts';
import { targetDescription, testLogger } from '../../support/database.ts';
import {
  BRREG_ENHETER_SAMPLE,
  BRREG_UNDERENHETER_SAMPLE,
  getJson,
  startEuropeService,
} from '../../support/europeService.ts';
import type { RunningService } from '../../support/service.ts';

/** EQUINOR ENERGY AS: 14 of the 30 real sub-units in the sample belong to it. */
const EQUINOR_ENERGY = '990888213';
/** A real sub-unit of a sole proprietorship: its name is a person's name. */
const SOLE_TRADER_SUBUNIT = { id: '812706632', name: 'JAN-ERIK ROMØREN' };

describe(`Norwegian sub-units (underenheter) in the read model (${targetDescription})`, () => {
  let t: RunningService;
  let dir: string;
  const pass = (underenheter: string, date: string) =>
    ingestNoBrreg({
      knex: t.db.knex,
      store: t.service.store,
      logger: testLogger,
      files: { enheter: BRREG_ENHETER_SAMPLE, underenheter },
      snapshotDate: date,
    });

  before(async () => {
    t = await startEuropeService(new Date('2026-11-20T10:00:00Z'));
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'no-underenheter-'));
    await pass(BRREG_UNDERENHETER_SAMPLE, '2026-11-18');
    await t.service.runner.caughtUp();
  });
  after(async () => {
    await t.stop();
    await fs.rm(dir, { recursive: true, force: true });
  });

  it('every sub-unit of the file is projected and counted under its main unit', async () => {
    expect(await countEstablishments(t.db.knex, NO_ESTABLISHMENTS, EQUINOR_ENERGY)).to.deep.equal({
      nombre: 14,
      ouverts: 14,
    });
    const { rows } = await t.db.knex.raw(`select count(*)::int as n from ${NO_ESTABLISHMENTS}`);
    expect(rows[0].n).to.equal(30);
  });

  it('a sub-unit keeps its location, activity and start date, and no name', async () => {
    const { rows } = await t.db.knex.raw(
      `select id_national, entreprise, activite, code_postal, ville, effectif,
              to_char(date_debut, 'YYYY-MM-DD') as date_debut, date_fermeture
         from ${NO_ESTABLISHMENTS} where id_national = '811603902'`,
    );
    expect(rows[0]).to.deep.equal({
      id_national: '811603902',
      entreprise: '965336796',
      activite: '47.730',
      code_postal: '5914',
      ville: 'ISDALSTØ',
      effectif: 10,
      date_debut: '2013-05-01',
      date_fermeture: null,
    });
    const table = await t.db.knex.raw(`select t::text as row from ${NO_ESTABLISHMENTS} as t`);
    const text = (table.rows as { row: string }[]).map((r) => r.row).join('\n');
    expect(text).not.to.contain(SOLE_TRADER_SUBUNIT.name);
  });

  it('a sub-unit number is not a company: the profile answers 404, the search never names it', async () => {
    const profile = await getJson(`${t.baseUrl}/v1/eu/entreprise/NO/${SOLE_TRADER_SUBUNIT.id}`);
    expect([profile.res.status, profile.body.error]).to.deep.equal([404, 'entreprise_inconnue']);
    const search = await getJson(
      `${t.baseUrl}/v1/eu/recherche?q=${encodeURIComponent(SOLE_TRADER_SUBUNIT.name)}&pays=NO`,
    );
    expect(search.res.status).to.equal(200);
    expect(search.text).not.to.contain(SOLE_TRADER_SUBUNIT.name);
  });

  it('a sub-unit absent from the next file is dropped', async () => {
    const lines = readFileSync(BRREG_UNDERENHETER_SAMPLE, 'utf8').trimEnd().split('\n');
    const fewer = path.join(dir, 'underenheter.csv');
    // Every sub-unit of EQUINOR ENERGY AS removed from the file.
    writeFileSync(fewer, `${lines.filter((l) => !l.includes(`"${EQUINOR_ENERGY}"`)).join('\n')}\n`);
    const done = await pass(fewer, '2026-11-19');
    expect(done.counts.dropped).to.equal(14);
    await t.service.runner.caughtUp();
    expect(await countEstablishments(t.db.knex, NO_ESTABLISHMENTS, EQUINOR_ENERGY)).to.deep.equal({
      nombre: 0,
      ouverts: 0,
    });
  });
});
