import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { x402Client } from '@x402/core/client';
import { registerExactEvmScheme } from '@x402/evm/exact/client';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { expect } from 'chai';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { formatPrice } from '../../../api/catalogue/price.ts';
import { PRICED_ROUTES } from '../../../app/readSide.ts';
import { accountStream, chargesIn } from '../../../ops/accounts/accountEvents.ts';
import { openAccount } from '../../../ops/accounts/openAccount.ts';
import { type PaidDemoService, startPaidDemoService } from '../../support/paidDemoService.ts';
import type { RunningService } from '../../support/service.ts';
import type { FacilitatorStub } from '../payment/support/facilitatorStub.ts';

// biome-ignore lint/suspicious/noExplicitAny: decoded wire JSON, checked field by field
type Json = any;

/** The x402 error a tool result carries in `content[0].text` (x402 MCP transport, v2). */
const x402ErrorOf = (result: Json) => JSON.parse(result.content[0].text)['x402/error'];

const PROFILE_CALL = { name: 'get_french_company', arguments: { siren: '005420120' } };

describe('MCP endpoint at /mcp, driven by the SDK client (demo data)', () => {
  let t: RunningService;
  let facilitator: FacilitatorStub;
  let service: PaidDemoService;
  const payer = privateKeyToAccount(generatePrivateKey());

  before(async () => {
    service = await startPaidDemoService({ freeCallsPerMonth: 0 });
    ({ t, facilitator } = service);
  });
  after(() => service?.stop());

  async function connect(headers: Record<string, string> = {}): Promise<Client> {
    const client = new Client({ name: 'registres-test', version: '1.0.0' });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(`${t.baseUrl}/mcp`), { requestInit: { headers } }),
    );
    return client;
  }

  /** The payer's EIP-3009 authorisation for the quote an unpaid call of the profile tool returns. */
  async function paymentQuotedTo(client: Client): Promise<Json> {
    const unpaid: Json = await client.callTool(PROFILE_CALL);
    const payments = new x402Client();
    registerExactEvmScheme(payments, { signer: payer });
    return payments.createPaymentPayload(x402ErrorOf(unpaid).data);
  }

  async function keyHolding(credits: number) {
    const opened = await openAccount(t.service.store, { credits });
    await t.service.runner.catchUp();
    return opened;
  }

  it('lists one tool per priced route, each with a valid input and output schema, and the free tools', async () => {
    const client = await connect();
    const { tools } = await client.listTools();
    const names = tools.map((tool) => tool.name);
    for (const route of PRICED_ROUTES) {
      expect(route.tool, `${route.id} declares no MCP tool`).to.not.equal(undefined);
      expect(names).to.include(route.tool!.name);
    }
    expect(names).to.include.members([
      'get_catalogue',
      'get_register_dictionary',
      'get_closed_lists',
      'get_sample',
    ]);
    expect(new Set(names).size).to.equal(names.length);
    const ajv = new Ajv2020({ strict: false });
    for (const tool of tools) {
      expect(tool.name).to.match(/^[a-z]+(_[a-z]+)+$/);
      expect(tool.title, tool.name).to.match(/^[A-Z][A-Za-z ]+$/);
      expect(() => ajv.compile(tool.inputSchema)).to.not.throw();
      if (tool.outputSchema) expect(() => ajv.compile(tool.outputSchema!)).to.not.throw();
    }
    const profile = tools.find((tool) => tool.name === 'get_french_company')!;
    expect(profile.description).to.contain(
      formatPrice(PRICED_ROUTES.find((r) => r.id === 'entreprise.profil')!.price),
    );
    expect(profile.description).to.contain('free monthly quota');
    expect(profile.inputSchema.required).to.deep.equal(['siren']);
    expect(profile.title).to.equal('French company profile');
    expect(tools.find((tool) => tool.name === 'get_latvian_company_beneficial_owners')!.title).to.equal(
      'Latvian company beneficial owners',
    );
    await client.close();
  });

  it('a call with an API key is charged like HTTP and returns the signed body', async () => {
    const { key, accountId } = await keyHolding(1_000_000);
    const client = await connect({ 'X-Api-Key': key });
    const result: Json = await client.callTool({
      name: 'get_french_company',
      arguments: { siren: '005420120' },
    });
    expect(result.isError ?? false, result.content[0].text).to.equal(false);
    expect(Object.keys(result.structuredContent)[0]).to.equal('citation');
    expect(result.structuredContent.siren).to.equal('005420120');
    expect(JSON.parse(result.content[0].text)).to.deep.equal(result.structuredContent);
    expect(result._meta['registres/signature'].signature).to.match(/^sig1=:/);
    // A balance of 200 calls is served from a lease: the charge is appended with the next batch.
    await t.service.ledger?.flush();
    await t.service.runner.catchUp();
    const charged = chargesIn(await t.service.store.readStream(accountStream(accountId)));
    expect(charged).to.have.length(1);
    await client.close();
  });

  it('a POST route’s tool takes its JSON body as arguments: a KYB batch paid with a key', async () => {
    const { key } = await keyHolding(1_000_000);
    const client = await connect({ 'X-Api-Key': key });
    const { tools } = await client.listTools();
    const batch = tools.find((tool) => tool.name === 'check_french_companies_kyb_batch')!;
    expect(batch.inputSchema.required).to.deep.equal(['sirens']);
    expect(tools.map((tool) => tool.name)).to.include('create_company_watch');
    const result: Json = await client.callTool({
      name: 'check_french_companies_kyb_batch',
      arguments: { sirens: ['005420120', '552100554'] },
    });
    expect(result.isError ?? false, result.content[0].text).to.equal(false);
    expect(Object.keys(result.structuredContent)[0]).to.equal('citation');
    expect(result.structuredContent.resultats.map((r: Json) => r.siren)).to.deep.equal(['005420120']);
    expect(result.structuredContent.erreurs.map((e: Json) => e.siren)).to.deep.equal(['552100554']);
    expect(result._meta['registres/signature'].signature).to.match(/^sig1=:/);
    await client.close();
  });

  it('an error result is never charged: an unknown SIREN with a key', async () => {
    const { key, accountId } = await keyHolding(1_000_000);
    const client = await connect({ Authorization: `Bearer ${key}` });
    const result: Json = await client.callTool({
      name: 'get_french_company',
      arguments: { siren: '552100554' },
    });
    expect(result.isError).to.equal(true);
    expect(JSON.parse(result.content[0].text).error).to.be.a('string');
    await t.service.runner.catchUp();
    const charged = chargesIn(await t.service.store.readStream(accountStream(accountId)));
    expect(charged).to.have.length(0);
    await client.close();
  });

  it('a key without credits gets credits_insuffisants, as over HTTP', async () => {
    const { key } = await keyHolding(0);
    const client = await connect({ 'X-Api-Key': key });
    const result: Json = await client.callTool({
      name: 'get_french_company',
      arguments: { siren: '005420120' },
    });
    expect(result.isError).to.equal(true);
    expect(JSON.parse(result.content[0].text).error).to.equal('credits_insuffisants');
    await client.close();
  });

  it('an unpaid call returns the x402 payment requirements, in the x402 MCP transport format', async () => {
    const client = await connect();
    const result: Json = await client.callTool({
      name: 'get_french_company',
      arguments: { siren: '005420120' },
    });
    expect(result.isError).to.equal(true);
    expect(result.structuredContent).to.equal(undefined);
    const error = x402ErrorOf(result);
    expect(error.code).to.equal(402);
    expect(error.data.x402Version).to.equal(2);
    expect(error.data.accepts[0]).to.include({
      scheme: 'exact',
      network: 'eip155:8453',
      amount: String(PRICED_ROUTES.find((r) => r.id === 'entreprise.profil')!.price),
    });
    await client.close();
  });

  it('a call paid with an EIP-3009 authorisation in _meta["x402/payment"] is settled and answered', async () => {
    const client = await connect();
    const payload = await paymentQuotedTo(client);
    const settledBefore = facilitator.settleCalls.length;
    const result: Json = await client.callTool({
      ...PROFILE_CALL,
      _meta: { 'x402/payment': payload },
    });
    expect(result.isError ?? false).to.equal(false);
    expect(result.structuredContent.siren).to.equal('005420120');
    expect(result._meta['x402/payment-response']).to.include({ success: true });
    expect(facilitator.settleCalls.length).to.equal(settledBefore + 1);
    await client.close();
  });

  it('a refused payment is an error result with the requirements again, and nothing is settled', async () => {
    const client = await connect();
    const payload: Json = await paymentQuotedTo(client);
    payload.payload.authorization.value = '1';
    const settledBefore = facilitator.settleCalls.length;
    const result: Json = await client.callTool({
      ...PROFILE_CALL,
      _meta: { 'x402/payment': payload },
    });
    expect(result.isError).to.equal(true);
    const error = x402ErrorOf(result);
    expect(error.code).to.equal(402);
    expect(error.data.error).to.be.a('string');
    expect(facilitator.settleCalls.length).to.equal(settledBefore);
    await client.close();
  });

  it('the free tools answer without payment: the dictionary, and a sample of a paid tool', async () => {
    const client = await connect();
    const dictionary: Json = await client.callTool({ name: 'get_register_dictionary', arguments: {} });
    expect(dictionary.isError ?? false).to.equal(false);
    expect(JSON.parse(dictionary.content[0].text).registres.map((r: Json) => r.code)).to.include('fr.sirene');
    const sample: Json = await client.callTool({
      name: 'get_sample',
      arguments: { tool: 'get_latvian_company_officers' },
    });
    expect(sample.isError ?? false).to.equal(false);
    expect(Object.keys(JSON.parse(sample.content[0].text))[0]).to.equal('citation');
    await client.close();
  });

  it('refuses GET and DELETE: the endpoint is stateless', async () => {
    expect((await fetch(`${t.baseUrl}/mcp`)).status).to.equal(405);
    expect((await fetch(`${t.baseUrl}/mcp`, { method: 'DELETE' })).status).to.equal(405);
  });

  it('a refusal names in Allow the methods it answers, POST and OPTIONS, and OPTIONS is answered', async () => {
    expect((await fetch(`${t.baseUrl}/mcp`)).headers.get('allow')).to.equal('POST, OPTIONS');
    const options = await fetch(`${t.baseUrl}/mcp`, { method: 'OPTIONS' });
    expect([options.status, options.headers.get('allow')]).to.deep.equal([204, 'POST, OPTIONS']);
  });
});
