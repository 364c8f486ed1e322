import { rechercheRoute } from '../../../api/routes/recherche.ts';
import { REGISTERS } from '../../../app/registers.ts';
import type { SnapshotRow } from '../../../ingest/core/snapshotPass.ts';
import type { Database } from '../../../ops/database/openDatabase.ts';
import { rechercheProjection } from '../../../projections/fr-sirene-recherche/rechercheProjection.ts';
import { UNITE_LEGALE } from '../../../schemas/events/frSireneEvents.ts';
import { type RunningService, startTestService } from '../../support/service.ts';
import { ingestSireneSample, readSireneSample } from '../../support/sireneSample.ts';

/** Served "today" in these suites: 19 days after the sample pass of 2026-11-01. */
export const TODAY = new Date('2026-11-20T10:00:00Z');

/**
 * Ranking cases made from real rows: sole proprietors of the sample turned into companies (their personal
 * name columns stay in the record, never read), so that names compete with the real companies' names.
 */
export interface RankingCases {
  /** Same name as the real, active, small SOCIETE BRETONNE DE TRAVAUX PUBLICS (005480082), but ceased. */
  ceasedTwin: string;
  /** Same name again, active, 10,000 employees or more. */
  largeTwin: string;
  /** Active, 10,000+ employees, a fuzzy match of the real ceased EDEN CINEMA (005520200). */
  edenFuzzy: string;
  /** An undeclared association (legal category 9210): refused by the profile, so never listed. */
  undeclaredAssociation: string;
  /** Twelve active bakeries: more matches than the 10 served. */
  bakeries: string[];
  /** A real company (PROSPA, 005520242) switched to partial diffusion. */
  partialDiffusion: string;
  /** The sole proprietors left as they are. */
  soleProprietors: SnapshotRow[];
}

function asCompany(row: SnapshotRow, fields: Record<string, string | null>): SnapshotRow {
  return { ...row, record: { ...row.record, categorieJuridiqueUniteLegale: '5499', ...fields } };
}

export async function rankingCases(): Promise<{
  cases: RankingCases;
  edit: (row: SnapshotRow) => SnapshotRow;
}> {
  const units = await readSireneSample(UNITE_LEGALE);
  const spare = units.filter((u) => u.record.categorieJuridiqueUniteLegale === '1000').map((u) => u.id);
  const [ceasedTwin, largeTwin, edenFuzzy, undeclaredAssociation, ...rest] = spare as [
    string,
    string,
    string,
    string,
    ...string[],
  ];
  const bakeries = rest.slice(0, 12);
  const edited = new Set([ceasedTwin, largeTwin, edenFuzzy, undeclaredAssociation, ...bakeries]);
  const cases: RankingCases = {
    ceasedTwin,
    largeTwin,
    edenFuzzy,
    undeclaredAssociation,
    bakeries,
    partialDiffusion: '005520242',
    soleProprietors: units.filter(
      (u) => u.record.categorieJuridiqueUniteLegale === '1000' && !edited.has(u.id),
    ),
  };
  const edit = (row: SnapshotRow): SnapshotRow => {
    if (row.kind !== UNITE_LEGALE) return row;
    const sbtp = 'SOCIETE BRETONNE DE TRAVAUX PUBLICS';
    if (row.id === ceasedTwin)
      return asCompany(row, { denominationUniteLegale: sbtp, etatAdministratifUniteLegale: 'C' });
    if (row.id === largeTwin)
      return asCompany(row, {
        denominationUniteLegale: sbtp,
        etatAdministratifUniteLegale: 'A',
        trancheEffectifsUniteLegale: '53',
      });
    if (row.id === edenFuzzy)
      return asCompany(row, {
        denominationUniteLegale: 'EDEN CINEMAS DE PARIS',
        etatAdministratifUniteLegale: 'A',
        trancheEffectifsUniteLegale: '53',
      });
    if (row.id === undeclaredAssociation)
      return asCompany(row, {
        denominationUniteLegale: 'AMICALE DES PECHEURS DU MARQUENTERRE',
        categorieJuridiqueUniteLegale: '9210',
        etatAdministratifUniteLegale: 'A',
      });
    const bakery = bakeries.indexOf(row.id);
    if (bakery >= 0)
      return asCompany(row, {
        denominationUniteLegale: `BOULANGERIE DU QUARTIER ${String.fromCharCode(65 + bakery)}`,
        etatAdministratifUniteLegale: 'A',
      });
    if (row.id === cases.partialDiffusion)
      return { ...row, record: { ...row.record, statutDiffusionUniteLegale: 'P' } };
    return row;
  };
  return { cases, edit };
}

/**
 * The service with only the search route and its projection, unpaid, after one pass of the edited samples;
 * on `db` when given (a fresh database otherwise).
 */
export async function startRechercheService(
  edit?: (row: SnapshotRow) => SnapshotRow,
  db?: Database,
): Promise<RunningService> {
  const t = await startTestService({
    db,
    projections: [rechercheProjection],
    routes: [rechercheRoute],
    registers: REGISTERS,
    payment: false,
    now: () => TODAY,
  });
  await ingestSireneSample({ knex: t.db.knex, store: t.service.store }, { version: '2026-11-01', edit });
  await t.service.runner.caughtUp();
  return t;
}

export interface Resultat {
  siren: string;
  denomination: string | null;
  etat_administratif: string | null;
  score_confiance: number;
  [member: string]: unknown;
}

/** A search answer (or an error body: then only `error` and `message` are set). */
export interface RechercheAnswer {
  total_results: number;
  tronque: boolean;
  note_troncature?: string;
  aucune_correspondance_fiable: boolean;
  note_correspondance?: string;
  resultats_partiels: boolean;
  etages_abandonnes: string[];
  listes_bornees?: { resultats: { nombre_total: number; tronque: boolean; total_borne_basse: boolean } };
  resultats: Resultat[];
  error?: string;
  [member: string]: unknown;
}

export async function search(t: RunningService, q: string) {
  const res = await fetch(`${t.baseUrl}/v1/recherche?q=${encodeURIComponent(q)}`);
  const text = await res.text();
  return { res, text, body: JSON.parse(text) as RechercheAnswer };
}
