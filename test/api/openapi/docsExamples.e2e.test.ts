import { expect } from 'chai';
import { startDemoService } from '../../support/paidDemoService.ts';
import type { RunningService } from '../../support/service.ts';

// biome-ignore lint/suspicious/noExplicitAny: the OpenAPI document is walked member by member
type Json = any;

/**
 * What the docs page (`/docs`, Scalar) shows is the OpenAPI document: its examples must be written with an API
 * key in `X-Api-Key`, and each route's example must be its real sample answer, not a placeholder built from the
 * schema ("string"). Issue 45, defect 6.
 */
describe('The docs page: key-first examples and real sample answers (e2e)', () => {
  let t: RunningService;
  let doc: Json;
  before(async () => {
    t = await startDemoService({ demo: ['fr.sirene'] });
    const started = Date.now();
    doc = await (await fetch(`${t.baseUrl}/openapi.json`)).json();
    console.log(`      (the document with its examples: ${Date.now() - started} ms)`);
  });
  after(async () => {
    await t?.stop();
  });

  const priced = () =>
    Object.values(doc.paths as Record<string, { get?: Json; post?: Json }>)
      .map((p) => p.get ?? p.post)
      .filter((op) => op['x-prix-unites-atomiques'] > 0);

  it('lists the API key in X-Api-Key first on every priced operation, x402 last', () => {
    const schemes = doc.components.securitySchemes;
    for (const op of priced()) {
      const first = Object.keys(op.security[0])[0]!;
      expect(schemes[first], op.operationId).to.include({ type: 'apiKey', in: 'header', name: 'X-Api-Key' });
      expect(Object.keys(op.security.at(-1))[0], op.operationId).to.equal('x402');
    }
  });

  it('tells the reference to build its examples with that scheme, not with the x402 header', async () => {
    const html = await (await fetch(`${t.baseUrl}/docs`)).text();
    const configuration = JSON.parse(
      (html.match(/data-configuration="([^"]*)"/)?.[1] ?? '{}').replaceAll('&quot;', '"'),
    ) as Json;
    const preferred = configuration.authentication?.preferredSecurityScheme;
    expect(doc.components.securitySchemes[preferred]).to.include({ name: 'X-Api-Key' });
    expect(JSON.stringify(configuration)).not.to.include('YOUR_SECRET_TOKEN');
  });

  it('shows the profile route’s real sample answer as its example', async () => {
    const sample = (await (await fetch(`${t.baseUrl}/v1/echantillons/entreprise.profil`)).json()) as Json;
    const example =
      doc.paths['/v1/entreprise/{siren}'].get.responses['200'].content['application/json'].example;
    expect(example, 'example').to.be.an('object');
    // The same answer but for the time it was served, which the citation ends with.
    const untimed = (citation: string) => citation.replace(/ le \d{4}-\d\d-\d\dT[\d:]+Z$/, '');
    expect(untimed(example.citation)).to.equal(untimed(sample.citation));
    expect(example.citation).not.to.equal(untimed(example.citation));
    expect(example.provenance).to.deep.equal(sample.provenance);
    expect(example.siren).to.equal(sample.siren);
    expect(example.denomination).to.be.a('string').and.not.equal('string');
  });

  it('gives every route whose sample answers a real example, and no other', async () => {
    const withExample = priced().filter((op) => op.responses['200'].content['application/json']?.example);
    expect(withExample.map((op) => op.operationId)).to.include.members(['entreprise.profil', 'recherche']);
    for (const op of withExample) {
      const example = op.responses['200'].content['application/json'].example;
      expect(example.citation, op.operationId).to.be.a('string').and.not.equal('string');
    }
    // A register without demo data here (no pass) has no 2xx sample: its route shows its schema alone.
    const eu = doc.paths['/v1/eu/entreprise/{pays}/{id}']?.get;
    if (eu) expect(eu.responses['200'].content['application/json'].example).to.equal(undefined);
  });
});
