import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { loadConfig } from '../../../ops/config.ts';
import { openDatabase } from '../../../ops/database/openDatabase.ts';
import { targetDescription, testLogger } from '../../support/database.ts';
import { childrenStartOnDemo } from '../../support/paidDemoService.ts';
import {
  answeredWithKey,
  createKeyWithCredits,
  type ServeProcess,
  startServeProcess,
} from '../../support/serveProcess.ts';
import { startTcpProxy, type TcpProxy } from '../../support/tcpProxy.ts';

const SERVER_URL = process.env.DATABASE_URL;

/** Every serve process a test started: stopped after it, whether it passed or not. */
const started: ServeProcess[] = [];
const serve = async (env: NodeJS.ProcessEnv) => {
  const running = await startServeProcess(env);
  started.push(running);
  return running;
};

/** `registres keys create --credits 5`: the key it prints. */
const createKey = async (env: NodeJS.ProcessEnv) => (await createKeyWithCredits(env, '5')).key;

/** A loopback port nothing listens on (yet). */
async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** The signatures of every `ResponseServed` event in the log. */
async function servedSignatures(env: NodeJS.ProcessEnv): Promise<Set<string>> {
  const db = await openDatabase(loadConfig(env), testLogger);
  try {
    const { rows } = await db.knex.raw(
      `select data->>'signature' as signature from events where type = 'ResponseServed'`,
    );
    return new Set((rows as { signature: string }[]).map((r) => r.signature));
  } finally {
    await db.close();
  }
}

describe(`registres serve in a child process (${targetDescription})`, function () {
  this.timeout(180_000);
  let dataDir: string;
  let env: NodeJS.ProcessEnv;

  beforeEach(async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'registres-serve-'));
    env = { ...process.env, DATA_DIR: dataDir, DEMO_DATA: '1' };
    // The seeding is not what these tests prove (demoSeedingAfterCrash does): the children start seeded.
    await childrenStartOnDemo(env);
  });
  afterEach(async () => {
    // A test that failed before stopping its process must not leave it serving into the next suites.
    await Promise.all(started.splice(0).map((p) => p.stop()));
    await fs.rm(dataDir, { recursive: true, force: true });
  });

  it('SIGTERM under load: the process exits 0 and every signed answer it sent is in the served log', async () => {
    const key = await createKey(env);
    const running = await serve(env);
    await running.printed(/Ready: database reached/);
    const url = `http://127.0.0.1:${running.port}/v1/recherche?q=sucreries`;
    const signed: string[] = [];
    const refused: number[] = [];
    let answered = 0;
    let signalled = false;
    const worker = async () => {
      for (;;) {
        let res: Response;
        try {
          res = await fetch(url, { headers: { 'X-Api-Key': key } });
        } catch {
          return; // the server closed: stopped accepting
        }
        await res.arrayBuffer();
        answered++;
        if (res.status === 200) signed.push(res.headers.get('Signature')!.replace(/^sig1=/, ''));
        else {
          refused.push(res.status);
          return;
        }
        if (answered >= 60 && !signalled) {
          signalled = true;
          running.child.kill('SIGTERM');
        }
      }
    };
    await Promise.all(Array.from({ length: 12 }, worker));
    expect(await running.exit).to.deep.equal({ code: 0, signal: null });

    expect(signed.length).to.be.greaterThanOrEqual(60);
    for (const status of refused) expect(status).to.equal(503);
    const recorded = await servedSignatures(env);
    const missing = signed.filter((s) => !recorded.has(s));
    expect(missing, 'signed answers missing from the served log').to.deep.equal([]);
  });

  describe('with the PostgreSQL server down at start', () => {
    let proxy: TcpProxy | null = null;
    afterEach(async () => {
      await proxy?.cut();
      proxy = null;
    });

    it('listens, answers 503 base_indisponible, then serves once the database is back', async function () {
      if (!SERVER_URL) this.skip(); // the embedded database runs in the process: it cannot be down at start
      const real = new URL(env.DATABASE_URL!);
      const port = await freePort();
      const behind = new URL(env.DATABASE_URL!);
      behind.hostname = '127.0.0.1';
      behind.port = String(port);
      const downEnv = { ...env, DATABASE_URL: behind.toString() };

      const running = await serve(downEnv);
      const base = `http://127.0.0.1:${running.port}`;
      const free = await fetch(`${base}/openapi.json`);
      expect(free.status).to.equal(200);
      const priced = await fetch(`${base}/v1/recherche?q=sucreries`);
      expect(priced.status).to.equal(503);
      expect(((await priced.json()) as { error: string }).error).to.equal('base_indisponible');
      expect(priced.headers.get('X-Credits-Charged')).to.equal(null);
      expect(running.child.exitCode).to.equal(null);

      proxy = await startTcpProxy({ host: real.hostname, port: Number(real.port || 5432) }, port);
      await running.printed(/Ready: database reached/);
      const key = await createKey(downEnv);
      const res = await answeredWithKey(`${base}/v1/recherche?q=sucreries`, key);
      expect(res.status).to.equal(200);
      const signature = res.headers.get('Signature')!.replace(/^sig1=/, '');

      running.child.kill('SIGTERM');
      expect(await running.exit).to.deep.equal({ code: 0, signal: null });
      expect((await servedSignatures(downEnv)).has(signature)).to.equal(true);
    });
  });
});
