import { expect } from 'chai';
import { createRouteRegistry } from '../../../api/catalogue/registry.ts';
import { renderDocsPage } from '../../../api/pages/docsPage.ts';
import { escapeHtml, httpOrigin } from '../../../api/pages/html.ts';
import { landingLinks, renderLandingPage } from '../../../api/pages/landingPage.ts';
import { locateScalarBundle, scalarAssetName } from '../../../api/pages/scalarBundle.ts';

const HOSTILE = 'https://h.example/"><script>alert(1)</script>&x=\'';

describe('Pages: HTML rendering (unit)', () => {
  it('escapes the five characters that could open or close markup', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).to.equal(
      '&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;',
    );
  });

  it('the landing page escapes the base URL and the account URL', () => {
    const html = renderLandingPage(landingLinks(HOSTILE, `${HOSTILE}/compte`), {
      registry: createRouteRegistry([]),
      trial: null,
      site: { serverUrl: HOSTILE, accountUrl: `${HOSTILE}/compte` },
    });
    expect(html).not.to.include('<script>');
    expect(html).not.to.include('"><script');
    expect(html).to.include('&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;&amp;x=&#39;/docs');
  });

  it('the docs page escapes the base URL and its settings', () => {
    const html = renderDocsPage(HOSTILE, '/docs/assets/x.js', 'fr');
    expect(html).not.to.include('<script>alert');
    expect(html.match(/<script/g)).to.have.length(2);
    const configuration = html.match(/data-configuration="([^"]*)"/)![1]!;
    expect(configuration).to.include('&quot;telemetry&quot;:false');
  });

  it('names the bundle by its version, in characters safe in a path', () => {
    expect(scalarAssetName({ file: '/x', version: '1.72.1' })).to.equal('scalar-api-reference-1.72.1.js');
    expect(scalarAssetName({ file: '/x', version: '1.0.0+a/b' })).to.equal(
      'scalar-api-reference-1.0.0_a_b.js',
    );
  });

  it('finds the installed Scalar bundle', () => {
    const bundle = locateScalarBundle();
    expect(bundle?.file).to.match(/@scalar\/api-reference\/dist\/browser\/standalone\.js$/);
    expect(bundle?.version).to.match(/^\d+\.\d+\.\d+/);
  });

  it('takes an http(s) origin for the CSP, nothing else', () => {
    expect(httpOrigin('https://api.example:8443/base/')).to.equal('https://api.example:8443');
    expect(httpOrigin('javascript:alert(1)')).to.equal(null);
    expect(httpOrigin('not a url')).to.equal(null);
  });
});
