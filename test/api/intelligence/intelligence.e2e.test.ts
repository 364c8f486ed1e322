import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { expect } from 'chai';
import { renderIntelligencePdf } from '../../../api/routes/intelligence/intelligencePdf.ts';
import { auditCommand } from '../../../app/cli/commands/audit.ts';
import { FRENCH_LIVE_SOURCES } from '../../../app/readSide.ts';
import { JUDILIBRE_RECORDINGS } from '../../../ingest/fr-judilibre/frJudilibreLive.ts';
import { RNE_RECORDINGS } from '../../../ingest/fr-rne/frRneLive.ts';
import { openAccount } from '../../../ops/accounts/openAccount.ts';
import type { CliContext } from '../../../ops/commandContext.ts';
import { loadConfig } from '../../../ops/config.ts';
import { FR_JUDILIBRE_REGISTER } from '../../../schemas/events/frJudilibreEvents.ts';
import { FR_RNE_REGISTER } from '../../../schemas/events/frRneEvents.ts';
import {
  LEAKS,
  leakedValues,
  naturalPersonValues,
  RNE_COMPANIES,
  recordedBody,
} from '../../ingest/fr-rne/rneRecordings.ts';
import { targetDescription, testLogger } from '../../support/database.ts';
import { type PaidDemoService, startPaidDemoService } from '../../support/paidDemoService.ts';
import { recordedReplay } from '../../support/recordedLiveRegister.ts';
import { type ReplayAnswer, type ReplayServer, startReplayServer } from '../../support/replayServer.ts';

// biome-ignore lint/suspicious/noExplicitAny: decoded wire JSON, checked field by field
type Json = any;

/** The demo company with BODACC proceedings, filed accounts and recorded Judilibre searches. */
const SUCRERIES = '005420120';
/** A demo company with neither accounts nor notices. */
const NO_ACCOUNTS = '005420104';
/** The service's clock: one instant, so that the JSON and the PDF of the same answer carry the same citation. */
const NOW = new Date();
NOW.setUTCMilliseconds(0);

const LIVE = FRENCH_LIVE_SOURCES.filter(
  (s) => s.info.register === FR_RNE_REGISTER || s.info.register === FR_JUDILIBRE_REGISTER,
);

/**
 * The RNE replayed from its recordings; the Sucreries' officers are answered by Danone's recorded answer (real
 * rows, 13 officers of whom natural persons) re-keyed to the Sucreries' SIREN (the reader refuses an answer
 * about another company), so that the report's officers are proven on real rows.
 */
function rneReplay(fail: ReadonlyMap<string, ReplayAnswer>): ReplayServer['answer'] {
  const recorded = recordedReplay(RNE_RECORDINGS, fail);
  return (request) => {
    if (!fail.size && request.url.pathname === `/api/companies/${SUCRERIES}`) {
      const body = recordedBody(RNE_COMPANIES.danone.file).toString('utf8');
      return { status: 200, body: body.replaceAll(`"${RNE_COMPANIES.danone.siren}"`, `"${SUCRERIES}"`) };
    }
    return recorded(request);
  };
}

async function pdfText(bytes: Buffer): Promise<string> {
  const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const doc = await getDocument({ data: new Uint8Array(bytes), disableFontFace: true, verbosity: 0 }).promise;
  const parts: string[] = [];
  for (let i = 1; i <= doc.numPages; i++) {
    const content = await (await doc.getPage(i)).getTextContent();
    parts.push(
      content.items.map((item) => ('str' in item ? `${item.str}${item.hasEOL ? ' ' : ''}` : '')).join(''),
    );
  }
  await doc.destroy();
  // A wrapped line is one sentence again.
  return parts.join('\n').replace(/\s+/g, ' ');
}

describe(`GET /v1/intelligence/{siren} on the demo data (e2e, ${targetDescription})`, () => {
  let service: PaidDemoService;
  let rne: ReplayServer;
  let judilibre: ReplayServer;
  let key: string;
  const rneFail = new Map<string, ReplayAnswer>();
  const judilibreFail = new Map<string, ReplayAnswer>();

  before(async () => {
    rne = await startReplayServer(rneReplay(rneFail));
    judilibre = await startReplayServer(recordedReplay(JUDILIBRE_RECORDINGS, judilibreFail));
    try {
      service = await startPaidDemoService({
        freeCallsPerMonth: 0,
        compose: {
          now: () => NOW,
          liveRegisters: [],
          frenchLiveSources: LIVE,
          liveUrls: { [FR_RNE_REGISTER]: rne.url, [FR_JUDILIBRE_REGISTER]: judilibre.url },
          liveCredentials: {
            [FR_RNE_REGISTER]: 'rne-user@example.org:s3cret',
            [FR_JUDILIBRE_REGISTER]: 'piste-client-id:piste-client-s3cret',
          },
          livePolicy: { timeoutMs: 1500, breaker: { failures: 50, halfOpenAfterMs: 300 } },
        },
      });
    } catch (err) {
      await rne.close();
      await judilibre.close();
      throw err;
    }
    key = (await openAccount(service.t.service.store, { credits: 50_000_000 })).key;
    await service.t.service.runner.catchUp();
  });
  after(async () => {
    await service?.stop();
    await rne?.close();
    await judilibre?.close();
  });
  afterEach(() => {
    rneFail.clear();
    judilibreFail.clear();
  });

  const get = (siren: string, headers: Record<string, string> = {}) =>
    fetch(`${service.t.baseUrl}/v1/intelligence/${siren}`, { headers: { 'X-Api-Key': key, ...headers } });
  const json = async (siren: string) => {
    const res = await get(siren);
    const text = await res.text();
    return { res, text, body: JSON.parse(text) as Json };
  };

  it('serves every block it can at $1.00, signed, citation first, each other block named with its reason', async () => {
    const { res, body } = await json(SUCRERIES);
    expect(res.status, JSON.stringify(body)).to.equal(200);
    expect(res.headers.get('x-credits-charged')).to.equal('1');
    expect(res.headers.get('signature')).to.match(/^sig1=/);
    expect(res.headers.get('vary')).to.match(/accept/i);
    expect(Object.keys(body)[0]).to.equal('citation');
    expect(body.profil).to.include({
      siren: SUCRERIES,
      denomination: 'SOCIETE DES SUCRERIES DU MARQUENTERRE',
    });
    expect(body.profil.siege.siret).to.equal('00542012000031');
    expect(Object.keys(body.blocs)).to.include.members([
      'etablissements',
      'dirigeants',
      'groupe_lei',
      'comptes',
      'procedures_collectives',
      'changements',
      'contentieux',
    ]);
    const reasons = Object.fromEntries(body.blocs_absents.map((b: Json) => [b.bloc, b.raison]));
    expect(reasons).to.include({
      score: 'copie_indisponible',
      // Read in full, the HATVP, Géorisques and INPI copies publish nothing for the demo companies.
      lobbying: 'aucune_donnee',
      risques_industriels: 'aucune_donnee',
      pi: 'aucune_donnee',
    });
    // Every block of the closed list is either served or named absent, never both, never neither.
    const named = [...Object.keys(body.blocs), ...Object.keys(reasons)].sort();
    expect(named).to.have.length(16);
    expect(new Set(named).size).to.equal(16);
    expect(body.provenance.map((p: Json) => p.registre)).to.include.members([
      'fr.sirene',
      'fr.bodacc',
      'fr.ratios-inpi-bce',
      'fr.rne',
      'fr.judilibre',
    ]);
  });

  it('counts natural-person officers by role and names none, in the JSON and in the PDF (real RNE rows)', async () => {
    const { text, body } = await json(SUCRERIES);
    const officers = body.blocs.dirigeants;
    expect(officers, JSON.stringify(body.blocs_absents)).to.be.an('object');
    expect(officers.personnes_physiques.nombre).to.be.greaterThan(0);
    expect(officers.personnes_morales).to.deep.include({
      siren: '784824153',
      denomination: 'FORVIS MAZARS SA',
      fonction: 'Commissaire aux comptes titulaire',
      code_fonction: '71',
      actif: true,
    });
    expect(body.synthese.dirigeants.personnes_physiques).to.equal(officers.personnes_physiques.nombre);
    const values = naturalPersonValues(RNE_COMPANIES.danone.file);
    expect(values.length).to.be.greaterThan(0);
    expect(leakedValues(text, values), LEAKS).to.deep.equal([]);
    const pdf = Buffer.from(await (await get(SUCRERIES, { Accept: 'application/pdf' })).arrayBuffer());
    expect(leakedValues(await pdfText(pdf), values), LEAKS).to.deep.equal([]);
  });

  it('serves the accounts with their ratios beside the NAF division’s median of the same year', async () => {
    const { body } = await json(SUCRERIES);
    const comptes = body.blocs.comptes;
    expect(comptes).to.include({ division_naf: '70', medianes_secteur: 'servies' });
    const [latest] = comptes.exercices;
    // The demo's 2024-06-30 company accounts (C): turnover 48,000,000, EBITDA 4,100,000, net 1,900,000.
    expect(latest).to.deep.include({
      date_cloture: '2024-06-30',
      type_bilan: 'C',
      chiffre_affaires: 48_000_000,
      ebe: 4_100_000,
      resultat_net: 1_900_000,
    });
    expect(latest.ratios).to.deep.equal({ marge_ebe: 8.54, marge_nette: 3.96, bfr_sur_ca: 8.25 });
    expect(latest.secteur.annee).to.equal(2024);
    expect(latest.secteur.nombre_entreprises).to.be.at.least(1);
    for (const r of ['marge_ebe', 'marge_nette', 'bfr_sur_ca']) {
      const median = latest.secteur.medianes[r];
      if (median !== null) {
        expect(latest.secteur.ecarts[r]).to.be.closeTo(latest.ratios[r] - median, 0.011);
      }
    }
    expect(body.synthese.comptes).to.include({
      derniere_cloture: '2024-06-30',
      chiffre_affaires_dernier: 48_000_000,
    });
  });

  it('computes the synthesis from the blocks: proceedings, timeline, flags with their block', async () => {
    const { body } = await json(SUCRERIES);
    const s = body.synthese;
    expect(s.procedures_collectives.nombre).to.equal(body.blocs.procedures_collectives.nombre);
    expect(s.procedures_collectives.derniere_date).to.equal(body.blocs.procedures_collectives.liste[0].date);
    expect(s.changements.nombre_total).to.equal(body.blocs.changements.nombre_total);
    expect(s.blocs.servis).to.equal(Object.keys(body.blocs).length);
    expect(s.blocs.absents).to.equal(body.blocs_absents.length);
    // The latest notice is a recovery plan (A202501802215), not a closure: a proceeding is open.
    expect(s.drapeaux).to.deep.include({
      code: 'procedure_collective_ouverte',
      bloc: 'procedures_collectives',
    });
    expect(s.score).to.equal(undefined);
  });

  it('with Accept: application/pdf serves the same answer as a PDF, signed over its bytes, same price', async () => {
    const { body } = await json(SUCRERIES);
    const res = await get(SUCRERIES, { Accept: 'application/pdf' });
    const bytes = Buffer.from(await res.arrayBuffer());
    expect(res.status).to.equal(200);
    expect(res.headers.get('content-type')).to.equal('application/pdf');
    expect(res.headers.get('x-credits-charged')).to.equal('1');
    expect(bytes.subarray(0, 5).toString('latin1')).to.equal('%PDF-');
    const digest = createHash('sha256').update(bytes).digest('base64');
    expect(res.headers.get('content-digest')).to.equal(`sha-256=:${digest}:`);
    expect(decodeURIComponent(res.headers.get('x-citation')!)).to.equal(body.citation);
    expect(JSON.parse(decodeURIComponent(res.headers.get('x-registre-provenance')!))).to.deep.equal(
      body.provenance,
    );
    // The same JSON (same clock, same citation) renders the same bytes.
    expect(bytes.equals(await renderIntelligencePdf(body))).to.equal(true);
    const text = await pdfText(bytes);
    expect(text).to.include('SOCIETE DES SUCRERIES DU MARQUENTERRE');
    expect(text).to.include('aucune_donnee');
  });

  it('quotes $1.00 either way, naming in its x402 resource the media type the request will be served in', async () => {
    const quote = async (accept: string) => {
      const res = await fetch(`${service.t.baseUrl}/v1/intelligence/${SUCRERIES}`, {
        headers: { Accept: accept },
      });
      await res.arrayBuffer();
      expect(res.status).to.equal(402);
      return JSON.parse(Buffer.from(res.headers.get('payment-required')!, 'base64').toString('utf8')) as Json;
    };
    const pdf = await quote('application/pdf');
    const json = await quote('application/json');
    expect(pdf.resource.mimeType).to.equal('application/pdf');
    expect(json.resource.mimeType).to.equal('application/json');
    expect(pdf.accepts[0].amount).to.equal('1000000');
    expect(pdf.accepts).to.deep.equal(json.accepts);
  });

  it('its free sample answers the PDF too when asked, signed, marked as a sample, not charged', async () => {
    const res = await fetch(`${service.t.baseUrl}/v1/echantillons/intelligence.entreprise`, {
      headers: { Accept: 'application/pdf' },
    });
    const bytes = Buffer.from(await res.arrayBuffer());
    expect(res.status).to.equal(200);
    expect(res.headers.get('content-type')).to.equal('application/pdf');
    expect(res.headers.get('echantillon')).to.equal('intelligence.entreprise');
    expect(res.headers.get('signature')).to.match(/^sig1=/);
    expect(bytes.subarray(0, 5).toString('latin1')).to.equal('%PDF-');
  });

  it('a saved PDF answer (headers and raw bytes) passes `registres audit verify`', async () => {
    const res = await get(SUCRERIES, { Accept: 'application/pdf' });
    const lines = [`HTTP/1.1 ${res.status} ${res.statusText}`];
    res.headers.forEach((value, name) => {
      lines.push(`${name}: ${value}`);
    });
    const raw = Buffer.concat([
      Buffer.from(`${lines.join('\r\n')}\r\n\r\n`, 'latin1'),
      Buffer.from(await res.arrayBuffer()),
    ]);
    const file = path.join(service.t.dataDir, 'saved-intelligence.txt');
    fs.writeFileSync(file, raw);
    await service.t.service.servedLog.flush();
    const out: string[] = [];
    const ctx: CliContext = {
      config: { ...loadConfig({}), dataDir: service.t.dataDir, signingKeyFile: null },
      logger: testLogger,
      out: (line) => out.push(line),
      withDatabase: (fn) => fn(service.t.db, service.t.service.store),
    };
    expect(await auditCommand(['verify', file], ctx), out.join('\n')).to.equal(0);
    expect(out.at(-1)).to.equal('all checks hold');
  });

  it('Judilibre and the RNE down: their blocks are absent (amont_indisponible), the report is served', async () => {
    judilibreFail.set('*', { status: 503, body: 'down' });
    rneFail.set('*', { status: 503, body: 'down' });
    const { res, body } = await json(NO_ACCOUNTS);
    expect(res.status).to.equal(200);
    expect(res.headers.get('x-credits-charged')).to.equal('1');
    const reasons = Object.fromEntries(body.blocs_absents.map((b: Json) => [b.bloc, b.raison]));
    expect(reasons).to.include({
      contentieux: 'amont_indisponible',
      dirigeants: 'amont_indisponible',
      documents: 'amont_indisponible',
      comptes: 'aucune_donnee',
    });
    expect(body.synthese.blocs.dont_panne_amont).to.equal(3);
    expect(body.synthese.comptes).to.equal(null);
    expect(body.synthese.drapeaux.map((d: Json) => d.bloc)).to.not.include('comptes');
  });

  it('refuses what the profile refuses, uncharged: unknown SIREN 404, malformed 400', async () => {
    const unknown = await json('732829320');
    expect(unknown.res.status).to.equal(404);
    expect(unknown.res.headers.get('x-credits-charged')).to.equal('0');
    const bad = await json('12345');
    expect(bad.res.status).to.equal(400);
    expect(bad.body).to.include({ champ: 'siren' });
  });

  it('its PDF MCP tool returns the report as an embedded resource, the bytes the HTTP route signs', async () => {
    const client = new Client({ name: 'registres-test', version: '1.0.0' });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(`${service.t.baseUrl}/mcp`), {
        requestInit: { headers: { 'X-Api-Key': key } },
      }),
    );
    try {
      const result: Json = await client.callTool({
        name: 'get_french_company_intelligence_report',
        arguments: { siren: SUCRERIES },
      });
      expect(result.isError ?? false).to.equal(false);
      const [resource, citation] = result.content;
      expect(resource.resource.mimeType).to.equal('application/pdf');
      const bytes = Buffer.from(resource.resource.blob, 'base64');
      expect(bytes.subarray(0, 5).toString('latin1')).to.equal('%PDF-');
      const digest = createHash('sha256').update(bytes).digest('base64');
      expect(result._meta['registres/signature']['content-digest']).to.equal(`sha-256=:${digest}:`);
      expect(citation.text).to.match(/servi par Registres API/);
      expect(result._meta['registres/provenance']).to.have.property('x-registre-provenance');
    } finally {
      await client.close();
    }
  });
});
