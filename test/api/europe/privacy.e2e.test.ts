import { readFileSync } from 'node:fs';
import { expect } from 'chai';
import Papa from 'papaparse';
import { targetDescription } from '../../support/database.ts';
import { BRREG_ENHETER_SAMPLE, getJson, startEuropeServiceIngested } from '../../support/europeService.ts';
import type { RunningService } from '../../support/service.ts';

/** Names of the natural persons trading as sole proprietors (ENK) in the real brreg sample. */
const norwegianSoleTraders = Papa.parse<Record<string, string>>(readFileSync(BRREG_ENHETER_SAMPLE, 'utf8'), {
  header: true,
})
  .data.filter((r) => r['organisasjonsform.kode'] === 'ENK')
  .map((r) => ({ id: r.organisasjonsnummer!, name: r.navn! }));

/** What identifies a natural person in the fixtures: never served by any route. */
const PERSONAL_IDENTIFIERS = [
  // Estonia: personal codes, their hash, birth dates, e-mail, home address.
  '48505059999',
  '37001019999',
  // Estonia: a board member's personal code quoted inside a special representation condition.
  '38507079995',
  '9f2c0d0e5a7b1c3d',
  '05.05.1985',
  '1985-05-05',
  'kadri.naidis@example.invalid',
  'Salajane',
  '+372 5555 0000',
  // Estonia: founders' and beneficial owners' codes, hashes, foreign codes, birth dates, e-mail, address.
  '48811119999',
  '47002029999',
  '5b1e0c7f9a2d4e6b',
  '0a9b8c7d6e5f4a3b',
  'FI-010180-999X',
  '11.11.1988',
  '1988-11-11',
  '02.02.1970',
  '01.01.1980',
  'mari.asutaja@example.invalid',
  'Peidetud',
  // Latvia: masked identity numbers and birth dates.
  '120380-',
  '010175-',
  '020290-',
  '030385-',
  '040470-',
  '1980-03-12',
  '1975-01-01',
  '1990-02-02',
  '1970-04-04',
];
/** Sole traders' names (EE FIE, LV IK): never served. */
const SOLE_TRADER_NAMES = ['Kertu Kaasik', 'Kaasik-Näidis', 'Paraudziņš'];
/** Natural persons who are shareholders or beneficial owners: counted, never named. */
const SHAREHOLDER_NAMES = {
  EE: ['Kadri', 'Tamm-Näidis', 'Asutaja-Näidis', 'Kaudne-Näidis', 'Endine-Näidis'],
  LV: ['Ozoliņa', 'Ilze', 'Dubults', 'Mārtiņš'],
};

const EE_IDS = ['12652512', '16900001', '10900002', '14900003', '90000004'];
const LV_IDS = [
  '40003900001',
  '40103900002',
  '40003900003',
  '40008900005',
  '41500900004',
  '40003900006',
  '40003900007',
];

describe(`European routes never name or identify a natural person where the contract forbids it (e2e, ${targetDescription})`, () => {
  let t: RunningService;
  before(async () => {
    t = await startEuropeServiceIngested(new Date('2026-11-20T10:00:00Z'), '2026-11-18');
  });
  after(() => t?.stop());

  async function texts(paths: string[]): Promise<string> {
    const out: string[] = [];
    for (const p of paths) out.push((await getJson(`${t.baseUrl}${p}`)).text);
    return out.join('\n');
  }
  const expectNone = (text: string, forbidden: string[]) => {
    for (const f of forbidden) expect(text, f).not.to.contain(f);
  };

  it('the sample really holds Norwegian sole traders (the test below can fail)', () => {
    expect(norwegianSoleTraders.length).to.be.greaterThan(5);
  });

  it('profile: no sole trader’s name, no personal identifier', async () => {
    const text = await texts([
      ...norwegianSoleTraders.map((s) => `/v1/eu/entreprise/NO/${s.id}`),
      ...EE_IDS.map((id) => `/v1/eu/entreprise/EE/${id}`),
      ...LV_IDS.map((id) => `/v1/eu/entreprise/LV/${id}`),
    ]);
    expectNone(text, [
      ...norwegianSoleTraders.map((s) => s.name),
      ...SOLE_TRADER_NAMES,
      ...PERSONAL_IDENTIFIERS,
    ]);
  });

  it('search: no sole trader’s name, even searched by name', async () => {
    const queries = [
      ...norwegianSoleTraders.map((s) => s.name),
      ...SOLE_TRADER_NAMES,
      'Ilze',
      'Kadri',
      'Ozoliņa',
    ];
    const text = await texts(queries.map((q) => `/v1/eu/recherche?q=${encodeURIComponent(q)}`));
    expectNone(text, [
      ...norwegianSoleTraders.map((s) => s.name),
      ...SOLE_TRADER_NAMES,
      ...PERSONAL_IDENTIFIERS,
    ]);
  });

  it('EE officers: names and role only, never a personal code, birth date, e-mail or address', async () => {
    const text = await texts(EE_IDS.map((id) => `/v1/eu/entreprise/EE/${id}/dirigeants`));
    expect(text).to.contain('Tamm-Näidis'); // officers are named by the contract
    expect(text).to.contain('esindavad osaühingut ühiselt'); // the rule quoting a personal code is served
    expectNone(text, [...PERSONAL_IDENTIFIERS, ...SOLE_TRADER_NAMES]);
  });

  it('EE accounts and events: no sole proprietor, no personal identifier', async () => {
    const text = await texts(
      EE_IDS.flatMap((id) => ['comptes', 'evenements'].map((p) => `/v1/eu/entreprise/EE/${id}/${p}`)),
    );
    expect(text).to.contain('Likvideerimisel');
    expectNone(text, [...PERSONAL_IDENTIFIERS, ...SOLE_TRADER_NAMES]);
  });

  it('EE members: natural-person shareholders are never named', async () => {
    const text = await texts(EE_IDS.map((id) => `/v1/eu/entreprise/EE/${id}/associes`));
    expect(text).to.contain('Näidis Holding OÜ');
    expectNone(text, [...SHAREHOLDER_NAMES.EE, ...PERSONAL_IDENTIFIERS, ...SOLE_TRADER_NAMES]);
  });

  it('EE beneficial owners: never named, never identified', async () => {
    const text = await texts(EE_IDS.map((id) => `/v1/eu/entreprise/EE/${id}/beneficiaires-effectifs`));
    expect(text).to.contain('nombre_beneficiaires');
    expectNone(text, [...SHAREHOLDER_NAMES.EE, ...PERSONAL_IDENTIFIERS, ...SOLE_TRADER_NAMES]);
  });

  it('LV members: natural persons are never named', async () => {
    const text = await texts(LV_IDS.map((id) => `/v1/eu/entreprise/LV/${id}/associes`));
    expect(text).to.contain('Paraugs Tirdzniecība');
    expectNone(text, [...SHAREHOLDER_NAMES.LV, ...PERSONAL_IDENTIFIERS, ...SOLE_TRADER_NAMES]);
  });

  it('LV beneficial owners: never named', async () => {
    const text = await texts(LV_IDS.map((id) => `/v1/eu/entreprise/LV/${id}/beneficiaires-effectifs`));
    expect(text).to.contain('nombre_beneficiaires');
    expectNone(text, [...SHAREHOLDER_NAMES.LV, ...PERSONAL_IDENTIFIERS, ...SOLE_TRADER_NAMES]);
  });

  it('LV officers: never a masked identity number or a birth date', async () => {
    const text = await texts(LV_IDS.map((id) => `/v1/eu/entreprise/LV/${id}/dirigeants`));
    expect(text).to.contain('Kalniņš-Paraugs Pēteris');
    expectNone(text, [...PERSONAL_IDENTIFIERS, ...SOLE_TRADER_NAMES]);
  });

  it('LV events, insolvency and accounts: bailiffs and notaries by role only, no personal identifier', async () => {
    const text = await texts(
      LV_IDS.flatMap((id) =>
        ['evenements', 'insolvabilite', 'comptes'].map((p) => `/v1/eu/entreprise/LV/${id}/${p}`),
      ),
    );
    expect(text).to.contain('huissier_de_justice');
    expectNone(text, ['Paraudziņa-Liepa', 'Ieva', ...PERSONAL_IDENTIFIERS, ...SOLE_TRADER_NAMES]);
  });

  it('personal identifiers do not even enter the event log through ingestion', async () => {
    // The served-response log records the queries clients sent (a search for "Ilze"): not ingestion.
    const { rows } = await t.db.knex.raw(
      `select data::text as data from events where stream_id not like 'served-%'`,
    );
    const log = (rows as { data: string }[]).map((r) => r.data).join('\n');
    expect(log).to.contain('Näidis Tarkvara OÜ');
    expectNone(log, [
      ...PERSONAL_IDENTIFIERS,
      ...SHAREHOLDER_NAMES.LV,
      'Dubults',
      'Asutaja-Näidis',
      'Kaudne-Näidis',
      'Endine-Näidis',
    ]);
  });
});
