import fs from 'node:fs';
import path from 'node:path';
import { expect } from 'chai';
import type { UnitRow } from '../../../api/routes/entreprise/unitFields.ts';
import { kybDirigeantsOf } from '../../../api/routes/kyb/kybOfficers.ts';
import { kybSignalsOf, type SignalFacts } from '../../../api/routes/kyb/kybSignals.ts';
import { screeningCandidates } from '../../../api/routes/kyb/readKyb.ts';
import { RNE_RECORDINGS } from '../../../ingest/fr-rne/frRneLive.ts';
import { extractRneDirigeants } from '../../../ingest/fr-rne/rneDirigeants.ts';
import type { Signal } from '../../../projections/fr-bodacc-annonces/signalOf.ts';

// biome-ignore lint/suspicious/noExplicitAny: decoded recording, read field by field
type Json = any;

/** Danone's real RNE record: eleven natural-person officers and two statutory auditors (legal persons). */
const DANONE = '552032534';
const raw = JSON.parse(
  fs.readFileSync(path.join(RNE_RECORDINGS.folder, `companies_${DANONE}.json`), 'utf8'),
) as Json;
const record = extractRneDirigeants(
  200,
  raw,
  `https://registre-national-entreprises.inpi.fr/api/companies/${DANONE}`,
);

/** Every natural person's name and first names the recording holds. */
const individuals: string[] = (raw.formality.content.personneMorale.composition.pouvoirs as Json[])
  .filter((p) => p.typeDePersonne === 'INDIVIDU')
  .flatMap((p) => [p.individu.descriptionPersonne.nom, ...(p.individu.descriptionPersonne.prenoms ?? [])])
  .filter((n): n is string => typeof n === 'string' && n.length > 2);

describe('KYB officers: legal persons named, natural persons counted (real RNE record)', () => {
  it('names the two audit firms and counts the eleven natural persons by role', () => {
    const officers = kybDirigeantsOf(record.dirigeants);
    expect(officers.personnes_morales.map((p) => p.denomination)).to.deep.equal([
      'ERNST & YOUNG AUDIT',
      'FORVIS MAZARS SA',
    ]);
    expect(officers.personnes_physiques.nombre).to.equal(11);
    const total = officers.personnes_physiques.par_fonction.reduce((n, r) => n + r.nombre, 0);
    expect(total).to.equal(11);
    const byCode = Object.fromEntries(
      officers.personnes_physiques.par_fonction.map((r) => [r.code_fonction, r.nombre]),
    );
    expect(byCode).to.include({ '53': 1, '65': 9, '51': 1 });
  });

  it('holds no natural person’s name', () => {
    expect(individuals.length).to.be.greaterThan(10);
    const served = JSON.stringify(kybDirigeantsOf(record.dirigeants)).toLowerCase();
    for (const name of individuals) expect(served, name).to.not.contain(name.toLowerCase());
  });

  it('screens the company, its legal-person officers and its declared parents, and no natural person', () => {
    const officers = kybDirigeantsOf(record.dirigeants);
    const candidates = screeningCandidates({ siren: DANONE, denomination: 'DANONE', lei: null }, officers, {
      etat: 'renseigne',
      lei: '969500KSV493XWY0PS54',
      statut_enregistrement_lei: 'ISSUED',
      date_photo: '2026-11-28',
      mere_directe: { etat: 'non_declare' },
      mere_ultime: {
        etat: 'mere',
        lei: '529900EHK2Q3Y9YDCW20',
        denomination: 'EXAMPLE PARENT',
        pays: 'FR',
        relationship: {
          type: 'IS_ULTIMATELY_CONSOLIDATED_BY',
          statut: 'ACTIVE',
          statut_enregistrement: 'PUBLISHED',
        },
      },
    });
    expect(candidates.map((c) => [c.qualite, c.denomination])).to.deep.equal([
      ['entreprise', 'DANONE'],
      ['dirigeant', 'ERNST & YOUNG AUDIT'],
      ['dirigeant', 'FORVIS MAZARS SA'],
      ['mere_ultime', 'EXAMPLE PARENT'],
    ]);
  });
});

const unit = (over: Partial<UnitRow> = {}): UnitRow =>
  ({
    siren: '005420120',
    statut_diffusion: 'O',
    etat_administratif: 'A',
    categorie_juridique: '5710',
    denomination: 'SOCIETE DES SUCRERIES DU MARQUENTERRE',
    sigle: null,
    denominations_usuelles: [],
    activite_principale: '10.81Z',
    categorie_entreprise: 'PME',
    tranche_effectifs: '12',
    date_creation: '1955-01-01',
    nic_siege: '00031',
    ...over,
  }) as UnitRow;

const signal = (over: Partial<Signal>): Signal => ({
  categorie: 'ouverture_procedure',
  procedure: 'redressement_judiciaire',
  date: '2025-03-04',
  date_origine: 'jugement',
  date_parution: '2025-03-12',
  tribunal: 'TRIBUNAL DE COMMERCE DE BOULOGNE-SUR-MER',
  nature: 'Jugement d’ouverture',
  annonce_id: 'A202500001',
  type_avis: 'annonce',
  ...over,
});

const facts = (over: Partial<SignalFacts> = {}): SignalFacts => ({
  unit: unit(),
  alertes: [],
  vat: null,
  hits: [],
  now: new Date('2026-12-02T00:00:00Z'),
  ...over,
});

const codes = (f: SignalFacts) => kybSignalsOf(f).map((s) => s.code);

describe('KYB red flags (signaux)', () => {
  it('a clean, active, old company raises none', () => {
    expect(codes(facts())).to.deep.equal([]);
  });

  it('an open proceeding is flagged with its judgment date and notice; a later closure clears it', () => {
    const open = kybSignalsOf(facts({ alertes: [signal({})] }));
    expect(open).to.deep.equal([
      { code: 'procedure_collective', source: 'fr.bodacc', date: '2025-03-04', reference: 'A202500001' },
    ]);
    const closed = [
      signal({ categorie: 'cloture', date: '2026-01-10', annonce_id: 'A202600002' }),
      signal({}),
    ];
    expect(codes(facts({ alertes: closed }))).to.deep.equal([]);
  });

  it('an unread gazette raises no flag and clears none', () => {
    expect(codes(facts({ alertes: null }))).to.deep.equal([]);
  });

  it('a ceased unit, a striking-off and an invalid VAT number are each flagged from their source', () => {
    const flagged = kybSignalsOf(
      facts({
        unit: unit({ etat_administratif: 'C' }),
        alertes: [signal({ categorie: 'radiation', procedure: null, annonce_id: 'R1', date: '2026-05-01' })],
        vat: {
          numero_tva: 'FR68005420120',
          tva: {
            statut: 'invalide',
            date_demande: null,
            identifiant_consultation: null,
            consulte_le: '2026-12-01T08:00:00.000Z',
          },
        },
      }),
    );
    expect(flagged.map((s) => [s.code, s.source])).to.deep.equal([
      ['entreprise_cessee', 'fr.sirene'],
      ['radiation_publiee', 'fr.bodacc'],
      ['tva_non_valide', 'eu.vies'],
    ]);
  });

  it('each sanctions hit is flagged by who matched, with the list and its entry', () => {
    const hit = {
      cible: 'X',
      siren: null,
      lei: null,
      liste: 'eu.fsf',
      entree: 'EU.123.45',
      nom_liste: 'X',
      methode: 'nom_exact_normalise' as const,
      valeur_rapprochee: 'X',
      date_liste: '2026-12-01',
    };
    const flagged = kybSignalsOf(
      facts({
        hits: [
          { ...hit, qualite: 'entreprise' },
          { ...hit, qualite: 'dirigeant' },
          { ...hit, qualite: 'mere_ultime' },
        ],
      }),
    );
    expect(flagged.map((s) => [s.code, s.source, s.reference])).to.deep.equal([
      ['sanction_entreprise', 'eu.fsf', 'EU.123.45'],
      ['sanction_dirigeant', 'eu.fsf', 'EU.123.45'],
      ['sanction_mere', 'eu.fsf', 'EU.123.45'],
    ]);
  });

  it('a unit created less than 12 months ago is recent; 13 months ago it is not', () => {
    expect(codes(facts({ unit: unit({ date_creation: '2026-01-15' }) }))).to.deep.equal(['creation_recente']);
    expect(codes(facts({ unit: unit({ date_creation: '2025-11-01' }) }))).to.deep.equal([]);
  });
});
