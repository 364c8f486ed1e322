import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { auditCommand } from '../../../app/cli/commands/audit.ts';
import { auditSavedResponse } from '../../../ops/audit/auditSavedResponse.ts';
import type { CliContext } from '../../../ops/commandContext.ts';
import { loadConfig } from '../../../ops/config.ts';
import { runMigrations } from '../../../ops/database/migrations.ts';
import type { Database } from '../../../ops/database/openDatabase.ts';
import type { EventStore } from '../../../ops/eventstore/port.ts';
import { createPostgresEventStore, eventStoreMigrations } from '../../../ops/eventstore/postgres/index.ts';
import { createServedLog } from '../../../ops/servedlog/createServedLog.ts';
import {
  RESPONSE_SERVED,
  type ResponseServedData,
  servedStreamId,
} from '../../../ops/servedlog/responseServed.ts';
import type { ServedLog } from '../../../ops/servedlog/servedLog.ts';
import { jwkSet } from '../../../ops/signing/jwk.ts';
import { loadOrCreateSigner } from '../../../ops/signing/loadOrCreateSigner.ts';
import type { Signer } from '../../../ops/signing/signer.ts';
import { freshDatabase, targetDescription, testLogger } from '../../support/database.ts';
import { tamper } from './signedSample.ts';
import { fetchAsCurl, startSignedServer } from './signedServer.ts';

describe(`signed responses over HTTP, audited against the served log on ${targetDescription}`, () => {
  let db: Database;
  let store: EventStore;
  let dataDir: string;
  let signer: Signer;
  let servedLog: ServedLog;
  let server: Awaited<ReturnType<typeof startSignedServer>>;

  before(async () => {
    db = await freshDatabase();
    await runMigrations(db.knex, eventStoreMigrations);
    store = createPostgresEventStore({ knex: db.knex, notifications: db.notifications, logger: testLogger });
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'registres-audit-'));
    signer = await loadOrCreateSigner({ signingKeyFile: null, dataDir, logger: testLogger });
    servedLog = createServedLog({ eventStore: store, logger: testLogger, flushIntervalMs: 60_000 });
    server = await startSignedServer({ signer, servedLog });
  });
  after(async () => {
    await server.close();
    await servedLog.close();
    await db.close();
    await fs.rm(dataDir, { recursive: true, force: true });
  });

  async function served(url: string) {
    const saved = await fetchAsCurl(url);
    await servedLog.flush();
    return saved;
  }

  const audit = (raw: Buffer, opts: { path?: string } = {}) =>
    auditSavedResponse({ raw, path: opts.path ?? null, jwks: jwkSet(signer), store });

  it('a priced 2xx answer is signed, and its digest, signature and served-log entry all hold', async () => {
    const { raw, response } = await served(`${server.url}/v1/entreprises/552100554?champs=siege`);
    expect(response.headers.get('content-digest')).to.match(/^sha-256=:[A-Za-z0-9+/]+=*:$/);
    expect(response.headers.get('signature-input')).to.match(
      new RegExp(
        `^sig1=\\("@method";req "@path";req "@query";req "content-digest" "content-type"\\);created=\\d+;keyid="${signer.keyId}";alg="ed25519"$`,
      ),
    );
    expect(response.headers.get('signature')).to.match(/^sig1=:[A-Za-z0-9+/]+=*:$/);
    const checks = await audit(raw);
    expect(checks.map((c) => [c.name, c.holds, c.detail])).to.satisfy((rows: unknown[][]) =>
      rows.every((r) => r[1] === true),
    );
    expect(checks.map((c) => c.name)).to.deep.equal(['content-digest', 'signature', 'served log']);
    expect(checks[1]!.detail).to.contain('GET /v1/entreprises/552100554?champs=siege');
    expect(checks[2]!.detail).to.contain('entreprise.profil').and.to.contain('chain of');
  });

  it('records the served response, chained, in the stream of its UTC day', async () => {
    const { response } = await served(`${server.url}/v1/entreprises/775665019`);
    const signature = response.headers.get('signature')!.replace(/^sig1=/, '');
    const events = await store.readStream(servedStreamId(new Date().toISOString()));
    const event = events.find((e) => (e.data as ResponseServedData).signature === signature);
    expect(event?.type).to.equal(RESPONSE_SERVED);
    const data = event!.data as ResponseServedData;
    expect(data).to.include({
      routeId: 'entreprise.profil',
      method: 'GET',
      path: '/v1/entreprises/775665019',
      query: '',
      status: 200,
      contentDigest: response.headers.get('content-digest'),
      signatureInput: response.headers.get('signature-input')!.replace(/^sig1=/, ''),
      keyId: signer.keyId,
    });
    expect(data.servedAt).to.match(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    expect(data.previousHash).to.match(/^[0-9a-f]{64}$/);
  });

  it('an object body is serialised once, and what is signed is what is sent', async () => {
    const { raw, response } = await served(`${server.url}/v1/objet?a=1&b=%2D`);
    expect(response.headers.get('content-type')).to.contain('application/json');
    const checks = await audit(raw);
    expect(
      checks.every((c) => c.holds),
      JSON.stringify(checks),
    ).to.equal(true);
  });

  it('free routes and non-2xx answers are not signed, nor recorded', async () => {
    const before = (await store.readStream(servedStreamId(new Date().toISOString()))).length;
    const free = await served(`${server.url}/v1/gratuit`);
    const absent = await served(`${server.url}/v1/absent`);
    for (const { response } of [free, absent]) {
      expect(response.headers.get('signature')).to.equal(null);
      expect(response.headers.get('content-digest')).to.equal(null);
    }
    expect(absent.response.status).to.equal(404);
    expect((await store.readStream(servedStreamId(new Date().toISOString()))).length).to.equal(before);
  });

  it('a tampered body, content-type or path does not hold', async () => {
    const { raw } = await served(`${server.url}/v1/entreprises/552100554?champs=siege`);
    const body = await audit(tamper(raw, 'Société Générale', 'Societe Generale'));
    expect(body.find((c) => c.name === 'content-digest')?.holds).to.equal(false);
    const type = await audit(tamper(raw, 'content-type: application/json', 'content-type: text/plain'));
    expect(type.find((c) => c.name === 'signature')?.holds).to.equal(false);
    const otherPath = await audit(raw, { path: '/v1/entreprises/552100555?champs=siege' });
    expect(otherPath.find((c) => c.name === 'signature')?.holds).to.equal(false);
  });

  it('a broken served-log chain does not hold, though the signature still does', async () => {
    const { raw } = await served(`${server.url}/v1/entreprises/542051180`);
    const streamId = servedStreamId(new Date().toISOString());
    await db.knex.raw(
      `update events set data = jsonb_set(data, '{status}', '299') where stream_id = ? and stream_version = 0`,
      [streamId],
    );
    try {
      const checks = await audit(raw);
      expect(checks.find((c) => c.name === 'signature')?.holds).to.equal(true);
      const log = checks.find((c) => c.name === 'served log')!;
      expect(log.holds).to.equal(false);
      expect(log.detail).to.contain('chain is broken');
    } finally {
      await db.knex.raw(
        `update events set data = jsonb_set(data, '{status}', '200') where stream_id = ? and stream_version = 0`,
        [streamId],
      );
    }
  });

  describe('npx registres audit verify', () => {
    let dir: string;
    let lines: string[];
    let ctx: CliContext;
    before(async () => {
      dir = await fs.mkdtemp(path.join(os.tmpdir(), 'registres-saved-'));
    });
    after(async () => {
      await fs.rm(dir, { recursive: true, force: true });
    });
    beforeEach(() => {
      lines = [];
      ctx = {
        config: { ...loadConfig({}), dataDir, signingKeyFile: null },
        logger: testLogger,
        out: (line) => lines.push(line),
        withDatabase: (fn) => fn(db, store),
      };
    });

    async function save(name: string, raw: Buffer): Promise<string> {
      const file = path.join(dir, name);
      await fs.writeFile(file, raw);
      return file;
    }

    it('prints one line per check and exits 0 when all hold, with the local key by default', async () => {
      const { raw } = await served(`${server.url}/v1/entreprises/552100554?champs=siege`);
      const code = await auditCommand(['verify', await save('ok.txt', raw)], ctx);
      expect(code, lines.join('\n')).to.equal(0);
      expect(lines[0]).to.match(/^content-digest: holds/);
      expect(lines[1]).to.match(/^signature: holds/);
      expect(lines[2]).to.match(/^served log: holds/);
    });

    it('uses a served JWK set given with --jwks, and a path given with --path', async () => {
      const { raw } = await served(`${server.url}/v1/objet?a=1`);
      const jwks = path.join(dir, 'jwks.json');
      await fs.writeFile(jwks, JSON.stringify(jwkSet(signer)));
      const file = await save('jwks.txt', raw);
      expect(await auditCommand(['verify', file, '--jwks', jwks, '--path', '/v1/objet?a=1'], ctx)).to.equal(
        0,
      );
      lines = [];
      expect(await auditCommand(['verify', file, '--path', '/v1/objet?a=2'], ctx)).to.equal(1);
      expect(lines[1]).to.match(/^signature: does not hold \(/);
    });

    it('exits 1 with the reason when the saved body was changed', async () => {
      const { raw } = await served(`${server.url}/v1/entreprises/552100554`);
      const code = await auditCommand(
        ['verify', await save('bad.txt', tamper(raw, 'Générale', 'Generale'))],
        ctx,
      );
      expect(code).to.equal(1);
      expect(lines[0]).to.match(/^content-digest: does not hold \(sha-256 of the \d+ body bytes/);
    });

    it('exits 1 when the database cannot be opened, and says so', async () => {
      const { raw } = await served(`${server.url}/v1/entreprises/552100554`);
      ctx.withDatabase = () => Promise.reject(new Error('connect ECONNREFUSED'));
      const code = await auditCommand(
        ['verify', await save('nodb.txt', raw), '--path', '/v1/entreprises/552100554'],
        ctx,
      );
      expect(code).to.equal(1);
      expect(lines[1]).to.match(/^signature: holds/);
      expect(lines[2]).to.contain('served log: does not hold').and.to.contain('ECONNREFUSED');
    });

    it('answers usage errors with exit code 2', async () => {
      expect(await auditCommand([], ctx)).to.equal(2);
      expect(await auditCommand(['verify'], ctx)).to.equal(2);
      expect(await auditCommand(['verify', path.join(dir, 'absent.txt')], ctx)).to.equal(2);
    });
  });
});
