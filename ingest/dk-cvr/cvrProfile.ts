import type { LiveProfileRecord, LiveSearchRecord } from '../../schemas/europe/euLiveRegister.ts';
import { type EuProfileRow, naturalPersonRow } from '../../schemas/europe/euProfileRow.ts';
import { DK_CVR_REGISTER } from '../../schemas/events/dkCvrEvents.ts';
import { LiveUnavailableError } from '../../schemas/live/liveUnavailable.ts';
import { searchRecordOf } from '../core/liveProfileMatch.ts';
import { CVR_COMPANY_FORMS } from './cvrCompanyForms.ts';
import { type CvrStatusFields, cvrStatut } from './cvrStatut.ts';

interface Period {
  gyldigFra?: string | null;
  gyldigTil?: string | null;
}
interface CvrForm {
  virksomhedsformkode?: number | string;
  kortBeskrivelse?: string;
  langBeskrivelse?: string;
  periode?: Period;
}
interface CvrAddress {
  landekode?: string | null;
  fritekst?: string | null;
  vejnavn?: string | null;
  husnummerFra?: number | null;
  bogstavFra?: string | null;
  husnummerTil?: number | null;
  bogstavTil?: string | null;
  etage?: string | null;
  sidedoer?: string | null;
  postboks?: string | number | null;
  postnummer?: number | string | null;
  postdistrikt?: string | null;
}

/**
 * The fields of a CVR `Vrvirksomhed` the profile reads (real record in live/SOURCE.txt). `deltagerRelation`
 * (participants: owners, board members, natural persons) is never read, nor `conavn` (a c/o name).
 */
interface Vrvirksomhed extends CvrStatusFields {
  cvrNummer?: number | string;
  navne?: { navn?: string; periode?: Period }[];
  virksomhedsform?: CvrForm[];
  virksomhedMetadata?: CvrStatusFields['virksomhedMetadata'] & {
    nyesteNavn?: { navn?: string } | null;
    nyesteVirksomhedsform?: CvrForm | null;
    nyesteBeliggenhedsadresse?: CvrAddress | null;
    stiftelsesDato?: string | null;
  };
}

const text = (v: unknown): string | null => (typeof v === 'string' && v.trim() !== '' ? v.trim() : null);
const date = (v: unknown): string | null =>
  typeof v === 'string' && /^\d{4}-\d{2}-\d{2}/.test(v) ? v.slice(0, 10) : null;
const current = <T extends { periode?: Period }>(list: T[] | undefined) =>
  (list ?? []).find((x) => !x.periode?.gyldigTil);
/** A CVR number as the register keys it: 8 digits. */
export const cvrNumberOf = (v: unknown): string | null =>
  (typeof v === 'number' && Number.isInteger(v)) || (typeof v === 'string' && /^\d+$/.test(v))
    ? String(v).padStart(8, '0')
    : null;

/** "Anker Engelunds Vej 101A, 2. th": street, house number and letter (or range), floor, door; else free text. */
function streetLine(a: CvrAddress): string | null {
  const street = text(a.vejnavn);
  if (!street) return text(a.fritekst);
  const from = a.husnummerFra == null ? '' : `${a.husnummerFra}${text(a.bogstavFra) ?? ''}`;
  const to = a.husnummerTil == null ? '' : `-${a.husnummerTil}${text(a.bogstavTil) ?? ''}`;
  const floor = [text(a.etage) && `${text(a.etage)}.`, text(a.sidedoer)].filter(Boolean).join(' ');
  const box = a.postboks == null || a.postboks === '' ? null : `Postboks ${a.postboks}`;
  return [`${street} ${from}${to}`.trim(), floor, box].filter(Boolean).join(', ');
}

function addressOf(v: Vrvirksomhed) {
  const a = v.virksomhedMetadata?.nyesteBeliggenhedsadresse;
  if (!a) return { adresse: null, code_postal: null, ville: null, pays_adresse: null };
  const postcode = a.postnummer == null || a.postnummer === '' ? null : String(a.postnummer).padStart(4, '0');
  return {
    adresse: streetLine(a),
    code_postal: postcode,
    ville: text(a.postdistrikt),
    pays_adresse: text(a.landekode),
  };
}

/**
 * One CVR company in the unified profile's terms. A natural person's business keeps its number only; a form
 * this service does not list is `forme_indecise`, never guessed.
 */
export function cvrProfileRecord(cvr: string, v: Vrvirksomhed): LiveProfileRecord {
  const base = { kind: 'eu-profil' as const, pays: 'DK', id_national: cvr };
  const form = v.virksomhedMetadata?.nyesteVirksomhedsform ?? current(v.virksomhedsform);
  const code = form?.virksomhedsformkode == null ? null : String(form.virksomhedsformkode);
  const known = code ? CVR_COMPANY_FORMS[code] : undefined;
  if (!known) {
    return { ...base, profil: null, forme_indecise: { code, libelle: text(form?.langBeskrivelse) } };
  }
  if (known.personne === 'physique') return { ...base, profil: naturalPersonRow(cvr) };
  const { statut, detail } = cvrStatut(v);
  const row: EuProfileRow = {
    id_national: cvr,
    personne_physique: false,
    denomination: text(v.virksomhedMetadata?.nyesteNavn?.navn) ?? text(current(v.navne)?.navn),
    forme_code: code,
    forme_libelle: text(form?.langBeskrivelse) ?? known.libelle,
    statut,
    statut_detail: detail,
    date_creation: date(v.virksomhedMetadata?.stiftelsesDato),
    ...addressOf(v),
    tva: null,
    lei: null,
    lien_registre: `https://datacvr.virk.dk/enhed/virksomhed/${cvr}`,
  };
  return { ...base, profil: row };
}

/** `hits.total`: a number up to Elasticsearch 6, `{value, relation}` from 7 on. */
function totalOf(raw: unknown): number | null {
  const n = typeof raw === 'object' && raw !== null ? (raw as { value?: unknown }).value : raw;
  return typeof n === 'number' && Number.isFinite(n) ? n : null;
}

/** The companies of an Elasticsearch answer (`hits.hits[]._source.Vrvirksomhed`) and its total. */
function hitsOf(status: number, json: unknown): { total: number | null; companies: Vrvirksomhed[] } {
  const hits = (json as { hits?: { total?: unknown; hits?: unknown } } | null)?.hits;
  if (status !== 200 || !hits || !Array.isArray(hits.hits)) {
    throw new LiveUnavailableError(DK_CVR_REGISTER, 'illisible', 'CVR: not an Elasticsearch answer');
  }
  const companies = (hits.hits as { _source?: { Vrvirksomhed?: Vrvirksomhed } }[])
    .map((h) => h?._source?.Vrvirksomhed)
    .filter((v): v is Vrvirksomhed => !!v && typeof v === 'object' && cvrNumberOf(v.cvrNummer) !== null);
  return { total: totalOf(hits.total), companies };
}

/** A search by CVR number: the company with that number, or none (the register does not know it). */
export function extractCvrProfile(cvr: string, status: number, json: unknown): LiveProfileRecord {
  const company = hitsOf(status, json).companies.find((v) => cvrNumberOf(v.cvrNummer) === cvr);
  if (!company) return { kind: 'eu-profil', pays: 'DK', id_national: cvr, profil: null };
  return cvrProfileRecord(cvr, company);
}

/** A search by name: the legal persons found (a natural person's business is dropped before the log). */
export function extractCvrSearch(status: number, json: unknown): LiveSearchRecord {
  const { total, companies } = hitsOf(status, json);
  return searchRecordOf(
    total,
    companies.map((v) => {
      const cvr = cvrNumberOf(v.cvrNummer)!;
      return cvrProfileRecord(cvr, v).profil;
    }),
  );
}
