import fs from 'node:fs';
import path from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { expect } from 'chai';
import { FRENCH_LIVE_SOURCES } from '../../../app/readSide.ts';
import { PEPPOL_RECORDINGS } from '../../../ingest/eu-peppol/euPeppolLive.ts';
import { WHITE_LIST_RECORDINGS } from '../../../ingest/pl-wl/plWhiteListLive.ts';
import { openAccount } from '../../../ops/accounts/openAccount.ts';
import { RAISONS_FACTURATION } from '../../../schemas/enums/raisonsFacturation.ts';
import { EU_PEPPOL_REGISTER } from '../../../schemas/events/euPeppolEvents.ts';
import { EU_VIES_REGISTER } from '../../../schemas/events/euViesEvents.ts';
import { LIVE_RECORD_OBSERVED } from '../../../schemas/events/liveEvents.ts';
import { PL_WHITE_LIST_REGISTER } from '../../../schemas/events/plWhiteListEvents.ts';
import { euFacturationSchema, frFacturationSchema } from '../../../schemas/responses/facturation.ts';
import { VIES_ANSWERS, viesBody, viesJson } from '../../ingest/eu-vies/viesRecordings.ts';
import { targetDescription } from '../../support/database.ts';
import { allEvents } from '../../support/eventLog.ts';
import { type PaidDemoService, startPaidDemoService } from '../../support/paidDemoService.ts';
import { recordedReplay } from '../../support/recordedLiveRegister.ts';
import { type ReplayAnswer, type ReplayServer, startReplayServer } from '../../support/replayServer.ts';

// biome-ignore lint/suspicious/noExplicitAny: decoded wire JSON, checked member by member
type Json = any;

const SOURCES = FRENCH_LIVE_SOURCES.filter((s) =>
  [EU_VIES_REGISTER, EU_PEPPOL_REGISTER, PL_WHITE_LIST_REGISTER].includes(s.info.register),
);
const recordingsOf = (code: string) => SOURCES.find((s) => s.info.register === code)!.parts.recordings;

/** The demo's Polish company (a real white-list answer) and the account it declares. */
const SERVICE_NIP = '7792422251';
const SERVICE_IBAN = 'PL19102052420000260203597267';
/** The Ministry of Finance's real answer: no KRS number, no legal-form word: its name is withheld. */
const MINISTRY_NIP = '5260250274';
/** One of the Ministry's declared accounts: a valid IBAN of the NBP, not declared by SERVICE_NIP. */
const MINISTRY_IBAN = 'PL12101010100075912221000000';
/** KBO demo legal persons (ingest/be-kbo/demo). */
const STRIC = '1029025290';
/** A KBO demo natural person (TypeOfEnterprise 1): its name is in the demo's denomination.csv. */
const NATURAL_PERSON = '0552627113';
const NATURAL_PERSON_NAME = 'Callebaut';
/** Valid KBO numbers no other test asks the directory about (its answers are kept 60 s in the process). */
const LISTED_9925 = '1029027171';
const UNANSWERED_9925 = '1029027270';
/** Sirene demo: the company with BODACC collective proceedings and a recorded VIES answer; a ceased one. */
const SUCRERIES = '005420120';
const CEASED = '005410949';

const peppolFile = (file: string) => fs.readFileSync(path.join(PEPPOL_RECORDINGS.folder, file), 'utf8');
const wlFile = (file: string) => fs.readFileSync(path.join(WHITE_LIST_RECORDINGS.folder, file), 'utf8');

/**
 * The real (trimmed) Equinor directory answer, its participant changed to the Belgian one asked and, when
 * told, its document types: built here for the tests, never recorded (no real Belgian answer was found).
 */
function peppolAnswerFor(participant: string, docTypes?: { scheme: string; value: string }[]): string {
  const json = JSON.parse(peppolFile('participant_0192_923609016_trimmed.json'));
  json.matches[0].participantID.value = participant;
  if (docTypes) json.matches[0].docTypes = docTypes;
  return JSON.stringify(json);
}

/** The real Ministry answer with another status or none: built here for the tests. */
function ministryAnswer(change: (json: Json) => void): string {
  const json = JSON.parse(wlFile('nip_5260250274_ministerstwo_finansow.json'));
  change(json);
  return JSON.stringify(json);
}

const codes = (body: Json) => body.verdict.raisons.map((r: Json) => r.code);

describe(`Invoicing checks /v1/eu/facturation/dossier and /v1/facturation/dossier (e2e, ${targetDescription})`, () => {
  let service: PaidDemoService;
  const replays: Record<string, ReplayServer> = {};
  const fail: Record<string, Map<string, ReplayAnswer>> = {
    [EU_VIES_REGISTER]: new Map(),
    [EU_PEPPOL_REGISTER]: new Map(),
    [PL_WHITE_LIST_REGISTER]: new Map(),
  };
  let key: string;

  before(async () => {
    for (const code of Object.keys(fail)) {
      replays[code] = await startReplayServer(recordedReplay(recordingsOf(code), fail[code]!));
    }
    service = await startPaidDemoService({
      demo: ['fr.sirene', 'fr.bodacc', 'be.kbo'],
      freeCallsPerMonth: 0,
      compose: {
        frenchLiveSources: SOURCES,
        liveUrls: Object.fromEntries(Object.entries(replays).map(([code, r]) => [code, r.url])),
        livePolicy: { timeoutMs: 1500, breaker: { failures: 50, halfOpenAfterMs: 300 } },
        viesRequesterVat: null,
      },
    });
    key = (await openAccount(service.t.service.store, { credits: 1_000_000 })).key;
    await service.t.service.runner.catchUp();
  });
  after(async () => {
    await service?.stop();
    for (const r of Object.values(replays)) await r.close();
  });
  afterEach(() => {
    for (const m of Object.values(fail)) m.clear();
  });

  const asked = () => Object.values(replays).reduce((n, r) => n + r.requests.length, 0);

  const call = async (route: string, query: Record<string, string>) => {
    const before = asked();
    const res = await fetch(`${service.t.baseUrl}${route}?${new URLSearchParams(query)}`, {
      headers: { 'X-Api-Key': key },
    });
    const text = await res.text();
    return { res, text, body: JSON.parse(text) as Json, upstream: asked() - before };
  };
  const eu = (query: Record<string, string>) => call('/v1/eu/facturation/dossier', query);
  const fr = (query: Record<string, string>) => call('/v1/facturation/dossier', query);

  const validEu = new Ajv2020({ strict: false, validateFormats: false }).compile(euFacturationSchema);
  const validFr = new Ajv2020({ strict: false, validateFormats: false }).compile(frFacturationSchema);

  describe('Poland (white list, live)', () => {
    // The outage first: a served answer would be served again from this process's cache.
    it('the white list down: liste_blanche absent (amont_indisponible), liste_blanche_non_verifiee, never an absence', async () => {
      fail[PL_WHITE_LIST_REGISTER]!.set('*', { status: 503 });
      const { res, body } = await eu({ pays: 'PL', id: MINISTRY_NIP, iban: MINISTRY_IBAN });
      expect(res.status).to.equal(200);
      expect(body.destinataire).to.equal(null);
      expect(body.banque.liste_blanche).to.equal(null);
      expect(body.blocs_absents).to.deep.include.members([
        {
          bloc: 'liste_blanche',
          raison: 'amont_indisponible',
          message: body.blocs_absents.find((b: Json) => b.bloc === 'liste_blanche').message,
        },
      ]);
      expect(codes(body)).to.include('liste_blanche_non_verifiee').and.not.include('iban_hors_liste_blanche');
      expect(body.verdict.pret_a_facturer).to.equal(false);
    });

    it('the demo company: named (a KRS company), its account on the list with the ministry’s requestId, bank PKO BP; $0.03', async () => {
      const { res, body } = await eu({ pays: 'PL', id: SERVICE_NIP, iban: SERVICE_IBAN });
      expect(res.status).to.equal(200);
      expect(res.headers.get('x-credits-charged')).to.equal('0.03');
      expect(validEu(body), JSON.stringify(validEu.errors)).to.equal(true);
      expect(body).to.include({ pays: 'PL', id: SERVICE_NIP, peppol: null });
      expect(body.destinataire).to.deep.equal({
        denomination: 'ZAKŁAD REMONTOWY SERVICE SPÓŁKA Z OGRANICZONĄ ODPOWIEDZIALNOŚCIĄ',
        nom_non_servi: null,
        etat: 'Czynny',
        etat_detail: 'statut TVA selon la liste blanche (statusVat) / VAT status on the white list',
        source: 'pl.wl',
      });
      expect(body.banque).to.deep.include({
        iban: SERVICE_IBAN,
        pays: 'PL',
        forme_valide: true,
        cle_valide: true,
        code_banque: '10205242',
        verification_titulaire: 'non_disponible',
      });
      expect(body.banque.banque).to.include({
        nom: 'Powszechna Kasa Oszczędności Bank Polski Spółka Akcyjna',
        bic: 'BPKOPLPWXXX',
        unite: null,
      });
      expect(body.banque.liste_blanche).to.include({
        sur_la_liste: true,
        identifiant_requete: 'jnima-866d64e',
      });
      expect(body.mandat).to.include({ canal_par_defaut: 'ksef', en_vigueur_depuis: '2026-02-01' });
      expect(body.provenance.map((p: Json) => p.registre)).to.include('pl.wl');
      // VIES has no recording for PL7792422251: not verified, never "invalid".
      expect(body.tva).to.equal(null);
      expect(codes(body)).to.deep.equal(['tva_non_verifiee']);
    });

    it('an account the NIP does not declare: iban_hors_liste_blanche (bloquant), the NBP branch named', async () => {
      const { body } = await eu({ pays: 'PL', id: SERVICE_NIP, iban: MINISTRY_IBAN });
      expect(body.banque.liste_blanche.sur_la_liste).to.equal(false);
      expect(body.banque.banque).to.include({
        nom: 'Narodowy Bank Polski',
        unite: 'Oddział Okręgowy w Warszawie',
      });
      expect(body.verdict.raisons).to.deep.include({
        code: 'iban_hors_liste_blanche',
        niveau: 'bloquant',
        source: 'pl.wl',
      });
      expect(body.verdict.pret_a_facturer).to.equal(false);
    });

    it('privacy, on a real answer: a name with no KRS number nor legal form is never served, nor logged', async () => {
      const { text, body } = await eu({ pays: 'PL', id: MINISTRY_NIP, iban: MINISTRY_IBAN });
      expect(body.destinataire).to.include({
        denomination: null,
        nom_non_servi: 'personne_physique_possible',
      });
      expect(body.banque.liste_blanche.sur_la_liste).to.equal(true);
      expect(text).to.not.contain('MINISTERSTWO');
      expect(text).to.not.contain('ŚWIĘTOKRZYSKA');
      const events = await allEvents(service.t.service.store);
      const text_ = (e: unknown) => JSON.stringify(e, (_k, v) => (typeof v === 'bigint' ? String(v) : v));
      expect(text_(events)).to.not.contain('MINISTERSTWO');
      // The white list's declared accounts are kept as digests, never as numbers.
      const observed = events.filter((e) => e.type === LIVE_RECORD_OBSERVED);
      expect(text_(observed)).to.contain('pl-wl-subject').and.not.contain('12101010100075912221000000');
    });

    it('no IBAN: banque null, iban_non_fourni (information)', async () => {
      const { body } = await eu({ pays: 'PL', id: SERVICE_NIP });
      expect(body.banque).to.equal(null);
      expect(body.verdict.raisons).to.deep.include({
        code: 'iban_non_fourni',
        niveau: 'information',
        source: 'requete',
      });
    });

    it('a NIP the list does not hold: destinataire_non_identifie', async () => {
      fail[PL_WHITE_LIST_REGISTER]!.set('/api/search/nip/1234563218', {
        status: 200,
        body: ministryAnswer((json) => {
          json.result.subject = null;
        }),
      });
      const { body } = await eu({ pays: 'PL', id: '1234563218' });
      expect(body.destinataire).to.equal(null);
      expect(body.verdict.raisons).to.deep.include({
        code: 'destinataire_non_identifie',
        niveau: 'bloquant',
        source: 'pl.wl',
      });
    });

    it('a taxpayer not active for VAT: tva_non_active', async () => {
      fail[PL_WHITE_LIST_REGISTER]!.set('/api/search/nip/5213000009', {
        status: 200,
        body: ministryAnswer((json) => {
          json.result.subject.statusVat = 'Zwolniony';
          json.result.subject.nip = '5213000009';
        }),
      });
      const { body } = await eu({ pays: 'PL', id: '5213000009' });
      expect(body.destinataire.etat).to.equal('Zwolniony');
      expect(codes(body)).to.include('tva_non_active');
    });
  });

  describe('Belgium (KBO copy, Peppol Directory and VIES live)', () => {
    it('the Peppol Directory down: peppol absent (amont_indisponible), peppol_non_verifie', async () => {
      fail[EU_PEPPOL_REGISTER]!.set('*', { status: 503 });
      const { res, body } = await eu({ pays: 'BE', id: '1029.025.785' });
      expect(res.status, JSON.stringify(body)).to.equal(200);
      expect(body.peppol).to.equal(null);
      expect(body.blocs_absents.map((b: Json) => [b.bloc, b.raison])).to.deep.include([
        'peppol',
        'amont_indisponible',
      ]);
      expect(codes(body)).to.include('peppol_non_verifie').and.not.include('peppol_non_trouve');
    });

    it('VIES down: tva absent (amont_indisponible), tva_non_verifiee, never tva_invalide', async () => {
      fail[EU_VIES_REGISTER]!.set('*', { status: 200, body: viesBody(VIES_ANSWERS.msUnavailable.file) });
      const { body } = await eu({ pays: 'BE', id: '1029025983' });
      expect(body.tva).to.equal(null);
      expect(body.blocs_absents.map((b: Json) => [b.bloc, b.raison])).to.deep.include([
        'tva',
        'amont_indisponible',
      ]);
      expect(codes(body)).to.include('tva_non_verifiee').and.not.include('tva_invalide');
    });

    it('listed with EN 16931 invoices, VAT valid, a known bank: pret_a_facturer', async () => {
      fail[EU_PEPPOL_REGISTER]!.set(STRIC, { status: 200, body: peppolAnswerFor(`0208:${STRIC}`) });
      fail[EU_VIES_REGISTER]!.set(`/ms/BE/vat/${STRIC}`, {
        status: 200,
        body: viesBody(VIES_ANSWERS.latvia.file),
      });
      const { res, body } = await eu({ pays: 'BE', id: `BE${STRIC}`, iban: 'BE71 0961 2345 6769' });
      expect(res.status).to.equal(200);
      expect(validEu(body), JSON.stringify(validEu.errors)).to.equal(true);
      expect(body.destinataire).to.deep.equal({
        denomination: 'STRIC',
        nom_non_servi: null,
        etat: 'actif',
        etat_detail: body.destinataire.etat_detail,
        source: 'be.kbo',
      });
      expect(body.tva).to.include({ numero: `BE${STRIC}`, statut: 'valide' });
      expect(body.peppol).to.include({
        annuaire: 'publie',
        joignable: true,
        identifiant: `0208:${STRIC}`,
        nom_enregistre: 'EQUINOR ASA',
        accepte_facture_en16931: true,
      });
      expect(body.banque.banque).to.include({ nom: 'BELFIUS BANK', bic: 'GKCCBEBB' });
      expect(body.mandat).to.include({
        canal_par_defaut: 'peppol',
        en_vigueur_depuis: '2026-01-01',
        en_vigueur: true,
      });
      expect(body.verdict).to.deep.equal({ pret_a_facturer: true, raisons: [] });
      expect(body.provenance.map((p: Json) => p.registre)).to.include.members(['eu.vies', 'eu.peppol']);
    });

    it('not in the directory (200, empty body): peppol_non_trouve, joignable null, never false', async () => {
      fail[EU_PEPPOL_REGISTER]!.set('1029025686', { status: 200 });
      const { body } = await eu({ pays: 'BE', id: '1029025686' });
      expect(body.peppol).to.include({
        annuaire: 'non_trouve',
        joignable: null,
        accepte_facture_en16931: null,
      });
      expect(body.verdict.raisons).to.deep.include({
        code: 'peppol_non_trouve',
        niveau: 'avertissement',
        source: 'eu.peppol',
      });
    });

    it('not listed under its KBO number (0208) but under its VAT number (9925): publie, both asked', async () => {
      fail[EU_PEPPOL_REGISTER]!.set(`0208%3A${LISTED_9925}`, { status: 200 });
      fail[EU_PEPPOL_REGISTER]!.set(`9925%3Abe${LISTED_9925}`, {
        status: 200,
        body: peppolAnswerFor(`9925:be${LISTED_9925}`),
      });
      const { body } = await eu({ pays: 'BE', id: LISTED_9925 });
      expect(body.peppol).to.include({
        annuaire: 'publie',
        joignable: true,
        identifiant: `9925:be${LISTED_9925}`,
      });
      expect(codes(body)).to.not.include('peppol_non_trouve');
      const asked = replays[EU_PEPPOL_REGISTER]!.requests.slice(-2).map((r) =>
        new URL(r.url, 'http://replay.invalid').searchParams.get('participant'),
      );
      expect(asked).to.deep.equal([
        `iso6523-actorid-upis::0208:${LISTED_9925}`,
        `iso6523-actorid-upis::9925:be${LISTED_9925}`,
      ]);
      expect(body.provenance.filter((p: Json) => p.registre === 'eu.peppol')).to.have.length(2);
    });

    it('not listed under 0208, the 9925 question unanswered: peppol absent, never non_trouve', async () => {
      fail[EU_PEPPOL_REGISTER]!.set(`0208%3A${UNANSWERED_9925}`, { status: 200 });
      fail[EU_PEPPOL_REGISTER]!.set(`9925%3Abe${UNANSWERED_9925}`, { status: 503 });
      const { body } = await eu({ pays: 'BE', id: UNANSWERED_9925 });
      expect(body.peppol).to.equal(null);
      expect(codes(body)).to.include('peppol_non_verifie').and.not.include('peppol_non_trouve');
    });

    it('listed without an EN 16931 invoice: peppol_sans_facture_en16931', async () => {
      fail[EU_PEPPOL_REGISTER]!.set('1029026082', {
        status: 200,
        body: peppolAnswerFor('0208:1029026082', [
          {
            scheme: 'busdox-docid-qns',
            value:
              'urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2::CreditNote##urn:cen.eu:en16931:2017#compliant#urn:fdc:peppol.eu:2017:poacc:billing:3.0::2.1',
          },
        ]),
      });
      const { body } = await eu({ pays: 'BE', id: '1029026082' });
      expect(body.peppol.accepte_facture_en16931).to.equal(false);
      expect(codes(body)).to.include('peppol_sans_facture_en16931');
    });

    it('VIES says invalid: tva_invalide (bloquant)', async () => {
      fail[EU_VIES_REGISTER]!.set('/ms/BE/vat/1029028458', {
        status: 200,
        body: JSON.stringify({ ...viesJson(VIES_ANSWERS.germanInvalid.file) }),
      });
      const { body } = await eu({ pays: 'BE', id: '1029028458' });
      expect(body.tva).to.include({ statut: 'invalide' });
      expect(body.verdict.raisons).to.deep.include({
        code: 'tva_invalide',
        niveau: 'bloquant',
        source: 'eu.vies',
      });
    });

    it('a valid IBAN of a bank the list does not hold: banque null, banque_non_identifiee (information)', async () => {
      const { body } = await eu({ pays: 'BE', id: '1029026280', iban: 'DE89370400440532013000' });
      expect(body.banque).to.include({ pays: 'DE', cle_valide: true, banque: null });
      expect(codes(body)).to.include('banque_non_identifiee');
    });

    it('privacy, on a real KBO row: a natural person’s enterprise is not named (destinataire_non_identifie)', async () => {
      const { text, body } = await eu({ pays: 'BE', id: NATURAL_PERSON });
      expect(body.destinataire).to.equal(null);
      expect(codes(body)).to.include('destinataire_non_identifie');
      expect(text).to.not.contain(NATURAL_PERSON_NAME);
    });
  });

  describe('refusals before any upstream call (400, never charged)', () => {
    const refused: [string, Record<string, string>, string][] = [
      ['a Belgian number failing mod 97', { pays: 'BE', id: '1029025291' }, 'id'],
      ['an establishment-unit number', { pays: 'BE', id: '2029025293' }, 'id'],
      ['a NIP failing its check digit', { pays: 'PL', id: '7792422252' }, 'id'],
      [
        'an IBAN failing its key',
        { pays: 'PL', id: SERVICE_NIP, iban: 'PL19102052420000260203597268' },
        'iban',
      ],
      ['a country not covered', { pays: 'DE', id: SERVICE_NIP }, 'pays'],
      ['no id', { pays: 'PL' }, 'id'],
    ];
    for (const [what, query, champ] of refused) {
      it(`${what}: 400 {error, champ: ${champ}, message}`, async () => {
        const { res, body, upstream } = await eu(query);
        expect(res.status).to.equal(400);
        expect(body).to.include({ champ });
        expect(body.error).to.be.a('string');
        expect(body.message).to.be.a('string');
        expect(res.headers.get('x-credits-charged')).to.equal('0');
        expect(upstream).to.equal(0);
      });
    }
    it('the French route: a SIREN failing Luhn, an invalid IBAN', async () => {
      for (const [query, champ] of [
        [{ siren: '005420121' }, 'siren'],
        [{ siren: SUCRERIES, iban: 'FR7630006000011234567890180' }, 'iban'],
      ] as const) {
        const { res, body, upstream } = await fr(query);
        expect(res.status).to.equal(400);
        expect(body).to.include({ champ });
        expect(res.headers.get('x-credits-charged')).to.equal('0');
        expect(upstream).to.equal(0);
      }
    });
  });

  describe('France (Sirene, VIES, BODACC)', () => {
    it('the demo company: identity, VAT valid, billing address, live proceedings → procedure_collective; $0.03', async () => {
      const { res, body } = await fr({ siren: SUCRERIES });
      expect(res.status).to.equal(200);
      expect(res.headers.get('x-credits-charged')).to.equal('0.03');
      expect(validFr(body), JSON.stringify(validFr.errors)).to.equal(true);
      expect(body.destinataire).to.deep.equal({
        denomination: 'SOCIETE DES SUCRERIES DU MARQUENTERRE',
        etat_administratif: 'A',
        categorie_juridique: body.destinataire.categorie_juridique,
      });
      expect(body.tva).to.include({ numero: 'FR68005420120', statut: 'valide' });
      expect(body.adresse_facturation.siret).to.match(/^005420120\d{5}$/);
      expect(body.procedures_collectives.length).to.be.greaterThan(0);
      expect(body.plateforme_reception.statut).to.equal('non_disponible');
      expect(body.mandat).to.include({
        canal_par_defaut: 'plateforme_agreee',
        en_vigueur_depuis: '2026-09-01',
      });
      expect(body.verdict.raisons).to.deep.equal([
        { code: 'procedure_collective', niveau: 'bloquant', source: 'fr.bodacc' },
        {
          code: 'plateforme_non_disponible',
          niveau: 'information',
          source: 'annuaire de la facturation électronique',
        },
        { code: 'iban_non_fourni', niveau: 'information', source: 'requete' },
      ]);
      expect(body.verdict.pret_a_facturer).to.equal(false);
    });

    it('a ceased company: destinataire_inactif; VIES unrecorded: tva_non_verifiee', async () => {
      const { res, body } = await fr({ siren: CEASED, iban: 'FR7630006000011234567890189' });
      expect(res.status).to.equal(200);
      expect(body.destinataire.etat_administratif).to.equal('C');
      expect(codes(body)).to.include.members([
        'destinataire_inactif',
        'tva_non_verifiee',
        'banque_non_identifiee',
      ]);
      expect(body.blocs_absents.map((b: Json) => b.bloc)).to.include('tva');
    });

    it('an unknown SIREN: 404 entreprise_inconnue, not charged', async () => {
      const { res, body } = await fr({ siren: '732829320' });
      expect(res.status).to.equal(404);
      expect(body.error).to.equal('entreprise_inconnue');
      expect(res.headers.get('x-credits-charged')).to.equal('0');
    });
  });

  it('GET /v1/lecture publishes the closed list of reasons with their levels', async () => {
    const res = await fetch(`${service.t.baseUrl}/v1/lecture`);
    const body = (await res.json()) as Json;
    expect(body.raisons_facturation.map((r: Json) => [r.code, r.niveau])).to.deep.equal(
      RAISONS_FACTURATION.map((r) => [r.code, r.niveau]),
    );
  });
});

describe(`Invoicing checks without their live sources nor a BODACC copy (e2e, ${targetDescription})`, () => {
  let service: PaidDemoService;
  let key: string;

  before(async () => {
    service = await startPaidDemoService({
      demo: ['fr.sirene', 'be.kbo'],
      freeCallsPerMonth: 0,
      compose: { frenchLiveSources: [] },
    });
    key = (await openAccount(service.t.service.store, { credits: 1_000_000 })).key;
    await service.t.service.runner.catchUp();
  });
  after(async () => {
    await service?.stop();
  });

  const get = async (route: string, query: Record<string, string>) => {
    const res = await fetch(`${service.t.baseUrl}${route}?${new URLSearchParams(query)}`, {
      headers: { 'X-Api-Key': key },
    });
    return { res, body: (await res.json()) as Json };
  };
  const absent = (body: Json) => body.blocs_absents.map((b: Json) => [b.bloc, b.raison]);

  it('BE: VIES and the Peppol Directory not configured: registre_non_configure, their reasons “not verified”', async () => {
    const { res, body } = await get('/v1/eu/facturation/dossier', { pays: 'BE', id: STRIC });
    expect(res.status).to.equal(200);
    expect(absent(body)).to.deep.include.members([
      ['tva', 'registre_non_configure'],
      ['peppol', 'registre_non_configure'],
    ]);
    expect(codes(body)).to.include.members(['tva_non_verifiee', 'peppol_non_verifie']);
    expect(body.destinataire.denomination).to.equal('STRIC');
  });

  it('PL: the white list not configured: registre_non_configure, liste_blanche_non_verifiee', async () => {
    const { body } = await get('/v1/eu/facturation/dossier', {
      pays: 'PL',
      id: SERVICE_NIP,
      iban: SERVICE_IBAN,
    });
    expect(absent(body)).to.deep.include(['liste_blanche', 'registre_non_configure']);
    expect(codes(body)).to.include('liste_blanche_non_verifiee').and.not.include('iban_hors_liste_blanche');
    expect(body.banque.liste_blanche).to.equal(null);
  });

  it('FR: no BODACC copy: procedures_collectives null and absent, procedures_non_verifiees', async () => {
    const { res, body } = await get('/v1/facturation/dossier', { siren: SUCRERIES });
    expect(res.status).to.equal(200);
    expect(body.procedures_collectives).to.equal(null);
    expect(absent(body)).to.deep.include(['procedures_collectives', 'copie_indisponible']);
    expect(body.verdict.raisons).to.deep.include({
      code: 'procedures_non_verifiees',
      niveau: 'avertissement',
      source: 'fr.bodacc',
    });
    expect(codes(body)).to.not.include('procedure_collective');
  });
});
