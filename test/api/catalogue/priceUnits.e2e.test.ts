import { expect } from 'chai';
import { type PaidDemoService, startPaidDemoService } from '../../support/paidDemoService.ts';

// biome-ignore lint/suspicious/noExplicitAny: JSON documents walked member by member
type Json = any;

/** Prices are written in dollars, credits are euros: each price list says what a number means. Issue 45, defect 10. */
describe('What a price means: 1 credit = 1 EUR, x402 the same number in USDC or EURC (e2e)', () => {
  let paid: PaidDemoService;
  before(async () => {
    paid = await startPaidDemoService({ demo: [] });
  });
  after(async () => {
    await paid?.stop();
  });

  const saysBoth = (text: string) => {
    expect(text).to.include('1 crédit = 1 EUR');
    expect(text).to.include('le même nombre en USDC ou en EURC, sans conversion de change');
    expect(text).to.include('1 credit = 1 EUR');
    expect(text).to.include('the same number in USDC or EURC, with no exchange-rate conversion');
  };

  it('the JSON catalogue says it once, then lists every priced route with its price', async () => {
    const res = await fetch(`${paid.t.baseUrl}/v1/catalogue.json`);
    expect(res.status).to.equal(200);
    const body = (await res.json()) as Json;
    expect(body.unites.credit).to.equal('1 crédit = 1 EUR');
    saysBoth(`${body.unites.fr} ${body.unites.en}`);
    const doc = (await (await fetch(`${paid.t.baseUrl}/openapi.json`)).json()) as Json;
    const pricedPaths = Object.entries(doc.paths as Record<string, Json>)
      .filter(([, p]) => (p.get ?? p.post)['x-prix-unites-atomiques'] > 0)
      .map(([path]) => path);
    expect(body.nombre_routes).to.equal(pricedPaths.length);
    expect(body.routes.map((r: Json) => r.chemin)).to.have.members(pricedPaths);
    const profile = body.routes.find((r: Json) => r.chemin === '/v1/entreprise/{siren}');
    expect(profile).to.include({ prix: '$0.005', prix_unites_atomiques: 5000 });
  });

  it('the OpenAPI document, which the docs page renders first, says it in its description', async () => {
    const doc = (await (await fetch(`${paid.t.baseUrl}/openapi.json`)).json()) as Json;
    saysBoth(doc.info.description);
  });

  it('the account page says it', async () => {
    const res = await fetch(`${paid.t.baseUrl}/compte`);
    expect(res.status).to.equal(200);
    const html = (await res.text()).replaceAll('&#39;', "'");
    saysBoth(html);
  });
});
