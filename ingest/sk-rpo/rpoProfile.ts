import type { LiveProfileRecord } from '../../schemas/europe/euLiveRegister.ts';
import type { EuProfileRow } from '../../schemas/europe/euProfileRow.ts';
import { naturalPersonRow } from '../../schemas/europe/euProfileRow.ts';
import type { EuStatut } from '../../schemas/europe/euStatut.ts';
import { SK_RPO_REGISTER } from '../../schemas/events/skRpoEvents.ts';
import { LiveUnavailableError } from '../../schemas/live/liveUnavailable.ts';
import { SK_LEGAL_FORMS } from './skLegalForms.ts';

/** A dated value of RPO: every member of an entity is a history of these; the current one has no `validTo`. */
interface Dated {
  validFrom?: string;
  validTo?: string;
}
interface Coded {
  value?: string;
  code?: string;
}
interface RpoAddress extends Dated {
  street?: string;
  buildingNumber?: string;
  regNumber?: number;
  postalCodes?: string[];
  municipality?: { value?: string };
  country?: Coded;
}

/** The members of an RPO entity the profile reads (FORMATS-LIVE.md 2a; samples in live/SOURCE.txt). */
export interface RpoEntity {
  id?: number;
  identifiers?: (Dated & { value?: string })[];
  fullNames?: (Dated & { value?: string })[];
  addresses?: RpoAddress[];
  legalForms?: (Dated & { value?: Coded })[];
  legalStatuses?: (Dated & { value?: Coded | string })[];
  establishment?: string;
  termination?: string;
}

/** What the search keeps of each result: the entity's id and its current IČO (never a name, see rpoReader). */
export interface RpoSearchRecord {
  kind: 'sk-rpo-recherche';
  resultats: { id: number; ico: string | null }[];
}

const text = (v: unknown): string | null => (typeof v === 'string' && v.trim() !== '' ? v.trim() : null);
const date = (v: unknown): string | null =>
  typeof v === 'string' && /^\d{4}-\d{2}-\d{2}/.test(v) ? v.slice(0, 10) : null;

/** The current value of a history: the one without `validTo`, the latest `validFrom` first. */
function current<T extends Dated>(history: readonly T[] | undefined): T | undefined {
  const open = (history ?? []).filter((h) => !h.validTo);
  return open.sort((a, b) => (b.validFrom ?? '').localeCompare(a.validFrom ?? ''))[0];
}

export const currentIco = (e: RpoEntity): string | null => text(current(e.identifiers)?.value);

/**
 * `termination` set: struck off. A current legal status naming liquidation, bankruptcy or restructuring
 * (likvidácia, konkurz, reštrukturalizácia): winding up. Otherwise active. `statut_detail` quotes the field.
 */
function statutOf(e: RpoEntity): { statut: EuStatut; detail: string | null } {
  const ended = date(e.termination);
  if (ended) return { statut: 'radie', detail: `termination: ${ended}` };
  const status = current(e.legalStatuses)?.value;
  const label = typeof status === 'string' ? text(status) : text(status?.value);
  if (label && /likvid|konkurz|re[šs]truktur/i.test(label)) {
    return { statut: 'en_cessation', detail: `legalStatuses: ${label}` };
  }
  return { statut: 'actif', detail: label ? `legalStatuses: ${label}` : null };
}

function addressOf(a: RpoAddress | undefined) {
  if (!a) return { adresse: null, code_postal: null, ville: null, pays: null };
  const number = [text(a.buildingNumber), a.regNumber ? String(a.regNumber) : null].filter(Boolean).join('/');
  const street = [text(a.street), number || null].filter(Boolean).join(' ');
  const postcode = text(a.postalCodes?.[0]);
  const city = text(a.municipality?.value);
  return {
    adresse:
      [street || null, [postcode, city].filter(Boolean).join(' ') || null].filter(Boolean).join(', ') || null,
    code_postal: postcode,
    ville: city,
    pays: text(a.country?.value),
  };
}

/**
 * One RPO entity in the unified profile's terms. A natural person (sole trader…) keeps its identifier only; a
 * legal form that does not decide, or none, is `forme_indecise`: never guessed, never named.
 */
export function rpoProfileRecord(ico: string, e: RpoEntity): LiveProfileRecord {
  const legalForm = current(e.legalForms)?.value;
  const code = text(legalForm?.code);
  const form = code ? SK_LEGAL_FORMS[code] : undefined;
  const base = { kind: 'eu-profil' as const, pays: 'SK', id_national: ico };
  if (form?.personne === 'physique') return { ...base, profil: naturalPersonRow(ico) };
  if (!form || form.personne === 'indecise') {
    return { ...base, profil: null, forme_indecise: { code, libelle: form?.libelle ?? null } };
  }
  const { statut, detail } = statutOf(e);
  const seat = addressOf(current(e.addresses));
  const row: EuProfileRow = {
    id_national: ico,
    personne_physique: false,
    denomination: text(current(e.fullNames)?.value),
    forme_code: code,
    forme_libelle: text(legalForm?.value) ?? form.libelle,
    statut,
    statut_detail: detail,
    date_creation: date(e.establishment),
    adresse: seat.adresse,
    code_postal: seat.code_postal,
    ville: seat.ville,
    pays_adresse: seat.pays,
    tva: null,
    lei: null,
    lien_registre: `https://api.statistics.sk/rpo/v1/search?identifier=${ico}`,
  };
  return { ...base, profil: row };
}

const isEntity = (v: unknown): v is RpoEntity =>
  !!v && typeof v === 'object' && typeof (v as { id?: unknown }).id === 'number';

/**
 * The parser the RPO client applies before anything is recorded: `GET /entity/{id}` → the profile record;
 * `GET /search?…` → ids and IČOs only (a result may be a sole trader, whose name must not enter the log).
 */
export function extractRpo(status: number, json: unknown, url: string): LiveProfileRecord | RpoSearchRecord {
  const path = new URL(url).pathname;
  if (/\/entity\/\d+$/.test(path)) {
    if (status !== 200 || !isEntity(json)) {
      throw new LiveUnavailableError(SK_RPO_REGISTER, 'illisible', 'RPO: unreadable entity');
    }
    const ico = currentIco(json);
    if (!ico) throw new LiveUnavailableError(SK_RPO_REGISTER, 'illisible', 'RPO: an entity without IČO');
    return rpoProfileRecord(ico, json);
  }
  const results = (json as { results?: unknown } | null)?.results;
  if (status !== 200 || !Array.isArray(results)) {
    throw new LiveUnavailableError(SK_RPO_REGISTER, 'illisible', 'RPO: unreadable search answer');
  }
  return {
    kind: 'sk-rpo-recherche',
    resultats: results.filter(isEntity).map((e) => ({ id: e.id!, ico: currentIco(e) })),
  };
}
