import type { LiveProfileRecord, LiveSearchRecord } from '../../schemas/europe/euLiveRegister.ts';
import type { EuProfileRow } from '../../schemas/europe/euProfileRow.ts';
import { naturalPersonRow } from '../../schemas/europe/euProfileRow.ts';
import type { EuStatut } from '../../schemas/europe/euStatut.ts';
import { CZ_ARES_REGISTER } from '../../schemas/events/czAresEvents.ts';
import { LiveUnavailableError } from '../../schemas/live/liveUnavailable.ts';
import { searchRecordOf } from '../core/liveProfileMatch.ts';
import { CZ_ARES_LEGAL_FORMS } from './czAresLegalForms.ts';

/** The fields of ARES's `EkonomickySubjekt` the profile reads (OpenAPI v1.3.0; samples in SOURCE.txt). */
interface EkonomickySubjekt {
  ico?: string;
  obchodniJmeno?: string;
  pravniForma?: string;
  datumVzniku?: string;
  datumZaniku?: string;
  dic?: string;
  primarniZdroj?: string;
  sidlo?: {
    nazevStatu?: string;
    kodStatu?: string;
    nazevObce?: string;
    psc?: number;
    pscTxt?: string;
    textovaAdresa?: string;
  };
  seznamRegistraci?: Record<string, string | undefined>;
}

const text = (v: unknown): string | null => (typeof v === 'string' && v.trim() !== '' ? v.trim() : null);
const date = (v: unknown): string | null =>
  typeof v === 'string' && /^\d{4}-\d{2}-\d{2}/.test(v) ? v.slice(0, 10) : null;

/** The primary source's state field (`primarniZdroj` "vr" → `stavZdrojeVr`). */
function primarySourceState(s: EkonomickySubjekt): { field: string; value: string } | null {
  const source = text(s.primarniZdroj);
  if (!source) return null;
  const field = `stavZdroje${source[0]!.toUpperCase()}${source.slice(1).toLowerCase()}`;
  const value = text(s.seznamRegistraci?.[field]);
  return value ? { field, value } : null;
}

/**
 * ARES has no status field: a company is struck off when `datumZaniku` is set (or its primary source says
 * ZANIKLY), in insolvency proceedings while the insolvency register (`stavZdrojeIr`) says AKTIVNI, and active
 * otherwise. `statut_detail` quotes the field that decided, with its value as published.
 */
function statutOf(s: EkonomickySubjekt): { statut: EuStatut; detail: string | null } {
  const ended = date(s.datumZaniku);
  if (ended) return { statut: 'radie', detail: `datumZaniku: ${ended}` };
  const primary = primarySourceState(s);
  if (primary?.value === 'ZANIKLY') return { statut: 'radie', detail: `${primary.field}: ZANIKLY` };
  if (s.seznamRegistraci?.stavZdrojeIr === 'AKTIVNI') {
    return { statut: 'en_cessation', detail: 'stavZdrojeIr: AKTIVNI' };
  }
  return { statut: 'actif', detail: primary ? `${primary.field}: ${primary.value}` : null };
}

function isSubject(value: unknown): value is EkonomickySubjekt {
  return !!value && typeof value === 'object' && typeof (value as { ico?: unknown }).ico === 'string';
}

/**
 * One ARES subject in the unified profile's terms. A natural person (sole trader, foreign natural person)
 * keeps its identifier only; a legal form this service does not know is `forme_indecise`, never guessed.
 */
export function aresProfileRecord(ico: string, subject: EkonomickySubjekt): LiveProfileRecord {
  const code = text(subject.pravniForma);
  const form = code ? CZ_ARES_LEGAL_FORMS[code] : undefined;
  const base = { kind: 'eu-profil' as const, pays: 'CZ', id_national: ico };
  if (!form) return { ...base, profil: null, forme_indecise: { code, libelle: null } };
  if (form.personne === 'physique') return { ...base, profil: naturalPersonRow(ico) };
  const { statut, detail } = statutOf(subject);
  const seat = subject.sidlo ?? {};
  const row: EuProfileRow = {
    id_national: ico,
    personne_physique: false,
    denomination: text(subject.obchodniJmeno),
    forme_code: code,
    forme_libelle: form.libelle,
    statut,
    statut_detail: detail,
    date_creation: date(subject.datumVzniku),
    adresse: text(seat.textovaAdresa),
    code_postal:
      text(seat.pscTxt) ?? (typeof seat.psc === 'number' ? String(seat.psc).padStart(5, '0') : null),
    ville: text(seat.nazevObce),
    pays_adresse: text(seat.nazevStatu) ?? text(seat.kodStatu),
    tva: text(subject.dic),
    lei: null,
    lien_registre: `https://ares.gov.cz/ekonomicke-subjekty?ico=${ico}`,
  };
  return { ...base, profil: row };
}

/** `GET /ekonomicke-subjekty/{ico}`: 200 with the subject, or 404 `NENALEZENO` (unknown). */
export function extractAresProfile(ico: string) {
  return (status: number, json: unknown): LiveProfileRecord => {
    if (status === 404) {
      const code = (json as { kod?: unknown } | null)?.kod;
      if (code !== 'NENALEZENO') {
        throw new LiveUnavailableError(CZ_ARES_REGISTER, 'illisible', 'ARES: a 404 that is not NENALEZENO');
      }
      return { kind: 'eu-profil', pays: 'CZ', id_national: ico, profil: null };
    }
    if (!isSubject(json) || json.ico !== ico) {
      throw new LiveUnavailableError(CZ_ARES_REGISTER, 'illisible', 'ARES: not the subject asked for');
    }
    return aresProfileRecord(ico, json);
  };
}

/** `POST /ekonomicke-subjekty/vyhledat`: `{pocetCelkem, ekonomickeSubjekty[]}`. */
export function extractAresSearch(status: number, json: unknown): LiveSearchRecord {
  const list = (json as { ekonomickeSubjekty?: unknown } | null)?.ekonomickeSubjekty;
  const total = (json as { pocetCelkem?: unknown } | null)?.pocetCelkem;
  if (status !== 200 || (list !== undefined && !Array.isArray(list)) || typeof total !== 'number') {
    throw new LiveUnavailableError(CZ_ARES_REGISTER, 'illisible', 'ARES: unreadable search answer');
  }
  const subjects = ((list ?? []) as unknown[]).filter(isSubject);
  return searchRecordOf(
    total,
    subjects.map((subject) => aresProfileRecord(subject.ico!, subject).profil),
  );
}
