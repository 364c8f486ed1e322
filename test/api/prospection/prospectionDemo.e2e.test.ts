import { expect } from 'chai';
import { openAccount } from '../../../ops/accounts/openAccount.ts';
import { EU_CORDIS_REGISTER } from '../../../schemas/events/euCordisEvents.ts';
import { FR_DECP_REGISTER } from '../../../schemas/events/frDecpEvents.ts';
import { FR_RATIOS_INPI_BCE_REGISTER } from '../../../schemas/events/frRatiosInpiBceEvents.ts';
import { FR_SIRENE_REGISTER } from '../../../schemas/events/frSireneEvents.ts';
import { targetDescription } from '../../support/database.ts';
import { type PaidDemoService, startPaidDemoService } from '../../support/paidDemoService.ts';

// biome-ignore lint/suspicious/noExplicitAny: decoded wire JSON, checked field by field
type Json = any;

/** PROSPA (demo Sirene, real row): its head office 00552024200081 opened 2023-03-01. */
const PROSPA = '005520242';
/** The last day a 60-month window ending today still holds PROSPA's opening. */
const PROSPA_IN_WINDOW_UNTIL = '2028-03-01';

describe(`GET /v1/prospection on the demo data, payment on (e2e, ${targetDescription})`, () => {
  let service: PaidDemoService;
  let key: string;
  const get = async (query: string, headers: Record<string, string> = { 'X-Api-Key': key }) => {
    const res = await fetch(`${service.t.baseUrl}/v1/prospection${query}`, { headers });
    const text = await res.text();
    return { res, text, body: JSON.parse(text) as Json };
  };

  before(async () => {
    service = await startPaidDemoService({
      demo: [FR_SIRENE_REGISTER, FR_RATIOS_INPI_BCE_REGISTER, FR_DECP_REGISTER, EU_CORDIS_REGISTER],
      freeCallsPerMonth: 0,
    });
    key = (await openAccount(service.t.service.store, { credits: 1_000_000 })).key;
    await service.t.service.runner.catchUp();
  });
  after(async () => {
    await service?.stop();
  });

  it('a page is charged $0.02, cites first and names the four registers read with their versions', async () => {
    const { res, body } = await get('?recence_mois=60');
    expect(res.status).to.equal(200);
    expect(res.headers.get('x-credits-charged')).to.equal('0.02');
    expect(res.headers.get('signature')).to.match(/^sig1=:/);
    expect(Object.keys(body)[0]).to.equal('citation');
    expect(body.provenance.map((p: Json) => p.registre).sort()).to.deep.equal(
      [EU_CORDIS_REGISTER, FR_DECP_REGISTER, FR_RATIOS_INPI_BCE_REGISTER, FR_SIRENE_REGISTER].sort(),
    );
    for (const p of body.provenance) expect(p.version, p.registre).to.be.a('string').and.not.equal('');
    expect(body.nombre_resultats).to.be.above(0);
  });

  it('bad input is a 400 {error, champ, message}, not charged', async () => {
    const before = await get('?signaux=levee_de_fonds');
    expect(before.res.status).to.equal(400);
    expect(before.body).to.include({ error: 'valeur_invalide', champ: 'signaux' });
    expect(before.body.message).to.be.a('string');
    expect(before.res.headers.get('x-credits-charged')).to.equal('0');
    const remaining = before.res.headers.get('x-credits-remaining');
    const again = await get('?recence_mois=0');
    expect(again.res.status).to.equal(400);
    expect(again.res.headers.get('x-credits-remaining')).to.equal(remaining);
  });

  it('the sample answers a real demo company with a signal: PROSPA’s new establishment', async function () {
    if (new Date().toISOString().slice(0, 10) > PROSPA_IN_WINDOW_UNTIL) this.skip();
    const res = await fetch(`${service.t.baseUrl}/v1/echantillons/prospection`);
    const body = (await res.json()) as Json;
    expect(res.status).to.equal(200);
    expect(res.headers.get('echantillon')).to.equal('prospection');
    expect(body.signaux_demandes).to.deep.equal(['nouvel_etablissement']);
    expect(body.resultats.map((r: Json) => r.identite.siren)).to.deep.equal([PROSPA]);
    expect(body.resultats[0].signaux).to.deep.equal([
      { code: 'nouvel_etablissement', date: '2023-03-01', source: FR_SIRENE_REGISTER },
    ]);
  });
});
