import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { expect } from 'chai';
import { auditCommand } from '../../../app/cli/commands/audit.ts';
import { FRENCH_LIVE_SOURCES } from '../../../app/readSide.ts';
import { RNE_RECORDINGS } from '../../../ingest/fr-rne/frRneLive.ts';
import { openAccount } from '../../../ops/accounts/openAccount.ts';
import type { CliContext } from '../../../ops/commandContext.ts';
import { loadConfig } from '../../../ops/config.ts';
import { FR_RNE_REGISTER, RNE_DOCUMENT_DELETED } from '../../../schemas/events/frRneEvents.ts';
import { FR_SIRENE_REGISTER } from '../../../schemas/events/frSireneEvents.ts';
import { LIVE_RECORD_OBSERVED } from '../../../schemas/events/liveEvents.ts';
import { targetDescription, testLogger } from '../../support/database.ts';
import { allEvents } from '../../support/eventLog.ts';
import { type PaidDemoService, startPaidDemoService } from '../../support/paidDemoService.ts';
import { recordedReplay } from '../../support/recordedLiveRegister.ts';
import { type ReplayAnswer, type ReplayServer, startReplayServer } from '../../support/replayServer.ts';
import type { RunningService } from '../../support/service.ts';

// biome-ignore lint/suspicious/noExplicitAny: decoded wire JSON, checked member by member
type Json = any;

/** The recorded (constructed) filings list: La Cordée SAS (ingest/fr-rne/live/SOURCE.txt). */
const CORDEE = '535113062';
const ACTE = '63df98a28eded29cb31823ee';
const BILAN = '63df98a78eded29cb318240a';
/** Luhn-valid SIRENs absent from the Sirene demo, answered by variants of the recording. */
const VARIANT = '005410220';
const DOWN = '005410238';
/** Companies of the Sirene demo, for the dossier. */
const SUCRERIES = '005420120';
const OTHER_DEMO = '005420146';
/** The acte PDF is 1,537 bytes, the bilan PDF 1,880: the limit lets the first through, not the second. */
const MAX_BYTES = 1600;

const recorded = (file: string) => fs.readFileSync(path.join(RNE_RECORDINGS.folder, file));
const ATTACHMENTS = JSON.parse(recorded('attachments_535113062_constructed.json').toString('utf8')) as Json;
const ACTE_PDF = recorded(`acte_${ACTE}_stand_in.pdf`);

/** The recording with its first acte and first bilan changed by `change` (members the RNE sends). */
function variant(change: { acte?: Json; bilan?: Json }): ReplayAnswer {
  const body = structuredClone(ATTACHMENTS);
  Object.assign(body.actes[0], change.acte ?? {});
  Object.assign(body.bilans[0], change.bilan ?? {});
  return { status: 200, body: JSON.stringify(body) };
}

describe(`French filings from the RNE: list and PDF (e2e, ${targetDescription})`, () => {
  let service: PaidDemoService;
  let t: RunningService;
  let key: string;
  let rne: ReplayServer;
  const answers = new Map<string, ReplayAnswer>();

  before(async () => {
    rne = await startReplayServer(recordedReplay(RNE_RECORDINGS, answers));
    try {
      service = await startPaidDemoService({
        freeCallsPerMonth: 0,
        demo: [FR_SIRENE_REGISTER],
        compose: {
          frenchLiveSources: FRENCH_LIVE_SOURCES,
          liveRegisters: [],
          liveUrls: { [FR_RNE_REGISTER]: rne.url },
          liveCredentials: { [FR_RNE_REGISTER]: 'rne-user@example.org:s3cret' },
          livePolicy: {
            timeoutMs: 1500,
            breaker: { failures: 50, halfOpenAfterMs: 300 },
            maxDocumentBytes: MAX_BYTES,
          },
        },
      });
    } catch (err) {
      await rne.close();
      throw err;
    }
    t = service.t;
    ({ key } = await openAccount(t.service.store, { credits: 10_000_000 }));
    await t.service.runner.catchUp();
  });
  after(async () => {
    await service?.stop();
    await rne?.close();
  });

  const get = (url: string, headers: Record<string, string> = {}) =>
    fetch(`${t.baseUrl}${url}`, { headers: { 'X-Api-Key': key, ...headers } });
  const list = async (siren: string) => {
    const res = await get(`/v1/entreprise/${siren}/documents`);
    return { res, body: (await res.json()) as Json };
  };
  const asked = (p: string) => rne.requests.filter((r) => r.url === p).length;

  it('lists the recording’s acte and bilan member for member, at $0.02', async () => {
    const { res, body } = await list(CORDEE);
    expect(res.status).to.equal(200);
    expect(res.headers.get('x-credits-charged')).to.equal('0.02');
    expect(Object.keys(body)[0]).to.equal('citation');
    expect(body.actes).to.deep.equal([
      {
        id: ACTE,
        type: 'actes',
        libelle:
          "Copie des statuts : Modification relative aux dirigeants d'une société Modification des statuts",
        date_depot: '2018-04-10',
        nom_document: '0zvyXXhek7Ua_C0022A1001L337316D20180425H041421TPIJTES003PDBOR',
      },
    ]);
    expect(body.bilans).to.deep.equal([
      {
        id: BILAN,
        type: 'bilans',
        libelle: 'Comptes annuels complets',
        date_depot: '2020-11-23',
        nom_document: 'CA_535113062_6901_2011B05342_2020_B2020040841',
        date_cloture: '2020-06-30',
      },
    ]);
    expect(body).to.include({ siren: CORDEE, denomination: null, total: 2, bilans_confidentiels: 0 });
    expect(body).not.to.have.property('documents');
    expect(body.telechargement).to.include({ chemin: '/v1/documents/{type}/{id}', prix_usd: '$0.10' });
    expect(body.consulte_le).to.equal(body.provenance[0].consulte_le);
    expect(body.provenance[0]).to.include({ registre: FR_RNE_REGISTER });
    expect(body.provenance[0].url).to.match(/\/api\/companies\/535113062\/attachments$/);
  });

  it('is served again for 24 hours: a second call does not reach the RNE', async () => {
    const first = await list(CORDEE);
    const before = asked(`/api/companies/${CORDEE}/attachments`);
    const second = await list(CORDEE);
    expect(second.res.status).to.equal(200);
    expect(asked(`/api/companies/${CORDEE}/attachments`)).to.equal(before);
    expect(second.body.consulte_le).to.equal(first.body.consulte_le);
  });

  it('lists only public filings: a confidential acte is left out, confidential accounts only counted', async () => {
    answers.set(
      `/api/companies/${VARIANT}/attachments`,
      variant({ acte: { confidentiality: 'Confidentiel' }, bilan: { confidentiality: 'Confidentiel' } }),
    );
    const { res, body } = await list(VARIANT);
    expect(res.status).to.equal(200);
    expect(body.actes).to.deep.equal([]);
    expect(body.bilans).to.deep.equal([]);
    expect(body).to.include({ total: 0, bilans_confidentiels: 1 });
  });

  it('an RNE outage is 503 amont_indisponible, not charged', async () => {
    answers.set(`/api/companies/${DOWN}/attachments`, { status: 500 });
    const { res, body } = await list(DOWN);
    expect(res.status).to.equal(503);
    expect(body).to.include({ error: 'amont_indisponible', registre: FR_RNE_REGISTER });
    expect(res.headers.get('x-credits-charged')).to.equal('0');
  });

  it('downloads the PDF byte for byte, signed over its bytes, its provenance in headers, at $0.10', async () => {
    const res = await get(`/v1/documents/actes/${ACTE}`);
    const bytes = Buffer.from(await res.arrayBuffer());
    expect(res.status).to.equal(200);
    expect(res.headers.get('content-type')).to.equal('application/pdf');
    expect(res.headers.get('x-credits-charged')).to.equal('0.1');
    expect(bytes.equals(ACTE_PDF)).to.equal(true);
    const sha256 = createHash('sha256').update(bytes).digest();
    expect(res.headers.get('content-digest')).to.equal(`sha-256=:${sha256.toString('base64')}:`);
    expect(res.headers.get('x-registre-sha256')).to.equal(sha256.toString('hex'));
    expect(res.headers.get('x-registre')).to.equal(FR_RNE_REGISTER);
    expect(res.headers.get('x-registre-document-id')).to.equal(ACTE);
    expect(decodeURIComponent(res.headers.get('x-citation') ?? '')).to.contain(`RNE (INPI), actes ${ACTE}`);
  });

  it('ignores Range: the whole PDF, 200, Accept-Ranges none', async () => {
    const res = await get(`/v1/documents/actes/${ACTE}`, { Range: 'bytes=0-99' });
    const bytes = Buffer.from(await res.arrayBuffer());
    expect(res.status).to.equal(200);
    expect(res.headers.get('accept-ranges')).to.equal('none');
    expect(bytes.length).to.equal(ACTE_PDF.length);
  });

  it('a saved download (headers and raw PDF bytes) passes `registres audit verify`', async () => {
    const res = await get(`/v1/documents/actes/${ACTE}`);
    const lines = [`HTTP/1.1 ${res.status} ${res.statusText}`];
    res.headers.forEach((value, name) => {
      lines.push(`${name}: ${value}`);
    });
    const raw = Buffer.concat([
      Buffer.from(`${lines.join('\r\n')}\r\n\r\n`, 'latin1'),
      Buffer.from(await res.arrayBuffer()),
    ]);
    const file = path.join(t.dataDir, 'saved-download.txt');
    fs.writeFileSync(file, raw);
    await t.service.servedLog.flush();
    const out: string[] = [];
    const ctx: CliContext = {
      config: { ...loadConfig({}), dataDir: t.dataDir, signingKeyFile: null },
      logger: testLogger,
      out: (line) => out.push(line),
      withDatabase: (fn) => fn(t.db, t.service.store),
    };
    expect(await auditCommand(['verify', file], ctx), out.join('\n')).to.equal(0);
    expect(out.slice(0, 3).map((l) => l.split(':')[0])).to.deep.equal([
      'content-digest',
      'signature',
      'served log',
    ]);
    expect(out.at(-1)).to.equal('all checks hold');
  });

  it('a PDF over the size limit is 503 trop_volumineux, never truncated, not charged', async () => {
    const res = await get(`/v1/documents/bilans/${BILAN}`);
    const body = (await res.json()) as Json;
    expect(res.status).to.equal(503);
    expect(body).to.include({
      error: 'amont_indisponible',
      motif_panne: 'amont_indisponible',
      raison: 'trop_volumineux',
    });
    expect(res.headers.get('x-credits-charged')).to.equal('0');
  });

  it('an id the RNE does not know is 404 document_inconnu, not charged', async () => {
    const res = await get('/v1/documents/actes/0123456789abcdef01234567');
    const body = (await res.json()) as Json;
    expect(res.status).to.equal(404);
    expect(body.error).to.equal('document_inconnu');
    expect(res.headers.get('x-credits-charged')).to.equal('0');
  });

  it('an answer that is not a PDF is 503 amont_indisponible (illisible)', async () => {
    const id = 'aaaaaaaaaaaaaaaaaaaaaaaa';
    answers.set(`/api/actes/${id}/download`, {
      status: 200,
      body: '<html><body>Maintenance</body></html>',
      contentType: 'text/html',
    });
    const res = await get(`/v1/documents/actes/${id}`);
    const body = (await res.json()) as Json;
    expect(res.status).to.equal(503);
    expect(body).to.include({ error: 'amont_indisponible', raison: 'illisible' });
  });

  it('the MCP tool returns the PDF as an embedded resource, the bytes the HTTP route signs', async () => {
    const client = new Client({ name: 'registres-test', version: '1.0.0' });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(`${t.baseUrl}/mcp`), {
        requestInit: { headers: { 'X-Api-Key': key } },
      }),
    );
    try {
      const result: Json = await client.callTool({
        name: 'download_french_company_filing',
        arguments: { type: 'actes', id: ACTE },
      });
      expect(result.isError ?? false).to.equal(false);
      const [resource] = result.content;
      expect(resource.type).to.equal('resource');
      expect(resource.resource.mimeType).to.equal('application/pdf');
      const bytes = Buffer.from(resource.resource.blob, 'base64');
      expect(bytes.equals(ACTE_PDF)).to.equal(true);
      const digest = createHash('sha256').update(bytes).digest('base64');
      expect(result._meta['registres/signature']['content-digest']).to.equal(`sha-256=:${digest}:`);
      expect(result._meta['registres/provenance']['x-registre-document-id']).to.equal(ACTE);
    } finally {
      await client.close();
    }
  });

  it('a filing the RNE marks deleted: its kept bytes are purged, the deletion event kept', async () => {
    const downloaded = await get(`/v1/documents/actes/${ACTE}`);
    expect(downloaded.status).to.equal(200);
    await downloaded.arrayBuffer();
    const kept = () =>
      t.db.knex('live_bytes_cache').where({ register: FR_RNE_REGISTER }).andWhereLike('url', `%/${ACTE}/%`);
    expect(await kept()).to.have.length(1);
    const deleted = '005410246';
    answers.set(`/api/companies/${deleted}/attachments`, variant({ acte: { deleted: true } }));
    const { res, body } = await list(deleted);
    expect(res.status).to.equal(200);
    expect(body.actes).to.deep.equal([]);
    expect(await kept()).to.have.length(0);
    const events = await allEvents(t.service.store);
    const deletion = events.filter((e) => e.type === RNE_DOCUMENT_DELETED);
    expect(deletion.map((e) => e.data)).to.deep.equal([
      {
        register: FR_RNE_REGISTER,
        siren: deleted,
        type: 'actes',
        id: ACTE,
        observedAt: body.consulte_le,
        purged: 1,
      },
    ]);
    // Never downloaded again: the RNE is not asked, the filing is unknown.
    const before = asked(`/api/actes/${ACTE}/download`);
    const again = await get(`/v1/documents/actes/${ACTE}`);
    expect(again.status).to.equal(404);
    expect(((await again.json()) as Json).error).to.equal('document_inconnu');
    expect(asked(`/api/actes/${ACTE}/download`)).to.equal(before);
    // The download's observation stays in the log, and never held the bytes.
    const observed = events.filter(
      (e) => e.type === LIVE_RECORD_OBSERVED && String((e.data as Json).url).endsWith(`/${ACTE}/download`),
    );
    expect(observed.length).to.be.greaterThan(0);
    expect((observed[0]!.data as Json).record).to.deep.equal({
      contentType: 'application/pdf',
      byteLength: ACTE_PDF.length,
    });
  });

  describe('the dossier’s documents block', () => {
    it('serves the filings list as a block, at the list’s price', async () => {
      answers.set(`/api/companies/${SUCRERIES}/attachments`, variant({}));
      const res = await get(`/v1/entreprise/${SUCRERIES}/dossier?blocs=documents`);
      const body = (await res.json()) as Json;
      expect(res.status).to.equal(200);
      expect(res.headers.get('x-credits-charged')).to.equal('0.025');
      expect(body.blocs_absents).to.deep.equal([]);
      const block = body.blocs.documents;
      expect(block).to.include({ siren: SUCRERIES, total: 2, bilans_confidentiels: 0 });
      expect(block.denomination).to.equal(body.identite.denomination);
      expect(block.actes.map((a: Json) => a.id)).to.deep.equal([ACTE]);
      expect(block.bilans.map((b: Json) => b.id)).to.deep.equal([BILAN]);
    });

    it('an RNE outage leaves the block absent, amont_indisponible, and unpaid', async () => {
      answers.set(`/api/companies/${OTHER_DEMO}/attachments`, { status: 503 });
      const res = await get(`/v1/entreprise/${OTHER_DEMO}/dossier?blocs=documents`);
      const body = (await res.json()) as Json;
      expect(res.status).to.equal(200);
      expect(res.headers.get('x-credits-charged')).to.equal('0.005');
      expect(body.blocs).to.deep.equal({});
      expect(body.blocs_absents.map((a: Json) => [a.bloc, a.raison])).to.deep.equal([
        ['documents', 'amont_indisponible'],
      ]);
      expect(body.resume).to.include({ servis: 0, absents: 1, dont_panne_amont: 1 });
    });
  });
});

describe(`French filings without an INPI account on the server (e2e, ${targetDescription})`, () => {
  let service: PaidDemoService;
  let t: RunningService;
  let key: string;
  before(async () => {
    service = await startPaidDemoService({
      freeCallsPerMonth: 0,
      demo: [FR_SIRENE_REGISTER],
      compose: { frenchLiveSources: FRENCH_LIVE_SOURCES, liveRegisters: [], liveCredentials: {} },
    });
    t = service.t;
    ({ key } = await openAccount(t.service.store, { credits: 1_000_000 }));
    await t.service.runner.catchUp();
  });
  after(async () => {
    await service?.stop();
  });
  const get = (url: string) => fetch(`${t.baseUrl}${url}`, { headers: { 'X-Api-Key': key } });

  it('without a key, x402 alone is refused: 402 compte_requis', async () => {
    const res = await fetch(`${t.baseUrl}/v1/entreprise/${CORDEE}/documents`);
    const body = (await res.json()) as Json;
    expect(res.status).to.equal(402);
    expect(body.error).to.equal('compte_requis');
  });

  it('the list is 503 registre_non_configure', async () => {
    const res = await get(`/v1/entreprise/${CORDEE}/documents`);
    const body = (await res.json()) as Json;
    expect(res.status).to.equal(503);
    expect(body).to.include({ error: 'registre_non_configure', registre: FR_RNE_REGISTER });
  });

  it('the download is 503 registre_non_configure', async () => {
    const res = await get(`/v1/documents/bilans/${BILAN}`);
    const body = (await res.json()) as Json;
    expect(res.status).to.equal(503);
    expect(body.error).to.equal('registre_non_configure');
  });
});
