import type { LiveDetailAnswer, LiveObservation } from '../../schemas/europe/euLiveRegister.ts';
import { LiveFilingUnreadError } from '../../schemas/europe/liveFilingUnread.ts';
import { SK_RUZ_REGISTER } from '../../schemas/events/skRuzEvents.ts';
import { LiveUnavailableError } from '../../schemas/live/liveUnavailable.ts';
import { type LiveQueryClient, observationOf } from '../core/liveQuery.ts';
import { SK_LEGAL_FORMS } from '../sk-rpo/skLegalForms.ts';
import type { RuzReport, RuzStatement, RuzTemplate, RuzUnit, RuzUnitIds } from './ruzRecords.ts';

const DAY = 86_400_000;
/** The list of a company's units and a unit's statements change when a statement is filed: a day at most. */
const UNIT_MAX_AGE_MS = DAY;
/**
 * A statement, its report and its template do not change once filed: served again for 30 days at most, the
 * closing age guard of the Slovak accounts (contract, Limits): nothing older is ever served.
 */
export const FILING_MAX_AGE_MS = 30 * DAY;
/** The public address of a report, named in `source_url` (the register's own, whatever address is asked). */
const PUBLIC_API = 'https://www.registeruz.sk/cruz-public/api';

/** A structured report decoded against its template: its tables, each row with its values as integers. */
export interface DecodedTable {
  nom: string | null;
  nom_en: string | null;
  nombre_colonnes: number;
  postes: {
    numero: number;
    code: string | null;
    libelle: string | null;
    libelle_en: string | null;
    valeurs: (number | null)[];
  }[];
}

/** One structured statement, as the list serves it, with what the statement route adds. */
interface Filing {
  statement: RuzStatement;
  report: RuzReport;
  template: RuzTemplate;
  tables: DecodedTable[];
  denomination: string | null;
}

const lastDayOfMonth = (yyyyMm: string) => {
  const [y, m] = yyyyMm.split('-').map(Number);
  return new Date(Date.UTC(y!, m!, 0)).toISOString().slice(0, 10);
};

/** `datumZostaveniaK` (the date the statement is drawn up to), else the last day of the period's last month. */
export function closingDate(s: RuzStatement): string | null {
  if (s.datumZostaveniaK && /^\d{4}-\d{2}-\d{2}$/.test(s.datumZostaveniaK)) return s.datumZostaveniaK;
  return s.obdobieDo && /^\d{4}-\d{2}$/.test(s.obdobieDo) ? lastDayOfMonth(s.obdobieDo) : null;
}

const periodStart = (s: RuzStatement) =>
  s.obdobieOd && /^\d{4}-\d{2}$/.test(s.obdobieOd) ? `${s.obdobieOd}-01` : null;

/**
 * A report's tables against its template: the same number of tables, each `data` exactly rows × data columns
 * long (row-major), every cell empty or an integer (euros, as filed). Anything else is not decoded (null).
 */
export function decodeReport(report: RuzReport, template: RuzTemplate): DecodedTable[] | null {
  const tables = report.tabulky;
  if (!tables || tables.length !== template.tabulky.length || tables.length === 0) return null;
  const decoded: DecodedTable[] = [];
  for (const [i, table] of tables.entries()) {
    const shape = template.tabulky[i]!;
    const rows = shape.riadky;
    const columns = shape.pocetDatovychStlpcov ?? (rows.length ? table.data.length / rows.length : 0);
    if (!Number.isInteger(columns) || columns < 1 || table.data.length !== rows.length * columns) return null;
    const postes: DecodedTable['postes'] = [];
    for (const [r, row] of rows.entries()) {
      const valeurs: (number | null)[] = [];
      for (let c = 0; c < columns; c++) {
        const cell = table.data[r * columns + c]!.trim();
        if (cell === '') valeurs.push(null);
        else if (/^-?\d{1,15}$/.test(cell)) valeurs.push(Number(cell));
        else return null;
      }
      postes.push({
        numero: row.cisloRiadku,
        code: row.oznacenie,
        libelle: row.text.sk,
        libelle_en: row.text.en,
        valeurs,
      });
    }
    decoded.push({
      nom: shape.nazov.sk ?? table.nazov,
      nom_en: shape.nazov.en,
      nombre_colonnes: columns,
      postes,
    });
  }
  return decoded;
}

/** A filing announced (by the unit, or by its statement) that RÚZ does not give back readable. */
function announcedButUnread(err: unknown, what: string): never {
  if (err instanceof LiveUnavailableError && (err.reason === 'refus' || err.reason === 'illisible')) {
    throw new LiveFilingUnreadError(
      SK_RUZ_REGISTER,
      'zavierka_non_lue',
      what,
      `RÚZ annonce ${what} mais ne le rend pas lisible ; / RÚZ lists ${what} but does not return it readable.`,
    );
  }
  throw err;
}

/**
 * A company's accounts in RÚZ: its units (`uctovne-jednotky?ico=`), each unit's statements, each statement's
 * reports and each structured report's template; every answer is observed (and its observation named). A
 * report that cannot be decoded is read again from RÚZ once; still not decoded, it is `depot_non_lu`.
 */
export async function readAccounts(
  client: LiveQueryClient,
  ico: string,
): Promise<
  | { outcome: 'refus'; answer: LiveDetailAnswer }
  | { outcome: 'lu'; filings: Filing[]; pdfOnly: number; observations: LiveObservation[] }
> {
  const observations: LiveObservation[] = [];
  const ask = async <T>(path: string, id: string, maxAgeMs: number, fresh = false): Promise<T> => {
    const query: Record<string, string> =
      path === '/uctovne-jednotky' ? { ico, 'zmenene-od': '1993-01-01' } : { id };
    const answer = await client.get(path, query, fresh ? { fresh } : { maxAgeMs });
    observations.push(observationOf(answer));
    return answer.record as T;
  };
  const list = await ask<RuzUnitIds>('/uctovne-jednotky', ico, UNIT_MAX_AGE_MS);
  const units = (
    await Promise.all(list.ids.map((id) => ask<RuzUnit>('/uctovna-jednotka', String(id), UNIT_MAX_AGE_MS)))
  ).filter((u) => u.stav !== 'ZMAZANE' && u.ico === ico);
  if (units.length === 0) return { outcome: 'refus', answer: { outcome: 'inconnu', observations } };
  const code = units[0]!.pravnaForma;
  const form = code ? SK_LEGAL_FORMS[code] : undefined;
  if (form?.personne === 'physique') {
    return { outcome: 'refus', answer: { outcome: 'personne_physique', observations } };
  }
  if (!form || form.personne === 'indecise') {
    return { outcome: 'refus', answer: { outcome: 'forme_indecise', forme_code: code, observations } };
  }
  const statementIds = units.flatMap((u) => u.idUctovnychZavierok);
  const statements = await Promise.all(
    statementIds.map((id) =>
      ask<RuzStatement>('/uctovna-zavierka', String(id), FILING_MAX_AGE_MS).catch((err) =>
        announcedButUnread(err, `l’état ${id} / statement ${id}`),
      ),
    ),
  );
  const filings: Filing[] = [];
  let pdfOnly = 0;
  for (const statement of statements) {
    const reports = await Promise.all(
      statement.idUctovnychVykazov.map((id) =>
        ask<RuzReport>('/uctovny-vykaz', String(id), FILING_MAX_AGE_MS).catch((err) =>
          announcedButUnread(err, `le rapport ${id} / report ${id}`),
        ),
      ),
    );
    const structured = reports.filter((r) => r.tabulky !== null);
    if (structured.length === 0) pdfOnly++;
    for (const first of structured) {
      let report = first;
      if (report.idSablony === null) throw notDecoded(report.id);
      let template = await ask<RuzTemplate>('/sablona', String(report.idSablony), FILING_MAX_AGE_MS);
      let tables = decodeReport(report, template);
      if (!tables) {
        // Served again from an earlier observation, or just read: asked once more, then refused.
        report = await ask<RuzReport>('/uctovny-vykaz', String(report.id), FILING_MAX_AGE_MS, true);
        if (report.idSablony === null) throw notDecoded(report.id);
        template = await ask<RuzTemplate>('/sablona', String(report.idSablony), FILING_MAX_AGE_MS, true);
        tables = decodeReport(report, template);
        if (!tables) throw notDecoded(report.id);
      }
      filings.push({
        statement,
        report,
        template,
        tables,
        denomination: statement.nazovUJ ?? report.nazovUctovnejJednotky ?? units[0]!.nazovUJ,
      });
    }
  }
  filings.sort((a, b) => (closingDate(b.statement) ?? '').localeCompare(closingDate(a.statement) ?? ''));
  return { outcome: 'lu', filings, pdfOnly, observations };
}

const notDecoded = (reportId: number) =>
  new LiveFilingUnreadError(
    SK_RUZ_REGISTER,
    'depot_non_lu',
    `rapport ${reportId} / report ${reportId}`,
    `le rapport ${reportId} ne se décode pas selon son modèle ; relu à la prochaine demande. / Report ${reportId} does not decode against its template; read again on the next request.`,
  );

/** The members of a deposit in the list (contract: Slovak accounts list). */
export function depositOf(f: Filing) {
  return {
    date_cloture: closingDate(f.statement),
    debut_exercice: periodStart(f.statement),
    denomination: f.denomination,
    perimetre: f.statement.konsolidovana ? 'consolide' : 'statutaire',
    type_depot: f.statement.typ,
    modele: f.template.nazov,
    nb_postes: f.template.tabulky.reduce((n, t) => n + t.riadky.length, 0),
    source_url: `${PUBLIC_API}/uctovny-vykaz?id=${f.report.id}`,
  };
}

/** The statement served for a closing date: statutory before consolidated, ordinary before others, latest. */
export function statementFor(
  filings: readonly Filing[],
  date: string,
): { chosen: Filing; others: number } | null {
  const same = filings.filter((f) => closingDate(f.statement) === date);
  if (same.length === 0) return null;
  const rank = (f: Filing) => [f.statement.konsolidovana ? 1 : 0, f.statement.typ === 'Riadna' ? 0 : 1];
  const sorted = [...same].sort((a, b) => {
    const [ra, rb] = [rank(a), rank(b)];
    return (
      ra[0]! - rb[0]! ||
      ra[1]! - rb[1]! ||
      (b.statement.datumPodania ?? '').localeCompare(a.statement.datumPodania ?? '') ||
      b.report.id - a.report.id
    );
  });
  return { chosen: sorted[0]!, others: same.length - 1 };
}

/** The statement route's members (besides `pays` and `id_national`). */
export function statementMembers(f: Filing, others: number) {
  return {
    ...depositOf(f),
    devise: f.report.mena,
    depose_le: f.statement.datumPodania,
    approuve_le: f.statement.datumSchvalenia ?? f.report.datumSchvalenia,
    autres_depots_meme_date: others,
    tableaux: f.tables,
  };
}
