import type { LiveProfileRecord, LiveSearchRecord } from '../../schemas/europe/euLiveRegister.ts';
import { type EuProfileRow, naturalPersonRow } from '../../schemas/europe/euProfileRow.ts';
import type { EuStatut } from '../../schemas/europe/euStatut.ts';
import { CH_ZEFIX_REGISTER } from '../../schemas/events/chZefixEvents.ts';
import { publishedSwissUid } from '../../schemas/identifiers/swissUid.ts';
import { LiveUnavailableError } from '../../schemas/live/liveUnavailable.ts';
import { searchRecordOf } from '../core/liveProfileMatch.ts';
import { personneOfSwissForm, SWISS_LEGAL_FORMS, swissLegalFormCode } from '../core/swissLegalForms.ts';

/**
 * The fields of a Zefix PublicREST company (`CompanyShort`, `CompanyFull`) the profile reads (OpenAPI 2.6.1.2,
 * live/SOURCE.txt). Never read: the address's `careOf`, `addon` and `organisation` (a `c/o` names a person),
 * the SOGC texts (`sogcPub[].message`), the purpose.
 */
interface ZefixCompany {
  name?: unknown;
  uid?: unknown;
  legalSeat?: unknown;
  legalForm?: { id?: unknown; uid?: unknown; name?: { fr?: unknown; de?: unknown } } | null;
  status?: unknown;
  address?: {
    street?: unknown;
    houseNumber?: unknown;
    poBox?: unknown;
    city?: unknown;
    swissZipCode?: unknown;
  } | null;
  cantonalExcerptWeb?: unknown;
  zefixDetailWeb?: { fr?: unknown; de?: unknown; it?: unknown; en?: unknown } | null;
}

const text = (v: unknown): string | null => (typeof v === 'string' && v.trim() !== '' ? v.trim() : null);

/**
 * Zefix's `status`: `ACTIVE` is active, `BEING_CANCELLED` (in liquidation, being struck off) is ceasing,
 * `CANCELLED` is struck off. Anything else is not decided (`statut` null); the value as published is kept.
 */
const STATUT_OF_STATUS: Readonly<Record<string, EuStatut>> = {
  ACTIVE: 'actif',
  BEING_CANCELLED: 'en_cessation',
  CANCELLED: 'radie',
};

function statutOf(status: unknown): { statut: EuStatut | null; detail: string | null } {
  const value = text(status);
  return {
    statut: (value && STATUT_OF_STATUS[value]) || null,
    detail: value ? `status: ${value}` : null,
  };
}

/** The company's legal form code (eCH-0097) and what it decides. */
function formOf(c: ZefixCompany) {
  const code = swissLegalFormCode(c.legalForm?.uid, c.legalForm?.id);
  return { code, personne: personneOfSwissForm(code) };
}

/** Street and number, else the post-office box; never the `c/o` line. */
function addressOf(c: ZefixCompany) {
  const a = c.address;
  const line = [text(a?.street), text(a?.houseNumber)].filter(Boolean).join(' ') || text(a?.poBox);
  return {
    adresse: line || null,
    code_postal: text(a?.swissZipCode),
    ville: text(a?.city) ?? text(c.legalSeat),
  };
}

/** One Zefix company in the unified profile's terms: a sole proprietorship is a bare identifier. */
function profileRow(uid: string, c: ZefixCompany, code: string): EuProfileRow {
  const { statut, detail } = statutOf(c.status);
  return {
    id_national: uid,
    personne_physique: false,
    denomination: text(c.name),
    forme_code: code,
    forme_libelle: text(c.legalForm?.name?.fr) ?? SWISS_LEGAL_FORMS[code]?.libelle ?? null,
    statut,
    statut_detail: detail,
    // Zefix publishes no date of entry in the register.
    date_creation: null,
    ...addressOf(c),
    pays_adresse: null,
    tva: null,
    lei: null,
    lien_registre:
      text(c.cantonalExcerptWeb) ?? text(c.zefixDetailWeb?.fr) ?? text(c.zefixDetailWeb?.de) ?? null,
  };
}

/** A company found (`CompanyFull` or `CompanyShort`): its profile record; an undecided form is not guessed. */
export function zefixProfileRecord(uid: string, c: ZefixCompany): LiveProfileRecord {
  const base = { kind: 'eu-profil' as const, pays: 'CH', id_national: uid };
  const { code, personne } = formOf(c);
  if (personne === 'physique') return { ...base, profil: naturalPersonRow(uid) };
  if (personne === 'indecise' || !code) {
    return { ...base, profil: null, forme_indecise: { code, libelle: null } };
  }
  return { ...base, profil: profileRow(uid, c, code) };
}

/** Zefix's 404: `{error: {type: NOT_FOUND}}` (any other 404, e.g. a wrong address, is not an answer). */
const isNotFound = (status: number, json: unknown) =>
  status === 404 && (json as { error?: { type?: unknown } } | null)?.error?.type === 'NOT_FOUND';

const unreadable = () => new LiveUnavailableError(CH_ZEFIX_REGISTER, 'illisible', 'Zefix: unreadable answer');

/**
 * The parser Zefix's client applies before anything is recorded: `GET /company/uid/{CHE…}` → the profile
 * record (404 NOT_FOUND or an empty list: unknown), `POST /company/search` → the legal persons found.
 */
export function extractZefix(
  status: number,
  json: unknown,
  url: string,
): LiveProfileRecord | LiveSearchRecord {
  const asked = /\/company\/uid\/(CHE\d{9})$/.exec(new URL(url).pathname)?.[1];
  const notFound = isNotFound(status, json);
  if (!notFound && (status !== 200 || !Array.isArray(json))) throw unreadable();
  const companies = notFound ? [] : (json as ZefixCompany[]);
  if (asked) {
    const uid = publishedSwissUid(asked)!;
    const company = companies.find((c) => publishedSwissUid(c?.uid) === uid);
    if (!company) return { kind: 'eu-profil', pays: 'CH', id_national: uid, profil: null };
    return zefixProfileRecord(uid, company);
  }
  return searchRecordOf(
    companies.length,
    companies.map((c) => {
      const uid = publishedSwissUid(c?.uid);
      return uid ? zefixProfileRecord(uid, c).profil : null;
    }),
  );
}
