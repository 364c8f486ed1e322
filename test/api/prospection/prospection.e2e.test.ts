import { expect } from 'chai';
import { targetDescription } from '../../support/database.ts';
import type { RunningService } from '../../support/service.ts';
import { NOW, startProspectionService } from './prospectionService.ts';

// biome-ignore lint/suspicious/noExplicitAny: bodies are read as the client reads them
type Json = any;

describe(`GET /v1/prospection (e2e, ${targetDescription})`, () => {
  let t: RunningService;
  const clock = { now: NOW };
  const get = async (query: Record<string, unknown> = {}, route = '/v1/prospection') => {
    const params = new URLSearchParams();
    for (const [k, v] of Object.entries(query)) params.set(k, typeof v === 'string' ? v : JSON.stringify(v));
    const res = await fetch(`${t.baseUrl}${route}?${params}`);
    const text = await res.text();
    return { status: res.status, body: JSON.parse(text) as Json, text };
  };

  before(async function () {
    this.timeout(300_000);
    t = await startProspectionService(clock);
  });
  after(async () => {
    await t?.stop();
  });
  afterEach(() => {
    clock.now = NOW;
  });

  it('smoke', async () => {
    const a = await get({
      recence_mois: '60',
      criteres: [{ champ: 'identite.etat', op: 'in', valeur: ['A', 'C'] }],
    });
    console.log(JSON.stringify(a.body, null, 1).slice(0, 4000));
    const b = await get({
      recence_mois: '60',
      signaux: 'nouvel_etablissement,marche_public_gagne,financement_ue',
    });
    console.log(JSON.stringify(b.body.resultats, null, 1), b.body.nombre_resultats);
  });
});
