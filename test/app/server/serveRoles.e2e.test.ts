import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { targetDescription } from '../../support/database.ts';
import { childrenStartOnDemo } from '../../support/paidDemoService.ts';
import {
  answeredWithKey,
  createKeyWithCredits,
  runRegistres,
  type ServeProcess,
  startServeProcess,
} from '../../support/serveProcess.ts';

const SERVER_URL = process.env.DATABASE_URL;

describe(`registres serve --role (${targetDescription})`, function () {
  this.timeout(180_000);
  let dataDir: string;
  let env: NodeJS.ProcessEnv;
  const running: ServeProcess[] = [];

  beforeEach(async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'registres-roles-'));
    env = { ...process.env, DATA_DIR: dataDir, DEMO_DATA: '1' };
    // On a copy of the demo: the seeding is not what this suite tests (serveLifecycle's first start does).
    await childrenStartOnDemo(env);
  });
  afterEach(async () => {
    for (const p of running.splice(0)) await p.stop();
    await fs.rm(dataDir, { recursive: true, force: true });
  });

  it('refuses a role it does not know, naming the roles it has', async () => {
    const { code, out } = await runRegistres(env, ['serve', '--role', 'lecteur'], { stderr: true });
    expect(code).to.not.equal(0);
    expect(out).to.match(/api, projector, all/);
  });

  it('a projector answers no HTTP; an API process on the same database serves what it projected', async () => {
    const projector = await startServeProcess(env, { args: ['--role', 'projector'], listens: false });
    running.push(projector);
    await projector.printed(/Ready: database reached, projections caught up/);
    expect(projector.output()).to.not.match(/Listening:/);
    const api = await startServeProcess(env, { args: ['--role', 'api'] });
    running.push(api);
    await api.printed(/Ready: database reached; the projections run in a projector process/);
    const { key } = await createKeyWithCredits(env, '5');
    const res = await answeredWithKey(`${api.baseUrl}/v1/recherche?q=sucreries`, key);
    expect(res.status).to.equal(200);
    expect(res.headers.get('signature')).to.match(/^sig1=:/);
  });

  it('a second process stands by while the first projects, and takes over when the first stops', async function () {
    if (!SERVER_URL) this.skip(); // the projector lock is a PostgreSQL server's; the embedded files have one owner
    const first = await startServeProcess(env);
    running.push(first);
    await first.printed(/Ready: database reached, projections caught up/);
    const second = await startServeProcess({ ...env, DEMO_DATA: '0' });
    running.push(second);
    await second.printed(/another process runs the projections, this one stands by/);
    expect(await first.stop()).to.deep.equal({ code: 0, signal: null });
    // A key opened after the first stopped works only once its account is projected: by the second process.
    const { key } = await createKeyWithCredits(env, '5');
    const res = await answeredWithKey(`${second.baseUrl}/v1/recherche?q=sucreries`, key);
    expect(res.status).to.equal(200);
  });
});
