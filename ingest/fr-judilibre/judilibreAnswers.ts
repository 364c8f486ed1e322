import {
  FR_JUDILIBRE_REGISTER,
  type JudilibreDecisionRecord,
  type JudilibreSearchRecord,
} from '../../schemas/events/frJudilibreEvents.ts';
import { LiveUnavailableError } from '../../schemas/live/liveUnavailable.ts';
import { companySirensIn, foldText, natureOfFields, natureOfText, tieOf } from './judilibreTie.ts';

/** A decision Judilibre answered 404 for (withdrawn since the search): skipped, never served. */
export interface JudilibreDecisionAbsentRecord {
  kind: 'fr-judilibre-decision-absente';
  id_judilibre: string;
}

export type JudilibreRecord = JudilibreSearchRecord | JudilibreDecisionRecord | JudilibreDecisionAbsentRecord;

const unreadable = (why: string) =>
  new LiveUnavailableError(FR_JUDILIBRE_REGISTER, 'illisible', `Judilibre: unreadable answer (${why})`);

const isObject = (v: unknown): v is Record<string, unknown> =>
  v !== null && typeof v === 'object' && !Array.isArray(v);
const text = (v: unknown): string | null => (typeof v === 'string' && v.trim() !== '' ? v.trim() : null);
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The question a `/decision` call carries for the company asked: Judilibre's own `query` parameter (it
 * highlights those terms) set to `<siren> <denomination>`; the parser reads the company back from it.
 */
export const decisionQueryOf = (company: { siren: string; denomination: string | null }) =>
  company.denomination ? `${company.siren} ${company.denomination}` : company.siren;

function companyOfQuery(query: string | null): { siren: string; denomination: string | null } {
  const m = /^(\d{9})(?:\s+(.+))?$/.exec(query?.trim() ?? '');
  if (!m) throw unreadable('a decision asked without the company');
  return { siren: m[1]!, denomination: m[2] ?? null };
}

/** `GET /search` → the ids of the page, in order, and the total announced. Highlights are never read. */
function searchRecord(json: unknown): JudilibreSearchRecord {
  if (!isObject(json) || !Array.isArray(json.results)) throw unreadable('a search without results');
  const ids = json.results.map((r) => (isObject(r) ? text(r.id) : null));
  if (ids.some((id) => id === null)) throw unreadable('a search result without id');
  const unique = [...new Set(ids as string[])];
  const total = typeof json.total === 'number' && Number.isInteger(json.total) ? json.total : unique.length;
  return { kind: 'fr-judilibre-recherche', total: Math.max(total, unique.length), ids: unique };
}

/** The parts of the text a zone list (`zones.dispositif`: [{start, end}]) delimits, joined. */
function zoneText(full: string, zones: unknown, name: string): string | null {
  const list = isObject(zones) ? zones[name] : undefined;
  if (!Array.isArray(list) || list.length === 0) return null;
  return list
    .map((z) =>
      isObject(z) && typeof z.start === 'number' && typeof z.end === 'number'
        ? full.slice(z.start, z.end)
        : '',
    )
    .join('\n');
}

/** Judilibre's structured fields that may name the nature (labels when `resolve_references=true`). */
function structuredFields(json: Record<string, unknown>): string {
  const themes = Array.isArray(json.themes) ? json.themes.filter((t) => typeof t === 'string') : [];
  return foldText(
    [json.type, json.formation, json.chamber, json.solution, json.solution_alt, json.nac, ...themes]
      .filter((v): v is string => typeof v === 'string')
      .join(' | '),
  );
}

/**
 * `GET /decision` → what the route serves of it: date, court, nature, the tie to the company asked (the
 * question's `query`) and the other companies' SIRENs. The text is read here and dropped: the record keeps no
 * word of it.
 */
function decisionRecord(json: unknown, asked: string, query: string | null): JudilibreDecisionRecord {
  if (!isObject(json)) throw unreadable('a decision that is not an object');
  const company = companyOfQuery(query);
  const full = typeof json.text === 'string' ? json.text : '';
  const folded = foldText(full);
  const date = text(json.decision_date);
  const operative = zoneText(full, json.zones, 'dispositif') ?? full.slice(-3000);
  const nature =
    natureOfFields(structuredFields(json)) ?? natureOfText(folded.slice(0, 1500), foldText(operative));
  const others = [...companySirensIn(folded).keys()].filter((s) => s !== company.siren).sort();
  return {
    kind: 'fr-judilibre-decision',
    id_judilibre: asked,
    date: date !== null && DATE.test(date) ? date : null,
    juridiction: text(json.location) ?? text(json.jurisdiction),
    nature,
    siren: company.siren,
    rattachement: tieOf(folded, company),
    autres_sirens: others,
  };
}

/**
 * The parser Judilibre's client applies before anything is recorded (`extract`): a search page → its ids; a
 * decision → the record the route serves, its text read to decide the tie and the nature and never kept; a
 * decision answered 404 → withdrawn. An answer of another shape is `illisible`.
 */
export function extractJudilibre(status: number, json: unknown, url: string): JudilibreRecord {
  const u = new URL(url);
  if (u.pathname.endsWith('/search')) {
    if (status !== 200) throw unreadable(`search answered ${status}`);
    return searchRecord(json);
  }
  if (u.pathname.endsWith('/decision')) {
    const asked = u.searchParams.get('id');
    if (!asked) throw unreadable('a decision asked without id');
    if (status === 404) return { kind: 'fr-judilibre-decision-absente', id_judilibre: asked };
    return decisionRecord(json, asked, u.searchParams.get('query'));
  }
  throw unreadable('not a search nor a decision');
}
