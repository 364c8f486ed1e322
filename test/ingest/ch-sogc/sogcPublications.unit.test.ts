import fs from 'node:fs';
import path from 'node:path';
import { expect } from 'chai';
import { createSogcReader, SOGC_RECORDINGS } from '../../../ingest/ch-sogc/chSogcLive.ts';
import { insolvencyMembers, publicationsMembers } from '../../../ingest/ch-sogc/sogcDetails.ts';
import { extractSogc, type SogcListRecord } from '../../../ingest/ch-sogc/sogcPublications.ts';
import type { LiveAnswer, LiveQueryClient } from '../../../ingest/core/liveQuery.ts';
import type { LiveUnavailableError } from '../../../schemas/live/liveUnavailable.ts';

// biome-ignore lint/suspicious/noExplicitAny: decoded wire JSON, changed field by field
type Json = any;

const live = (file: string): Json =>
  JSON.parse(fs.readFileSync(path.join(SOGC_RECORDINGS.folder, file), 'utf8'));
const HR02 = () => live('publication_HR02-1006740552.json');
const urlOf = (uid: string, rubrics = 'HR') =>
  `https://amtsblattportal.ch/api/v1/publications?publicationStates=PUBLISHED&tenant=shab&rubrics=${rubrics}&uids=${uid}&includeContent=true`;
const page = (content: Json[], total: number | undefined = content.length) => ({ content, total });

describe('Swiss gazette (SOGC): a company’s publications, without their free text', () => {
  it('the list recordings hold the three real publications unchanged', () => {
    for (const [uid, file] of [
      ['CHE-102.925.180', 'publication_HR03-1006740429.json'],
      ['CHE-307.336.313', 'publication_HR02-1006740552.json'],
      ['CHE-159.326.663', 'publication_HR01-1006740640.json'],
    ] as const) {
      const list = live(`publications_${uid}_HR_constructed.json`);
      expect(list.content).to.deep.equal([live(file)]);
    }
  });

  it('keeps a change’s structured facts: the new state, closed-list flags, the previous publication', () => {
    const record = extractSogc(200, page([HR02()]), urlOf('CHE-307.336.313'));
    expect(record).to.deep.include({ uid: 'CHE-307.336.313', rubriques: ['HR'], total: 1 });
    expect(record.forme).to.deep.equal({ code: '0107', personne: 'morale' });
    expect(record.publications[0]).to.deep.equal({
      id: 'f96f2242-6ee7-4ef5-a67a-cebe933a5006',
      date: '2026-08-26',
      numero: 'HR02-1006740552',
      rubrique: 'HR',
      sous_rubrique: 'HR02',
      type: 'modification',
      langue: 'fr',
      cantons: ['VS'],
      office: 'Registre du commerce du Bas-Valais',
      societe: {
        nom: 'Cristal swiss tour Sàrl',
        uid: 'CHE-307.336.313',
        siege: 'Saint-Gingolph',
        forme: { code: '0107', libelle: 'Société à responsabilité limitée' },
        adresse: { rue: 'Ruelle du Prolet', numero: '1', npa: '1898', localite: 'St-Gingolph' },
        capital: { nominal: 20000, libere: 20000 },
        renonciation_revision: false,
      },
      changements: ['siege', 'adresse'],
      publication_precedente: { date: '2025-01-06', numero: '1006221191' },
    });
    const kept = JSON.stringify(record);
    for (const name of ['Pogreban', 'Vadim', 'c/o', 'associé']) expect(kept).not.to.contain(name);
  });

  it('flags bankruptcy and liquidation from the status changes, the rest as closed-list flags', () => {
    const p = HR02();
    const flags = p.content.transaction.update.changements;
    flags.seatChanged = false;
    flags.addressChanged = false;
    flags.capitalChanged.paid = true;
    flags.statusChanged.bankruptcy.dissolution = true;
    flags.statusChanged.liquidation.dissolution.or731b = true;
    flags.statusChanged.reentry = true;
    const record = extractSogc(200, page([p]), urlOf('CHE-307.336.313'));
    expect(record.publications[0]!.changements).to.deep.equal([
      'capital',
      'faillite',
      'liquidation',
      'autres',
    ]);
  });

  it('keeps nothing of a sole proprietorship but its form; an undecided form likewise', () => {
    const sole = extractSogc(
      200,
      live('publications_CHE-100.000.012_HR_constructed.json'),
      urlOf('CHE-100.000.012'),
    );
    expect(sole).to.deep.include({
      total: 1,
      forme: { code: '0101', personne: 'physique' },
      publications: [],
    });
    expect(JSON.stringify(sole)).not.to.contain('Muster');
    const branch = HR02();
    branch.content.commonsNew.company.legalForm = '0151';
    const undecided = extractSogc(200, page([branch]), urlOf('CHE-307.336.313'));
    expect(undecided).to.deep.include({ forme: { code: '0151', personne: 'indecise' }, publications: [] });
    const unlisted = HR02();
    unlisted.content.commonsActual.company.legalForm = '0999';
    expect(extractSogc(200, page([unlisted]), urlOf('CHE-307.336.313')).forme).to.deep.equal({
      code: '0999',
      personne: 'indecise',
    });
  });

  it('refuses what is not the gazette’s list of that company', () => {
    const uid = 'CHE-307.336.313';
    const refused = (status: number, json: unknown, url = urlOf(uid)) => {
      try {
        extractSogc(status, json, url);
      } catch (err) {
        return (err as LiveUnavailableError).reason;
      }
      return 'accepted';
    };
    expect(refused(200, { total: 1 })).to.equal('illisible');
    expect(refused(404, page([]))).to.equal('illisible');
    expect(refused(200, page([HR02()], 0)), 'a count below the list').to.equal('illisible');
    expect(refused(200, page([], 2_790_323)), 'the whole gazette').to.equal('illisible');
    expect(refused(200, page([HR02()]), urlOf('CHE-102.925.180')), 'another company').to.equal('illisible');
    expect(refused(200, { content: [HR02()] }), 'no count, a page that is not full').to.equal('accepted');
  });

  it('serves the contract’s members; a cut list says so and does not claim its first date', () => {
    const pubs = Array.from({ length: 100 }, (_, i) => {
      const p = HR02();
      p.meta.id = `id-${i}`;
      p.meta.publicationNumber = `HR02-${1000 + i}`;
      p.meta.publicationDate = `2025-${String((i % 12) + 1).padStart(2, '0')}-10T00:00:00.000Z`;
      return p;
    });
    const record = extractSogc(200, page(pubs, 137), urlOf('CHE-307.336.313'));
    const body = publicationsMembers(record, '2026-08-27T10:00:00.000Z');
    expect(Object.keys(body)).to.deep.equal([
      'denomination',
      'nombre_publications',
      'nombre_listees',
      'troncature',
      'premiere_publication_le',
      'derniere_publication_le',
      'aucune_publication',
      'publications',
      'consulte_le',
      'listes_bornees',
      'couverture',
    ]);
    expect(body).to.deep.include({
      denomination: 'Cristal swiss tour Sàrl',
      nombre_publications: 137,
      nombre_listees: 100,
      troncature: true,
      premiere_publication_le: null,
      derniere_publication_le: '2025-12-10',
      aucune_publication: false,
    });
    expect(body.listes_bornees).to.deep.equal({
      publications: { nombre_total: 137, tronque: true, total_borne_basse: false },
    });
    expect((body.publications as Json[]).every((p) => p.texte_retenu === true)).to.equal(true);
  });

  it('insolvency: flagged register changes and the KK/NA/LS rubrics; a cut register list is a lower bound', () => {
    const flagged = HR02();
    flagged.content.transaction.update.changements.statusChanged.bankruptcy.dissolution = true;
    const register: SogcListRecord = extractSogc(200, page([flagged], 3), urlOf('CHE-307.336.313'));
    const insolvency = extractSogc(
      200,
      live('publications_CHE-102.925.180_KK-NA-LS_constructed.json'),
      urlOf('CHE-307.336.313', 'KK,NA,LS'),
    );
    const body = insolvencyMembers(register, insolvency, '2026-08-27T10:00:00.000Z');
    expect(body).to.deep.include({ nombre_publications: 3, nombre_listees: 3, troncature: true });
    expect(body.listes_bornees).to.deep.equal({
      publications: { nombre_total: 3, tronque: true, total_borne_basse: true },
    });
    expect((body.publications as Json[]).map((p) => [p.numero, p.rubrique, p.famille])).to.deep.equal([
      ['KK06-0000000002', 'KK', 'faillite'],
      ['HR02-1006740552', 'HR', 'faillite'],
      ['KK02-0000000001', 'KK', 'faillite'],
    ]);
  });
});

describe('Swiss gazette (SOGC) reader: who is served', () => {
  const answers = new Map<string, unknown>();
  const client: LiveQueryClient = {
    register: 'ch.sogc',
    async get(p, query = {}) {
      const key = `${query.uids} ${query.rubrics}`;
      const json = answers.get(key);
      const url = `https://amtsblattportal.ch/api/v1${p}?${new URLSearchParams(query)}`;
      const answer: LiveAnswer = {
        url,
        method: 'GET',
        status: 200,
        observedAt: '2026-08-27T10:00:00.000Z',
        bodySha256: 'a'.repeat(64),
        record: extractSogc(200, json, url),
        cached: false,
      };
      return answer;
    },
    getAll: () => Promise.reject(new Error('no questions asked together')),
    post: () => Promise.reject(new Error('no POST')),
    getBytes: () => Promise.reject(new Error('no document')),
    purgeBytes: async () => 0,
    circuit: () => 'closed',
  };
  const reader = createSogcReader(client);
  beforeEach(() => answers.clear());

  it('a branch (0151) is undecided: 404 forme_juridique_non_servie', async () => {
    const branch = HR02();
    branch.content.commonsNew.company.legalForm = '0151';
    answers.set('CHE-307.336.313 HR', page([branch]));
    const answer = await reader.details!.evenements!('CHE307336313', {});
    expect(answer).to.deep.include({ outcome: 'forme_indecise', forme_code: '0151' });
  });

  it('insolvency publications with no register publication to state the form are not served', async () => {
    answers.set('CHE-102.925.180 HR', page([]));
    answers.set('CHE-102.925.180 KK,NA,LS', live('publications_CHE-102.925.180_KK-NA-LS_constructed.json'));
    const answer = await reader.details!.insolvabilite!('CHE-102.925.180', {});
    expect(answer).to.deep.include({ outcome: 'forme_indecise', forme_code: null });
    expect(answer.observations).to.have.length(2);
  });

  it('a sole proprietorship is refused before its insolvency rubrics are asked', async () => {
    answers.set('CHE-100.000.012 HR', live('publications_CHE-100.000.012_HR_constructed.json'));
    const answer = await reader.details!.insolvabilite!('CHE-100.000.012', {});
    expect(answer.outcome).to.equal('personne_physique');
    expect(answer.observations).to.have.length(1);
  });
});
