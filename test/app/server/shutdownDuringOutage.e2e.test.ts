import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { PROJECTIONS } from '../../../app/readSide.ts';
import { EMBEDDED_SOCKET_FILE } from '../../../ops/database/embeddedHost.ts';
import type { Database } from '../../../ops/database/openDatabase.ts';
import { SERVED_JOURNAL_DIR } from '../../../ops/servedlog/servedJournal.ts';
import { targetDescription } from '../../support/database.ts';
import { demoDatabase, demoSeeders } from '../../support/paidDemoService.ts';
import { createKeyWithCredits, type ServeProcess, startServeProcess } from '../../support/serveProcess.ts';
import { startTcpProxy, type TcpProxy } from '../../support/tcpProxy.ts';

/** GET /v1/entreprise/{siren} of the demo data: in the free quota, then paid from the key's credits. */
const ROUTE = '/v1/entreprise/005420120';

/** How many times each signature is in the served log. */
async function servedSignatureCounts(db: Database): Promise<Map<string, number>> {
  const { rows } = await db.knex.raw<{ rows: { signature: string; n: string }[] }>(
    `select data->>'signature' as signature, count(*) as n from events where type = 'ResponseServed' group by 1`,
  );
  return new Map(rows.map((r) => [r.signature, Number(r.n)]));
}

const tally = (values: readonly string[]) => {
  const counts = new Map<string, number>();
  for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1);
  return counts;
};

/** How many of `wanted` (counted by value) `held` lacks. */
const shortfall = (wanted: Map<string, number>, held: Map<string, number>) =>
  [...wanted].reduce((sum, [value, n]) => sum + Math.max(0, n - (held.get(value) ?? 0)), 0);

describe(`registres serve stopped during a database outage (${targetDescription})`, function () {
  this.timeout(240_000);
  let db: Database;
  let dataDir: string;
  let proxy: TcpProxy | null = null;
  let servers: ServeProcess[] = [];

  /**
   * The environment of a serve process reaching the test's database through a fresh TCP proxy, which the test
   * cuts to take the database away: on a server, DATABASE_URL names the proxy; on the embedded database, the
   * test process owns it and the socket file of the data directory names the proxy.
   */
  async function behindNewProxy(): Promise<NodeJS.ProcessEnv> {
    const target = new URL(db.url);
    proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
    const env: NodeJS.ProcessEnv = {
      ...Object.fromEntries(
        Object.entries(process.env).filter(([name]) => !/^(LIVE_|INSEE_|X402_)/.test(name)),
      ),
      DATA_DIR: dataDir,
      DEMO_DATA: '1',
      RATE_LIMIT_PER_KEY: '0',
      RATE_LIMIT_PER_ADDRESS: '0',
    };
    if (process.env.DATABASE_URL) {
      const behind = new URL(db.url);
      behind.hostname = '127.0.0.1';
      behind.port = String(proxy.port);
      env.DATABASE_URL = behind.toString();
    } else {
      delete env.DATABASE_URL;
      await fs.writeFile(
        path.join(dataDir, EMBEDDED_SOCKET_FILE),
        JSON.stringify({
          host: '127.0.0.1',
          port: proxy.port,
          pid: process.pid,
          startedAt: new Date().toISOString(),
        }),
      );
    }
    return env;
  }

  /**
   * Paid calls from several clients until the database is cut (after `cutAfter` signed answers) and every
   * client has met a refusal: the signatures of the answers received.
   */
  async function loadThenCut(server: ServeProcess, key: string, cutAfter: number): Promise<string[]> {
    const signed: string[] = [];
    let cut: Promise<void> | null = null;
    const client = async () => {
      for (;;) {
        let res: Response;
        try {
          res = await fetch(`${server.baseUrl}${ROUTE}`, { headers: { 'X-Api-Key': key } });
        } catch {
          return;
        }
        await res.arrayBuffer();
        if (res.status !== 200) {
          if (cut) return;
          throw new Error(`status ${res.status} before the database was cut`);
        }
        signed.push(res.headers.get('Signature')!.replace(/^sig1=/, ''));
        if (signed.length >= cutAfter && !cut) cut = proxy!.cut();
      }
    };
    await Promise.all(Array.from({ length: 8 }, client));
    await cut;
    return signed;
  }

  beforeEach(async () => {
    // A copy of the demo: the children find it seeded (the seeding is not what this suite tests).
    db = await demoDatabase(PROJECTIONS, demoSeeders());
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'registres-outage-stop-'));
  });
  afterEach(async () => {
    for (const s of servers) await s.stop();
    servers = [];
    await proxy?.cut();
    proxy = null;
    await db.close();
    await fs.rm(dataDir, { recursive: true, force: true });
  });

  it('keeps the answers the log could not take on disk, exits 0, and the next start logs each of them once', async () => {
    let env = await behindNewProxy();
    const { key } = await createKeyWithCredits(env, '5');
    const first = await startServeProcess(env);
    servers.push(first);
    await first.printed(/Ready: database reached/);
    const signed = await loadThenCut(first, key, 60);

    first.child.kill('SIGTERM');
    expect(await first.exit).to.deep.equal({ code: 0, signal: null });
    // Answers to one request within one second carry one signature: the log is compared count by count.
    const received = tally(signed);
    const before = await servedSignatureCounts(db);
    expect(
      shortfall(received, before),
      'answers not in the log when the process stopped (the case under test)',
    ).to.be.greaterThan(0);
    expect(await fs.readdir(path.join(dataDir, SERVED_JOURNAL_DIR))).to.have.length(1);

    env = await behindNewProxy();
    const next = await startServeProcess(env);
    servers.push(next);
    await next.printed(/Ready: database reached/);
    expect(await next.stop()).to.deep.equal({ code: 0, signal: null });

    const counts = await servedSignatureCounts(db);
    expect(shortfall(received, counts), 'signed answers missing from the served log').to.equal(0);
    expect(shortfall(counts, received), 'answers logged twice').to.equal(0);
    expect(await fs.readdir(path.join(dataDir, SERVED_JOURNAL_DIR))).to.deep.equal([]);
  });

  it('exits 1 when the answers the log could not take cannot be kept on disk either', async () => {
    const env = await behindNewProxy();
    const { key } = await createKeyWithCredits(env, '5');
    // The journal's folder cannot be made: a file holds its name.
    await fs.writeFile(path.join(dataDir, SERVED_JOURNAL_DIR), 'not a folder');
    const server = await startServeProcess(env);
    servers.push(server);
    await server.printed(/Ready: database reached/);
    await loadThenCut(server, key, 20);

    server.child.kill('SIGTERM');
    expect((await server.exit).code).to.equal(1);
  });
});
