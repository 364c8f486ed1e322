import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from 'chai';
import Koa from 'koa';
import compress from 'koa-compress';
import type { RouteDefinition } from '../../api/catalogue/route.ts';
import type { AppState } from '../../api/state.ts';
import { PRICED_ROUTES } from '../../app/readSide.ts';
import {
  checkResponsesOf,
  checkServedResponse,
  describeViolations,
  responseSchemaFor,
  responsesWritten,
  takeResponseViolations,
} from '../support/responseSchemas.ts';

const envelope = {
  citation: 'Brønnøysundregistrene (version 2024-01-02) — servi par Registres API le 2024-01-02T00:00:00Z',
  provenance: [{ registre: 'NO-BRREG', version: '2024-01-02', date_photo: '2024-01-02' }],
  source: 'Enhetsregisteret',
  disclaimer: 'Données publiées telles quelles.',
  data_freshness: 'photo du 2024-01-02',
};
const profile = {
  pays: 'NO',
  registre: 'Enhetsregisteret',
  id_national: '998543118',
  denomination: 'EKSEMPEL AS',
  forme_juridique: { code: 'AS', libelle: 'Aksjeselskap' },
  statut: 'actif',
  statut_detail: null,
  date_creation: '2012-03-04',
  adresse_siege: { adresse: null, code_postal: '0150', ville: 'OSLO', pays: 'Norge' },
  identifiants: { tva: null, lei: null },
  lien_registre: null,
};

const euProfileRoute = PRICED_ROUTES.find((r) => r.id === 'eu.entreprise.profil')!;

describe('Response schemas of the e2e check (test/support/responseSchemas.ts)', () => {
  it('a priced 2xx is checked against envelope + the route’s responseSchema, as the OpenAPI document composes it', () => {
    const schema = responseSchemaFor(euProfileRoute, 200)!;
    expect(schema.declared).to.equal('GET /v1/eu/entreprise/{pays}/{id} responses.200 application/json');
    expect(schema.validate({ ...envelope, ...profile }), JSON.stringify(schema.validate.errors)).to.equal(
      true,
    );

    // The route's own schema: a status outside the closed list, a date that is not one.
    expect(schema.validate({ ...envelope, ...profile, statut: 'vivant' })).to.equal(false);
    expect(schema.validate.errors!.map((e) => e.instancePath)).to.include('/statut');
    expect(schema.validate({ ...envelope, ...profile, date_creation: '04/03/2012' })).to.equal(false);
    // The envelope: a paid body without its citation.
    const { citation: _, ...uncited } = envelope;
    expect(schema.validate({ ...uncited, ...profile })).to.equal(false);
    expect(schema.validate.errors!.some((e) => e.params.missingProperty === 'citation')).to.equal(true);
    // The bare handler body is not what a priced route serves.
    expect(schema.validate(profile)).to.equal(false);
  });

  it('an error is checked against Erreur, a 402 against the quote or credits_insuffisants', () => {
    const notFound = responseSchemaFor(euProfileRoute, 404)!;
    expect(notFound.validate({ error: 'entreprise_inconnue', message: 'Inconnue.' })).to.equal(true);
    expect(notFound.validate({ error: 'entreprise_inconnue' })).to.equal(false);
    const outsideRoutes = responseSchemaFor(undefined, 404)!;
    expect(outsideRoutes.validate({ code: 'route_inconnue', message: 'x' })).to.equal(false);
    const paymentRequired = responseSchemaFor(euProfileRoute, 402)!;
    expect(paymentRequired.validate({ error: 'paiement_requis', message: 'Paiement requis.' })).to.equal(
      false,
    );
    expect(
      paymentRequired.validate({
        error: 'credits_insuffisants',
        message: 'Solde insuffisant.',
        price: '$0.01',
        credits_restants: '0.000000',
        free_tier: { inclus: true, appels_par_mois: 150, compte_url: 'https://registres.example/compte' },
      }),
    ).to.equal(true);
    expect(responseSchemaFor(undefined, 200)).to.equal(null);
  });

  it('an error admits only the codes the route declares for its status', () => {
    const badRequest = responseSchemaFor(euProfileRoute, 400)!;
    expect(badRequest.validate({ error: 'pays_non_couvert', message: 'x' })).to.equal(true);
    expect(badRequest.validate({ error: 'parametre_invalide', champ: 'id', message: 'x' })).to.equal(true);
    // A code of the closed list the route never answers, and one answered with another status.
    expect(badRequest.validate({ error: 'tri_refuse', message: 'x' })).to.equal(false);
    expect(badRequest.validate({ error: 'entreprise_inconnue', message: 'x' })).to.equal(false);
  });

  it('records an error status the route does not declare at all, naming its code', () => {
    const found = checkServedResponse({
      route: { ...euProfileRoute, errors: [] },
      method: 'GET',
      url: '/v1/eu/entreprise/NO/998543118',
      status: 404,
      contentType: 'application/json',
      body: Buffer.from(JSON.stringify({ error: 'entreprise_inconnue', message: 'x' })),
    });
    expect(found?.problem).to.equal(
      'status 404 is not declared for GET /v1/eu/entreprise/{pays}/{id} (error entreprise_inconnue)',
    );
  });

  describe('the middleware put first in the app', () => {
    const route: RouteDefinition = {
      id: 'test.document',
      method: 'GET',
      path: '/test/document',
      summary: 'A free JSON document, large enough to be compressed.',
      params: [],
      price: 0,
      freeTier: true,
      registers: [],
      projections: [],
      responseSchema: {
        type: 'object',
        required: ['lignes'],
        properties: { lignes: { type: 'array', items: { type: 'integer' } } },
      },
      handler: async () => ({ body: {} }),
    };
    let server: http.Server;
    let baseUrl: string;
    before(async () => {
      const koa = new Koa<AppState>();
      koa.use(compress({ threshold: 1024 }));
      koa.use(async (ctx) => {
        ctx.state.route = route;
        const lignes = Array.from({ length: 600 }, (_, i) => i);
        if (ctx.path === '/test/drift') lignes[599] = 'six cents' as unknown as number;
        ctx.body = Buffer.from(JSON.stringify({ lignes }));
        ctx.type = 'application/json; charset=utf-8';
      });
      checkResponsesOf(koa);
      server = http.createServer(koa.callback());
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    });
    after(() => new Promise<void>((resolve) => server.close(() => resolve())));

    it('records a body that violates the route’s schema, from the compressed bytes sent', async () => {
      const res = await fetch(`${baseUrl}/test/drift`, { headers: { 'Accept-Encoding': 'gzip' } });
      expect(res.headers.get('content-encoding')).to.equal('gzip');
      await res.arrayBuffer();
      await responsesWritten();
      const found = takeResponseViolations();
      expect(found).to.have.length(1);
      expect(found[0]).to.include({
        routeId: 'test.document',
        status: 200,
        url: '/test/drift',
        method: 'GET',
      });
      expect(found[0]!.errors.map((e) => e.instancePath)).to.deep.equal(['/lignes/599']);
      expect(describeViolations(found)).to.contain('GET /test/drift → 200 (route test.document)');
    });

    it('records nothing for a body that matches', async () => {
      const res = await fetch(`${baseUrl}/test/document`, { headers: { 'Accept-Encoding': 'br' } });
      expect(res.headers.get('content-encoding')).to.equal('br');
      await res.arrayBuffer();
      await responsesWritten();
      expect(takeResponseViolations()).to.deep.equal([]);
    });
  });
});
