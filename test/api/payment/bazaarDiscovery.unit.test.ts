import { validateDiscoveryExtension } from '@x402/extensions/bazaar';
import { expect } from 'chai';
import { bazaarExtensionOf } from '../../../api/payment/bazaarDiscovery.ts';
import { rechercheRoute } from '../../../api/routes/recherche.ts';
import { PRICED_ROUTES } from '../../../app/readSide.ts';

// biome-ignore lint/suspicious/noExplicitAny: the extension is read as a facilitator reads it
type Bazaar = Record<string, any>;
const profile = PRICED_ROUTES.find((r) => r.id === 'entreprise.profil')!;

describe('x402 bazaar discovery extension of the quotes', () => {
  it('every priced route declares an extension the official validator accepts', () => {
    for (const route of PRICED_ROUTES) {
      const { bazaar } = bazaarExtensionOf(route) as Bazaar;
      expect(validateDiscoveryExtension(bazaar), route.id).to.deep.equal({ valid: true });
      expect(bazaar.info.input).to.include({ type: 'http', method: route.method });
    }
  });

  it('a POST route gives its JSON body’s schema and example', () => {
    const batch = PRICED_ROUTES.find((r) => r.id === 'kyb.batch')!;
    const { bazaar } = bazaarExtensionOf(batch) as Bazaar;
    expect(bazaar.info.input).to.include({ method: 'POST', bodyType: 'json' });
    expect(bazaar.info.input.body).to.deep.equal(batch.body!.example);
  });

  it('a query route gives its parameters with their schema and an example', () => {
    const { bazaar } = bazaarExtensionOf(rechercheRoute) as Bazaar;
    expect(bazaar.info.input.queryParams).to.deep.equal({ q: 'societe bretonne travaux publics' });
    expect(bazaar.schema.properties.input.properties.queryParams.required).to.deep.equal(['q']);
  });

  it('a path route gives its template and the path parameters as asked', () => {
    const { bazaar } = bazaarExtensionOf(profile, { siren: '552100554', champs: 'x' }) as Bazaar;
    expect(bazaar.routeTemplate).to.equal('/v1/entreprise/:siren');
    expect(bazaar.info.input.pathParams).to.deep.equal({ siren: '552100554' });
  });
});
