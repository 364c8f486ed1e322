import { expect } from 'chai';
import { ingestBodaccExport } from '../../../ingest/fr-bodacc/ingestFrBodacc.ts';
import { targetDescription, testLogger } from '../../support/database.ts';
import {
  AUTOCARS,
  BODACC_EXPORT_1,
  BODACC_EXPORT_2,
  BODACC_SAMPLE,
  SUCRERIES,
} from '../../support/gazetteFixtures.ts';
import type { RunningService } from '../../support/service.ts';
import { getJson, type JsonAnswer, startListerService } from './listerService.ts';

const sirensOf = (a: JsonAnswer): string[] =>
  a.body.resultats.map((r: { identite: { siren: string } }) => r.identite.siren);
const crit = (champ: string, op: string, valeur: unknown) => ({ criteres: [{ champ, op, valeur }] });
const SIGNAL_FIELDS = 'signaux.procedure_collective,signaux.dernier_signal,signaux.date_dernier_signal';

describe(`Companies list: public signals of the BODACC (e2e, ${targetDescription})`, () => {
  let t: RunningService;
  const lister = (q: Record<string, unknown> = {}) => getJson(t, 'lister', q);
  const compter = (q: Record<string, unknown> = {}) => getJson(t, 'compter', q);

  before(async function () {
    this.timeout(300_000);
    t = await startListerService({
      pageSize: 100,
      bodacc: [
        { file: BODACC_SAMPLE, date: '2026-11-16' },
        { file: BODACC_EXPORT_1, date: '2026-11-16' },
      ],
    });
  });
  after(async () => {
    await t?.stop();
  });

  it('a company under a plan of its redressement judiciaire is found by its procedure', async () => {
    const a = await lister(crit('signaux.procedure_collective', '=', 'redressement_judiciaire'));
    expect(a.status).to.equal(200);
    expect(sirensOf(a)).to.deep.equal([SUCRERIES]);
  });

  it('serves the signals asked in champs: procedure, latest signal and its judgment date', async () => {
    const a = await lister({ ...crit('identite.siren', '=', SUCRERIES), champs: SIGNAL_FIELDS });
    expect(a.body.resultats[0].signaux).to.deep.equal({
      procedure_collective: 'redressement_judiciaire',
      dernier_signal: 'plan',
      date_dernier_signal: '2025-09-09',
    });
  });

  it('a closed procedure is cloturee; a company with no notice is aucune, with no latest signal', async () => {
    const closed = await lister(crit('signaux.procedure_collective', '=', 'cloturee'));
    expect(sirensOf(closed)).to.deep.equal([AUTOCARS]);
    const all = (await compter()).body.nombre_resultats;
    const none = await lister({
      ...crit('signaux.procedure_collective', '=', 'aucune'),
      champs: SIGNAL_FIELDS,
    });
    expect(none.body.nombre_resultats).to.equal(all - 2);
    expect(none.body.resultats[0].signaux).to.deep.equal({
      procedure_collective: 'aucune',
      dernier_signal: null,
      date_dernier_signal: null,
    });
  });

  it('the date of the latest signal is a date criterion and a sort key', async () => {
    const a = await lister({
      ...crit('signaux.date_dernier_signal', '>=', '2025-01-01'),
      tri: '-signaux.date_dernier_signal',
    });
    expect(sirensOf(a)).to.deep.equal([AUTOCARS, SUCRERIES]);
  });

  it('cites the BODACC when a signal is used, and only then', async () => {
    const registres = (a: JsonAnswer) => a.body.provenance.map((p: { registre: string }) => p.registre);
    expect(registres(await compter(crit('signaux.procedure_collective', '=', 'cloturee')))).to.include(
      'fr.bodacc',
    );
    expect(registres(await compter())).not.to.include('fr.bodacc');
  });

  it('describes the field in champs with its source and meaning', async () => {
    const a = await compter(crit('signaux.procedure_collective', 'in', ['sauvegarde', 'cloturee']));
    expect(a.body.champs['signaux.procedure_collective']).to.include({ type: 'code', source: 'fr.bodacc' });
  });

  it('a value outside the closed list is a 400 naming the field and the allowed values', async () => {
    const a = await compter(crit('signaux.procedure_collective', '=', 'faillite'));
    expect(a.status).to.equal(400);
    expect(a.body).to.include({ champ: 'criteres' });
    expect(a.body.message).to.contain('cloturee');
  });

  it('a later striking-off notice moves the latest signal, not the procedure', async () => {
    await ingestBodaccExport({
      knex: t.db.knex,
      store: t.service.store,
      logger: testLogger,
      file: BODACC_EXPORT_2,
      date: '2026-11-20',
    });
    await t.service.runner.caughtUp();
    const a = await lister({ ...crit('identite.siren', '=', AUTOCARS), champs: SIGNAL_FIELDS });
    expect(a.body.resultats[0].signaux).to.include({
      procedure_collective: 'cloturee',
      dernier_signal: 'radiation',
    });
  });
});
