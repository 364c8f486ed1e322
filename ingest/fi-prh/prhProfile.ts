import type { LiveProfileRecord, LiveSearchRecord } from '../../schemas/europe/euLiveRegister.ts';
import type { EuProfileRow } from '../../schemas/europe/euProfileRow.ts';
import type { EuStatut } from '../../schemas/europe/euStatut.ts';
import { FI_PRH_REGISTER } from '../../schemas/events/fiPrhEvents.ts';
import { LiveUnavailableError } from '../../schemas/live/liveUnavailable.ts';
import { searchRecordOf } from '../core/liveProfileMatch.ts';
import { PRH_COMPANY_FORMS } from './prhCompanyForms.ts';
import { type PrhProfileRecord, prhEvents } from './prhEvents.ts';
import { current, date, finnish, text, type YtjCompany } from './prhYtj.ts';

/**
 * YTJ's `status` is "2" for active and ceased companies alike: a company ended (`endDate`) is struck off; one
 * with a current situation (liquidation SELTILA, bankruptcy, restructuring) is ceasing; one whose trade
 * register status is "1" (registered) is active. Anything else is not decided here (`statut` null, the
 * published value in `statut_detail`).
 */
function statutOf(c: YtjCompany): { statut: EuStatut | null; detail: string | null } {
  const ended = date(c.endDate);
  if (ended) return { statut: 'radie', detail: `endDate: ${ended}` };
  const situation = current(c.companySituations)[0];
  if (situation) {
    return { statut: 'en_cessation', detail: `companySituations: ${String(situation.type)}` };
  }
  const status = text(c.tradeRegisterStatus);
  if (status === '1') return { statut: 'actif', detail: 'tradeRegisterStatus: 1' };
  return { statut: null, detail: status ? `tradeRegisterStatus: ${status}` : null };
}

/** The visiting address (type 1), else the postal one: street line, postcode, Finnish post office. */
function addressOf(c: YtjCompany) {
  const address = c.addresses?.find((a) => a.type === 1) ?? c.addresses?.find((a) => a.type === 2);
  if (!address) return { adresse: null, code_postal: null, ville: null };
  const line = [address.street, address.buildingNumber, address.entrance, address.apartmentNumber]
    .map(text)
    .filter(Boolean)
    .join(' ');
  const office = address.postOffices?.find((p) => p.languageCode === '1') ?? address.postOffices?.[0];
  return { adresse: line || null, code_postal: text(address.postCode), ville: text(office?.city) };
}

/** One YTJ company in the unified profile's terms; an unlisted company form is undecided, never guessed. */
export function prhProfileRecord(id: string, c: YtjCompany): LiveProfileRecord {
  const base = { kind: 'eu-profil' as const, pays: 'FI', id_national: id };
  const form = current(c.companyForms)[0] ?? c.companyForms?.[0];
  const code = form?.type === undefined ? null : String(form.type);
  if (!code || !PRH_COMPANY_FORMS[code]) {
    return { ...base, profil: null, forme_indecise: { code, libelle: null } };
  }
  const { statut, detail } = statutOf(c);
  const vatRegistered = current(c.registeredEntries).some((e) => e.register === '6');
  const row: EuProfileRow = {
    id_national: id,
    personne_physique: false,
    denomination: text(current(c.names).find((n) => n.type === '1')?.name),
    forme_code: code,
    forme_libelle: finnish(form) ?? PRH_COMPANY_FORMS[code]!,
    statut,
    statut_detail: detail,
    date_creation: date(c.registrationDate),
    ...addressOf(c),
    pays_adresse: null,
    tva: vatRegistered ? `FI${id.replace('-', '')}` : null,
    lei: null,
    lien_registre: `https://avoindata.prh.fi/opendata-ytj-api/v3/companies?businessId=${id}`,
  };
  return { ...base, profil: row };
}

function companiesOf(status: number, json: unknown): { total: number; companies: YtjCompany[] } {
  const total = (json as { totalResults?: unknown } | null)?.totalResults;
  const companies = (json as { companies?: unknown } | null)?.companies;
  if (status !== 200 || typeof total !== 'number' || !Array.isArray(companies)) {
    throw new LiveUnavailableError(FI_PRH_REGISTER, 'illisible', 'PRH: unreadable answer');
  }
  return { total, companies: companies as YtjCompany[] };
}

/**
 * The parser PRH's client applies before anything is recorded: `companies?businessId=` → the profile record
 * with the company's events (none found: unknown; a company not served keeps no event), `companies?name=` →
 * the legal persons found. One observation serves the profile and the events routes.
 */
export function extractPrh(status: number, json: unknown, url: string): PrhProfileRecord | LiveSearchRecord {
  const { total, companies } = companiesOf(status, json);
  const asked = new URL(url).searchParams.get('businessId');
  if (asked) {
    const company = companies.find((c) => c.businessId?.value === asked);
    if (!company) return { kind: 'eu-profil', pays: 'FI', id_national: asked, profil: null };
    const record = prhProfileRecord(asked, company);
    return record.profil && !record.profil.personne_physique
      ? { ...record, evenements: prhEvents(company) }
      : record;
  }
  return searchRecordOf(
    total,
    companies.map((company) => {
      const id = text(company.businessId?.value);
      return id ? prhProfileRecord(id, company).profil : null;
    }),
  );
}
