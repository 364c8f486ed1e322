import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { targetDescription } from '../../support/database.ts';
import { childrenStartOnDemo } from '../../support/paidDemoService.ts';
import { type ServeProcess, startServeProcess } from '../../support/serveProcess.ts';

/**
 * `serve` on demo data trains the demo's score model after it is ready, never before, and the card serves it
 * once written (or says why there is none: the demo's windows hold no failure any more, from 2027-03-06 on).
 */
describe(`registres serve: the demo score model (${targetDescription})`, function () {
  this.timeout(180_000);
  let dataDir: string;
  let serve: ServeProcess | undefined;

  before(async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'registres-score-demo-'));
    const env = { ...process.env, DATA_DIR: dataDir, DEMO_DATA: '1', LOG_LEVEL: 'info', LOG_FORMAT: 'json' };
    // On a copy of the demo: the seeding is not what this suite tests.
    await childrenStartOnDemo(env);
    serve = await startServeProcess(env);
  });
  after(async () => {
    await serve?.stop();
    await fs.rm(dataDir, { recursive: true, force: true });
  });

  it('trains it after "Ready", and the card serves it as a demo model', async () => {
    await serve!.printed(/demo score model (trained on the demo data|not trained)/);
    const out = serve!.output();
    expect(out.indexOf('Ready: database reached')).to.be.greaterThan(-1);
    expect(out.indexOf('Ready: database reached')).to.be.lessThan(out.search(/demo score model/));
    const res = await fetch(`${serve!.baseUrl}/v1/score/modele`);
    const body = (await res.json()) as Record<string, unknown>;
    if (/demo score model trained/.test(out)) {
      expect(res.status).to.equal(200);
      expect(body).to.include({ demo: true, confiance: 'faible' });
      expect(body.avertissement).to.match(/^Modèle de démonstration/);
      await fs.access(path.join(dataDir, 'score', 'model.json'));
    } else {
      expect(res.status).to.equal(404);
      expect(body.message).to.match(/^Données de démonstration : aucun modèle de score entraîné/);
    }
  });
});
