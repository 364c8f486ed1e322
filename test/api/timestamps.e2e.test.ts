import { expect } from 'chai';
import { startDemoService } from '../support/paidDemoService.ts';
import type { RunningService } from '../support/service.ts';

/** Routes answered on the demo data (`npm start`), French and European, free and priced. */
const URLS = [
  '/v1/provenance/registres',
  '/v1/lecture',
  '/v1/recherche?q=sucreries',
  '/v1/entreprise/005420120',
  '/v1/entreprise/005420120/etablissements',
  '/v1/entreprise/005420120/changements?depuis=2000-01-01',
  '/v1/entreprise/005420120/alertes',
  '/v1/entreprise/005420120/financements-ue',
  '/v1/association/W643000551',
  '/v1/association/W751234567/annonces',
  '/v1/eu/recherche?q=paraugs',
  '/v1/eu/entreprise/LV/40003900001',
  '/v1/eu/entreprise/LV/40003900001/associes',
  '/v1/eu/entreprise/LV/40003900001/dirigeants',
  '/v1/eu/entreprise/LV/40003900001/comptes',
  '/v1/eu/entreprise/LV/40003900001/evenements',
  '/v1/eu/entreprise/EE/12652512',
  '/v1/eu/entreprise/EE/12652512/dirigeants',
];

/** Every string of a JSON value that reads as a date with a time. */
function timestamps(value: unknown, at = '$'): [string, string][] {
  if (typeof value === 'string') return /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}/.test(value) ? [[at, value]] : [];
  if (Array.isArray(value)) return value.flatMap((v, i) => timestamps(v, `${at}[${i}]`));
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([k, v]) => timestamps(v, `${at}.${k}`));
  }
  return [];
}

describe('Every timestamp served is ISO 8601 in UTC with Z (demo data)', () => {
  let t: RunningService;
  before(async () => {
    t = await startDemoService({ payment: false });
  });
  after(() => t.stop());

  it('no served timestamp lacks its Z, and the check sees timestamps', async () => {
    const found: [string, string][] = [];
    let answered = 0;
    for (const url of URLS) {
      const res = await fetch(`${t.baseUrl}${url}`);
      if (res.status !== 200) continue;
      answered++;
      found.push(...timestamps(await res.json(), url));
    }
    expect(answered).to.be.greaterThan(10);
    expect(found.length).to.be.greaterThan(5);
    const wrong = found.filter(([, v]) => !/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?Z$/.test(v));
    expect(wrong).to.deep.equal([]);
  });
});
