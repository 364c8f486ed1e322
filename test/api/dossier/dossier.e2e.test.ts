import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { x402Client } from '@x402/core/client';
import { registerExactEvmScheme } from '@x402/evm/exact/client';
import { expect } from 'chai';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { DOSSIER_BLOCK_SOURCES } from '../../../api/routes/dossier/dossierBlocks.ts';
import { dossierRouteOf } from '../../../api/routes/dossier.ts';
import { served } from '../../../api/routes/entreprise/blockReading.ts';
import { PRICED_ROUTES } from '../../../app/readSide.ts';
import { openAccount } from '../../../ops/accounts/openAccount.ts';
import { RAISONS_BLOC_ABSENT } from '../../../schemas/enums/blocAbsent.ts';
import { BLOCS_DOSSIER } from '../../../schemas/params/blocs.ts';
import { dossierSchema } from '../../../schemas/responses/dossier.ts';
import { targetDescription } from '../../support/database.ts';
import { type PaidDemoService, startPaidDemoService } from '../../support/paidDemoService.ts';
import type { RunningService } from '../../support/service.ts';
import { signedPaymentHeader } from '../payment/support/signPayment.ts';

// biome-ignore lint/suspicious/noExplicitAny: decoded wire JSON, checked field by field
type Json = any;
const decode = (header: string | null): Json =>
  JSON.parse(Buffer.from(header ?? '', 'base64').toString('utf8'));

/** A company of the demo data with establishments, BODACC alerts and filed accounts (C and K on one date). */
const SUCRERIES = '005420120';
/** Demo accounts: partially confidential filings (the real sample 487444697's values). */
const PARTLY_CONFIDENTIAL = '005520242';
/** Demo accounts: one closing date after the export date, which is not a qualified exercise. */
const FUTURE_CLOSING = '005520077';
/** A demo company with no filed accounts. */
const NO_ACCOUNTS = '005420104';
const ALL_SERVED = 'etablissements,alertes_bodacc,finances';

/**
 * A dossier route with one more block, `score`, at $0.34 (a test source): with it, the blocks asked can sum
 * beyond the $0.35 cap, which today's blocks ($0.023 together) never reach.
 */
const cappedRoute = {
  ...dossierRouteOf({
    ...DOSSIER_BLOCK_SOURCES,
    score: {
      price: 340_000,
      registers: [],
      projections: [],
      read: async (_deps, unit) =>
        served({ siren: unit.siren, score_risque: 12, classe: 'B', version_modele: 'test' }, []),
    },
  }),
  id: 'test.dossier_plafond',
  path: '/v1/test/dossier/{siren}',
  tool: undefined,
  responseSchema: { ...dossierSchema, properties: { ...(dossierSchema.properties as object), blocs: {} } },
};

const ENVELOPE = ['citation', 'provenance', 'source', 'disclaimer', 'data_freshness'];
const withoutEnvelope = (body: Json) =>
  Object.fromEntries(Object.entries(body).filter(([member]) => !ENVELOPE.includes(member)));

describe(`GET /v1/entreprise/{siren}/dossier on the demo data, payment on (${targetDescription})`, () => {
  let service: PaidDemoService;
  let t: RunningService;
  const payer = privateKeyToAccount(generatePrivateKey());

  before(async function () {
    this.timeout(120_000);
    service = await startPaidDemoService({ compose: { routes: [...PRICED_ROUTES, cappedRoute] } });
    t = service.t;
  });
  after(async () => {
    await service?.stop();
  });

  async function keyHolding(credits = 10_000_000): Promise<string> {
    const { key } = await openAccount(t.service.store, { credits });
    await t.service.runner.catchUp();
    return key;
  }
  const dossier = async (siren: string, blocs: string | null, headers: Record<string, string> = {}) => {
    const query = blocs === null ? '' : `?blocs=${encodeURIComponent(blocs)}`;
    const res = await fetch(`${t.baseUrl}/v1/entreprise/${siren}/dossier${query}`, { headers });
    return { res, body: (await res.json()) as Json };
  };
  const keyed = async (siren: string, blocs: string, path?: string) => {
    const key = await keyHolding();
    if (path) {
      const res = await fetch(`${t.baseUrl}${path}?blocs=${blocs}`, { headers: { 'X-Api-Key': key } });
      return { res, body: (await res.json()) as Json };
    }
    return dossier(siren, blocs, { 'X-Api-Key': key });
  };

  describe('shape and blocks', () => {
    it('serves the identity, the blocks asked in the order asked, and names the others absent', async () => {
      const { res, body } = await keyed(SUCRERIES, 'finances,pi,etablissements,alertes_bodacc,finances');
      expect(res.status).to.equal(200);
      expect(Object.keys(body)[0]).to.equal('citation');
      expect(body.siren).to.equal(SUCRERIES);
      expect(body.identite).to.deep.equal({
        siren: SUCRERIES,
        denomination: 'SOCIETE DES SUCRERIES DU MARQUENTERRE',
        nature_juridique: body.identite.nature_juridique,
        activite_principale: body.identite.activite_principale,
        categorie_entreprise: body.identite.categorie_entreprise,
        etat_administratif: body.identite.etat_administratif,
      });
      expect(body.identite.nature_juridique).to.match(/^\d{4}$/);
      expect(body.blocs_demandes).to.deep.equal(['finances', 'pi', 'etablissements', 'alertes_bodacc']);
      expect(Object.keys(body.blocs)).to.deep.equal(['finances', 'etablissements', 'alertes_bodacc']);
      expect(body.blocs_absents).to.have.length(1);
      // No INPI title names the demo company's SIREN: absent with no data, not charged.
      expect(body.blocs_absents[0]).to.include({ bloc: 'pi', raison: 'aucune_donnee' });
      expect(body.blocs_absents[0].message).to.contain(' / ');
      expect(body.resume).to.deep.equal({ demandes: 4, servis: 3, absents: 1, dont_panne_amont: 0 });
      // The INPI copy read to find no title is cited, as every copy read.
      expect(body.provenance.map((p: Json) => p.registre).sort()).to.deep.equal([
        'fr.bodacc',
        'fr.inpi-pi',
        'fr.ratios-inpi-bce',
        'fr.sirene',
      ]);
    });

    it('every block of the contract is served or absent for one of the contract’s reasons', async () => {
      const { res, body } = await keyed(SUCRERIES, BLOCS_DOSSIER.join(','));
      expect(res.status).to.equal(200);
      const named = [...Object.keys(body.blocs), ...body.blocs_absents.map((a: Json) => a.bloc)].sort();
      expect(named).to.deep.equal([...BLOCS_DOSSIER].sort());
      const reasons = new Set<string>(RAISONS_BLOC_ABSENT.map((r) => r.code));
      const outside = body.blocs_absents.filter((a: Json) => !reasons.has(a.raison));
      expect(outside).to.deep.equal([]);
      expect(reasons.has('source_non_integree')).to.equal(false);
    });

    it('the etablissements block is what GET …/etablissements serves', async () => {
      const { body } = await keyed(SUCRERIES, 'etablissements');
      const key = await keyHolding();
      const res = await fetch(`${t.baseUrl}/v1/entreprise/${SUCRERIES}/etablissements`, {
        headers: { 'X-Api-Key': key },
      });
      expect(res.status).to.equal(200);
      expect(body.blocs.etablissements).to.deep.equal(withoutEnvelope(await res.json()));
      expect(body.blocs.etablissements.nombre_etablissements).to.be.greaterThan(0);
    });

    it('the alertes_bodacc block is what GET …/alertes serves', async () => {
      const { body } = await keyed(SUCRERIES, 'alertes_bodacc');
      const key = await keyHolding();
      const res = await fetch(`${t.baseUrl}/v1/entreprise/${SUCRERIES}/alertes`, {
        headers: { 'X-Api-Key': key },
      });
      expect(res.status).to.equal(200);
      expect(body.blocs.alertes_bodacc).to.deep.equal(withoutEnvelope(await res.json()));
      expect(body.blocs.alertes_bodacc.nombre_alertes).to.be.greaterThan(0);
    });

    it('finances: one exercise per closing date, company accounts before consolidated ones', async () => {
      const { body } = await keyed(SUCRERIES, 'finances');
      expect(body.blocs.finances).to.deep.include({
        siren: SUCRERIES,
        nombre_exercices: 1,
        exercices: [
          { date_cloture: '2024-06-30', chiffre_affaires: 48000000, ebe: 4100000, resultat_net: 1900000 },
        ],
      });
      expect(body.blocs.finances.note).to.contain(' / ');
    });

    it('finances: what confidentiality withholds is null, never 0; the rest is served, newest first', async () => {
      const { body } = await keyed(PARTLY_CONFIDENTIAL, 'finances');
      expect(body.blocs.finances.exercices).to.deep.equal([
        { date_cloture: '2022-12-31', chiffre_affaires: null, ebe: null, resultat_net: -693623 },
        { date_cloture: '2021-12-31', chiffre_affaires: null, ebe: null, resultat_net: -715690 },
        { date_cloture: '2020-12-31', chiffre_affaires: 532463, ebe: 37552, resultat_net: 2198 },
        { date_cloture: '2019-12-31', chiffre_affaires: null, ebe: null, resultat_net: 15750 },
      ]);
    });

    it('finances: a closing date after the export that published it is left out', async () => {
      const { body } = await keyed(FUTURE_CLOSING, 'finances');
      expect(body.blocs.finances.exercices.map((e: Json) => e.date_cloture)).to.deep.equal(['2024-12-31']);
    });

    it('marches_publics: a company no DECP contract names gets the block absent with aucune_donnee', async () => {
      const { res, body } = await keyed(SUCRERIES, 'marches_publics');
      expect(res.status).to.equal(200);
      expect(body.blocs).to.deep.equal({});
      expect(body.blocs_absents[0]).to.include({ bloc: 'marches_publics', raison: 'aucune_donnee' });
      expect(res.headers.get('x-credits-charged')).to.equal('0.005');
    });

    it('agrements: a company with no RGE qualification gets the block absent with aucune_donnee', async () => {
      const { res, body } = await keyed(SUCRERIES, 'agrements');
      expect(res.status).to.equal(200);
      expect(body.blocs).to.deep.equal({});
      expect(body.blocs_absents[0]).to.include({ bloc: 'agrements', raison: 'aucune_donnee' });
      expect(res.headers.get('x-credits-charged')).to.equal('0.005');
    });

    it('finances: a company without filed accounts gets the block absent with aucune_donnee', async () => {
      const { res, body } = await keyed(NO_ACCOUNTS, 'finances');
      expect(res.status).to.equal(200);
      expect(body.blocs).to.deep.equal({});
      expect(body.blocs_absents).to.have.length(1);
      expect(body.blocs_absents[0]).to.include({ bloc: 'finances', raison: 'aucune_donnee' });
      expect(res.headers.get('x-credits-charged')).to.equal('0.005');
    });
  });

  describe('price', () => {
    const charged = async (siren: string, blocs: string) =>
      (await keyed(siren, blocs)).res.headers.get('x-credits-charged');

    it('charges the base alone when no block is served', async () => {
      expect(await charged(SUCRERIES, 'pi,score')).to.equal('0.005');
    });

    it('charges the base plus each served block at its own route’s price, outside the free quota', async () => {
      // The demo service gives each account 150 free calls a month: the dossier is not among their routes.
      expect(await charged(SUCRERIES, 'etablissements')).to.equal('0.008');
      expect(await charged(SUCRERIES, 'etablissements,alertes_bodacc')).to.equal('0.018');
      expect(await charged(SUCRERIES, `${ALL_SERVED},pi,lobbying`)).to.equal('0.028');
    });

    it('does not charge a block that is not served', async () => {
      expect(await charged(NO_ACCOUNTS, 'etablissements,finances')).to.equal('0.008');
    });

    it('the 402 quote states, in body and header, the amount a key is charged for the same request', async () => {
      const { res, body } = await dossier(SUCRERIES, ALL_SERVED);
      expect(res.status).to.equal(402);
      expect(body.price).to.equal('$0.028');
      expect(body.free_tier.inclus).to.equal(false);
      const quote = decode(res.headers.get('payment-required'));
      expect(quote.accepts.map((a: Json) => a.amount)).to.deep.equal(['28000', '28000']);
      expect(body.accepts).to.deep.equal(quote.accepts);
      expect(await charged(SUCRERIES, ALL_SERVED)).to.equal('0.028');

      const bare = await dossier(NO_ACCOUNTS, 'finances,pi');
      expect(bare.body.price).to.equal('$0.005');
      expect(decode(bare.res.headers.get('payment-required')).accepts[0].amount).to.equal('5000');
    });

    it('caps the total at $0.35: in the quote, for a key, and for x402', async () => {
      const path = `/v1/test/dossier/${SUCRERIES}`;
      const blocs = 'score,etablissements,alertes_bodacc,finances';
      const quoteRes = await fetch(`${t.baseUrl}${path}?blocs=${blocs}`);
      expect(quoteRes.status).to.equal(402);
      expect(((await quoteRes.json()) as Json).price).to.equal('$0.35');
      const quote = decode(quoteRes.headers.get('payment-required'));
      expect(quote.accepts[0].amount).to.equal('350000');
      const { res, body } = await keyed(SUCRERIES, blocs, path);
      expect(res.status).to.equal(200);
      expect(res.headers.get('x-credits-charged')).to.equal('0.35');
      expect(Object.keys(body.blocs)).to.deep.equal(blocs.split(','));
      // Under the cap, the exact sum: $0.005 + $0.34 + $0.003.
      const under = await keyed(SUCRERIES, 'score,etablissements', path);
      expect(under.res.headers.get('x-credits-charged')).to.equal('0.348');
      const paid = await fetch(`${t.baseUrl}${path}?blocs=${blocs}`, {
        headers: {
          'PAYMENT-SIGNATURE': await signedPaymentHeader({ signer: payer, accepted: quote.accepts[0] }),
        },
      });
      expect(paid.status).to.equal(200);
      expect(service.facilitator.settleCalls.at(-1)!.paymentRequirements.amount).to.equal('350000');
    });

    it('accepts an x402 payment signed for the quoted amount, and settles that amount', async () => {
      const first = await dossier(SUCRERIES, ALL_SERVED);
      const accepted = decode(first.res.headers.get('payment-required')).accepts[0];
      const header = await signedPaymentHeader({ signer: payer, accepted });
      const { res, body } = await dossier(SUCRERIES, ALL_SERVED, { 'PAYMENT-SIGNATURE': header });
      expect(res.status).to.equal(200);
      expect(res.headers.get('payment-response')).to.not.equal(null);
      expect(Object.keys(body.blocs)).to.deep.equal(['etablissements', 'alertes_bodacc', 'finances']);
      const settled = service.facilitator.settleCalls.at(-1)!;
      expect(settled.paymentRequirements.amount).to.equal('28000');
    });

    it('refuses an x402 payment signed for another amount, with a fresh quote of the exact one', async () => {
      const first = await dossier(SUCRERIES, 'etablissements');
      const accepted = decode(first.res.headers.get('payment-required')).accepts[0];
      expect(accepted.amount).to.equal('8000');
      const settles = service.facilitator.settleCalls.length;
      // Signed for the base price only, as a client that read the catalogue's lowest price would.
      const underpaid = { ...accepted, amount: '5000' };
      const header = await signedPaymentHeader({ signer: payer, accepted: underpaid });
      const { res, body } = await dossier(SUCRERIES, 'etablissements', { 'PAYMENT-SIGNATURE': header });
      expect(res.status).to.equal(402);
      expect(body.error).to.equal('montant_incorrect');
      expect(decode(res.headers.get('payment-required')).accepts[0].amount).to.equal('8000');
      // The quote of other blocks is another amount: a payment for one dossier does not buy another.
      const forMore = await signedPaymentHeader({ signer: payer, accepted });
      const more = await dossier(SUCRERIES, ALL_SERVED, { 'PAYMENT-SIGNATURE': forMore });
      expect(more.res.status).to.equal(402);
      expect(more.body.error).to.equal('montant_incorrect');
      expect(service.facilitator.settleCalls.length).to.equal(settles);
    });
  });

  describe('refusals, never charged', () => {
    it('an unknown block is a 400 on `blocs` listing the closed list, before any quote or charge', async () => {
      const bare = await dossier(SUCRERIES, 'finances,bilans');
      expect(bare.res.status).to.equal(400);
      expect(bare.body).to.include({ error: 'parametre_invalide', champ: 'blocs' });
      expect(bare.body.message).to.contain('« bilans »').and.contain('facturation_prep');
      const key = await keyHolding();
      const withKey = await dossier(SUCRERIES, 'finances,bilans', { 'X-Api-Key': key });
      expect(withKey.res.status).to.equal(400);
      expect(withKey.res.headers.get('x-credits-charged')).to.equal('0');
    });

    it('a missing or empty `blocs` is a 400 naming it', async () => {
      for (const blocs of [null, '']) {
        const { res, body } = await dossier(SUCRERIES, blocs);
        expect(res.status).to.equal(400);
        expect(body).to.include({ error: 'parametre_manquant', champ: 'blocs' });
        expect(body.message).to.contain('alertes_bodacc');
      }
      const commas = await dossier(SUCRERIES, ',');
      expect(commas.res.status).to.equal(400);
      expect(commas.body).to.include({ error: 'parametre_invalide', champ: 'blocs' });
    });

    it('an unknown SIREN is 404 entreprise_inconnue, before any quote', async () => {
      const { res, body } = await dossier('552100554', 'finances');
      expect(res.status).to.equal(404);
      expect(body.error).to.equal('entreprise_inconnue');
      expect(res.headers.get('payment-required')).to.equal(null);
    });
  });

  describe('over MCP', () => {
    const DOSSIER_CALL = {
      name: 'get_french_company_dossier',
      arguments: { siren: SUCRERIES, blocs: ALL_SERVED },
    };
    const x402ErrorOf = (result: Json) => JSON.parse(result.content[0].text)['x402/error'];

    it('the tool’s unpaid call quotes the exact amount, and a payment of it is settled and answered', async () => {
      const client = new Client({ name: 'registres-test', version: '1.0.0' });
      await client.connect(new StreamableHTTPClientTransport(new URL(`${t.baseUrl}/mcp`)));
      try {
        const { tools } = await client.listTools();
        const tool = tools.find((x) => x.name === 'get_french_company_dossier')!;
        expect(tool.description).to.contain('plus each block served').and.contain('not covered by');
        const unpaid: Json = await client.callTool(DOSSIER_CALL);
        const quote = x402ErrorOf(unpaid).data;
        expect(quote.accepts[0].amount).to.equal('28000');
        const payments = new x402Client();
        registerExactEvmScheme(payments, { signer: payer });
        const payload = await payments.createPaymentPayload(quote);
        const paid: Json = await client.callTool({ ...DOSSIER_CALL, _meta: { 'x402/payment': payload } });
        expect(paid.isError ?? false, paid.content[0].text).to.equal(false);
        expect(paid._meta['x402/payment-response']).to.include({ success: true });
        expect(paid.structuredContent.resume.servis).to.equal(3);
        expect(service.facilitator.settleCalls.at(-1)!.paymentRequirements.amount).to.equal('28000');
      } finally {
        await client.close();
      }
    });
  });

  describe('price lists and samples', () => {
    it('the catalogue, the OpenAPI document and the samples list say "from $0.005, + each block, capped"', async () => {
      const catalogue = await (await fetch(`${t.baseUrl}/v1/catalogue`)).text();
      const line = catalogue.split('\n').find((l) => l.includes('/v1/entreprise/{siren}/dossier'))!;
      expect(line).to.contain('$0.005 + chaque bloc servi au prix de sa route, plafond $0.35');
      expect(line).to.contain('quota-gratuit:non');
      const doc = (await (await fetch(`${t.baseUrl}/openapi.json`)).json()) as Json;
      const op = doc.paths['/v1/entreprise/{siren}/dossier'].get;
      expect(op['x-prix']).to.contain('plafond $0.35');
      expect(op['x-prix-unites-atomiques']).to.equal(5000);
      expect(op['x-quota-gratuit']).to.equal(false);
      expect(op.description).to.contain('finances $0.01');
      const samples = (await (await fetch(`${t.baseUrl}/v1/echantillons`)).json()) as Json;
      const sample = samples.echantillons.find((e: Json) => e.route === 'entreprise.dossier');
      expect(sample.prix).to.contain('plafond $0.35');
    });

    it('its free sample serves the example dossier, signed, never charged', async () => {
      const res = await fetch(`${t.baseUrl}/v1/echantillons/entreprise.dossier`);
      expect(res.status).to.equal(200);
      expect(res.headers.get('signature')).to.match(/^sig1=:/);
      const body = (await res.json()) as Json;
      expect(body.blocs_demandes).to.deep.equal(['etablissements', 'alertes_bodacc', 'finances']);
      expect(body.resume.servis).to.equal(3);
    });
  });
});
