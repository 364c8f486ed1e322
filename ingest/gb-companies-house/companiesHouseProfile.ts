import type { LiveProfileRecord, LiveSearchRecord } from '../../schemas/europe/euLiveRegister.ts';
import type { EuProfileRow } from '../../schemas/europe/euProfileRow.ts';
import { GB_COMPANIES_HOUSE_REGISTER } from '../../schemas/events/gbCompaniesHouseEvents.ts';
import { LiveUnavailableError } from '../../schemas/live/liveUnavailable.ts';
import { searchRecordOf } from '../core/liveProfileMatch.ts';
import { companiesHouseStatut } from './companiesHouseStatut.ts';
import { COMPANIES_HOUSE_TYPES } from './companiesHouseTypes.ts';

/** A registered office address (`premises` is sent in search results only). `care_of` is never read. */
interface ChAddress {
  premises?: string;
  address_line_1?: string;
  address_line_2?: string;
  po_box?: string;
  locality?: string;
  postal_code?: string;
  country?: string;
}

/**
 * The fields of a Companies House company profile the unified profile reads (real answers in live/SOURCE.txt).
 * Officers and persons with significant control are other resources, never asked.
 */
interface ChCompany {
  company_number?: string;
  company_name?: string;
  company_status?: string;
  company_status_detail?: string;
  type?: string;
  date_of_creation?: string;
  registered_office_address?: ChAddress;
}

/** One item of `GET /search/companies` (`items[]`). */
interface ChSearchItem {
  company_number?: string;
  title?: string;
  company_status?: string;
  company_type?: string;
  date_of_creation?: string;
  address?: ChAddress;
}

const text = (v: unknown): string | null => (typeof v === 'string' && v.trim() !== '' ? v.trim() : null);
const date = (v: unknown): string | null =>
  typeof v === 'string' && /^\d{4}-\d{2}-\d{2}/.test(v) ? v.slice(0, 10) : null;

function addressOf(a: ChAddress | undefined) {
  const line = [a?.premises, a?.address_line_1, a?.address_line_2, a?.po_box]
    .map(text)
    .filter(Boolean)
    .join(', ');
  return {
    adresse: line || null,
    code_postal: text(a?.postal_code),
    ville: text(a?.locality),
    pays_adresse: text(a?.country),
  };
}

/** One Companies House company in the unified profile's terms; a type not listed is undecided, never guessed. */
export function companiesHouseProfileRecord(number: string, c: ChCompany): LiveProfileRecord {
  const base = { kind: 'eu-profil' as const, pays: 'GB', id_national: number };
  const type = text(c.type);
  const label = type ? COMPANIES_HOUSE_TYPES[type] : undefined;
  if (!type || !label) return { ...base, profil: null, forme_indecise: { code: type, libelle: null } };
  const { statut, detail } = companiesHouseStatut(text(c.company_status), text(c.company_status_detail));
  const row: EuProfileRow = {
    id_national: number,
    personne_physique: false,
    denomination: text(c.company_name),
    forme_code: type,
    forme_libelle: label,
    statut,
    statut_detail: detail,
    date_creation: date(c.date_of_creation),
    ...addressOf(c.registered_office_address),
    tva: null,
    lei: null,
    lien_registre: `https://find-and-update.company-information.service.gov.uk/company/${number}`,
  };
  return { ...base, profil: row };
}

/**
 * A 404 that says the company is unknown: the body Companies House sent in 2026 (`message` "… Resource not
 * found for company profile …") or the `errors[].error` "company-profile-not-found" clients document. Any other
 * 404 (an empty body, a wrong address) is not an answer.
 */
function isUnknownCompany(json: unknown): boolean {
  const message = (json as { message?: unknown } | null)?.message;
  if (typeof message === 'string' && /not found/i.test(message)) return true;
  const errors = (json as { errors?: unknown } | null)?.errors;
  return Array.isArray(errors) && errors.some((e) => e?.error === 'company-profile-not-found');
}

/** `GET /company/{number}`: 200 with the company, or 404 (unknown). */
export function extractCompaniesHouseProfile(
  number: string,
  status: number,
  json: unknown,
): LiveProfileRecord {
  if (status === 404) {
    if (!isUnknownCompany(json)) {
      throw new LiveUnavailableError(
        GB_COMPANIES_HOUSE_REGISTER,
        'illisible',
        'Companies House: unexpected 404',
      );
    }
    return { kind: 'eu-profil', pays: 'GB', id_national: number, profil: null };
  }
  const company = json as ChCompany | null;
  if (status !== 200 || !company || typeof company !== 'object' || company.company_number !== number) {
    throw new LiveUnavailableError(
      GB_COMPANIES_HOUSE_REGISTER,
      'illisible',
      'Companies House: not the company asked for',
    );
  }
  return companiesHouseProfileRecord(number, company);
}

/** `GET /search/companies`: `{items[], total_results}`, the legal persons found. */
export function extractCompaniesHouseSearch(status: number, json: unknown): LiveSearchRecord {
  const items = (json as { items?: unknown } | null)?.items;
  const total = (json as { total_results?: unknown } | null)?.total_results;
  if (status !== 200 || (items !== undefined && !Array.isArray(items)) || typeof total !== 'number') {
    throw new LiveUnavailableError(
      GB_COMPANIES_HOUSE_REGISTER,
      'illisible',
      'Companies House: unreadable search',
    );
  }
  return searchRecordOf(
    total,
    ((items ?? []) as ChSearchItem[]).map((item) => {
      const number = text(item?.company_number);
      if (!number) return null;
      const company: ChCompany = {
        company_number: number,
        ...(item.title === undefined ? {} : { company_name: item.title }),
        ...(item.company_status === undefined ? {} : { company_status: item.company_status }),
        ...(item.company_type === undefined ? {} : { type: item.company_type }),
        ...(item.date_of_creation === undefined ? {} : { date_of_creation: item.date_of_creation }),
        ...(item.address === undefined ? {} : { registered_office_address: item.address }),
      };
      return companiesHouseProfileRecord(number, company).profil;
    }),
  );
}
