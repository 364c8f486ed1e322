import { type EuProfileRow, undecidedFormRow } from '../../schemas/europe/euProfileRow.ts';
import type { BeKboRecord } from '../../schemas/events/beKboEvents.ts';
import { kboFormDecides } from './beKboForms.ts';
import { beKboStatut } from './beKboStatut.ts';

/** A code's label as published, French first (the service's language), then Dutch, German. */
export type KboLabels = ReadonlyMap<string, BeKboRecord>;
const labelOf = (codes: KboLabels, category: string, code: string | null | undefined): string | null => {
  if (!code) return null;
  const c = codes.get(`${category}:${code}`);
  return c?.DescriptionFR?.trim() || c?.DescriptionNL?.trim() || c?.DescriptionDE?.trim() || null;
};

/** Names in order of preference: the denomination (001) before abbreviation and commercial names. */
const NAME_TYPES = ['001', '002', '003'];
/** Languages: French (1), Dutch (2), German (3), English (4), unknown (0). */
const LANGUAGES = ['1', '2', '3', '4', '0'];
const rank = (list: string[], v: string | null | undefined) => {
  const i = list.indexOf(v ?? '');
  return i < 0 ? list.length : i;
};

function chosenName(denominations: readonly BeKboRecord[]): string | null {
  const named = denominations.filter((d) => d.Denomination?.trim());
  named.sort(
    (a, b) =>
      rank(NAME_TYPES, a.TypeOfDenomination) - rank(NAME_TYPES, b.TypeOfDenomination) ||
      rank(LANGUAGES, a.Language) - rank(LANGUAGES, b.Language),
  );
  return named[0]?.Denomination?.trim() ?? null;
}

/** `DD-MM-YYYY` → `YYYY-MM-DD`; a placeholder year (before 1800, e.g. `01-01-0001`) is not a date. */
export function kboDate(v: string | null | undefined): string | null {
  const m = /^(\d{2})-(\d{2})-(\d{4})$/.exec(v?.trim() ?? '');
  if (!m || Number(m[3]) < 1800) return null;
  return `${m[3]}-${m[2]}-${m[1]}`;
}

/** The seat (REGO) still in force; an address struck off is not the seat. */
function seatOf(addresses: readonly BeKboRecord[]): BeKboRecord | null {
  return addresses.find((a) => a.TypeOfAddress === 'REGO' && !a.DateStrikingOff) ?? null;
}

function seatLine(a: BeKboRecord): string | null {
  const street = a.StreetFR?.trim() || a.StreetNL?.trim() || '';
  const box = a.Box?.trim() ? ` bte ${a.Box.trim()}` : '';
  const line = `${street} ${a.HouseNumber?.trim() ?? ''}`.trim() + box;
  return [line, a.ExtraAddressInfo?.trim()].filter(Boolean).join(', ') || null;
}

/**
 * A legal person of KBO (TypeOfEnterprise 2; the log holds no natural person) as a unified-profile row. One
 * whose juridical form does not say it has legal personality (beKboForms.ts: a partnership of common law, a
 * foreign entity, no form, an unknown code) is kept as a bare number with its form: never named, never found
 * by the search, refused with 404 `forme_juridique_non_servie`.
 */
export function beKboProfile(
  id: string,
  enterprise: BeKboRecord,
  denominations: readonly BeKboRecord[],
  addresses: readonly BeKboRecord[],
  codes: KboLabels,
): EuProfileRow {
  const form = enterprise.JuridicalForm?.trim() || null;
  if (!kboFormDecides(form)) return undecidedFormRow(id, form, labelOf(codes, 'JuridicalForm', form));
  const seat = seatOf(addresses);
  const situation = enterprise.JuridicalSituation;
  const foreignCountry = seat?.CountryFR?.trim() || seat?.CountryNL?.trim() || null;
  return {
    id_national: id,
    personne_physique: false,
    denomination: chosenName(denominations),
    forme_code: enterprise.JuridicalForm ?? null,
    forme_libelle: labelOf(codes, 'JuridicalForm', enterprise.JuridicalForm),
    statut: beKboStatut(enterprise.Status, situation),
    statut_detail: labelOf(codes, 'JuridicalSituation', situation) ?? situation ?? null,
    date_creation: kboDate(enterprise.StartDate),
    adresse: seat ? seatLine(seat) : null,
    code_postal: seat?.Zipcode?.trim() || null,
    ville: seat ? seat.MunicipalityFR?.trim() || seat.MunicipalityNL?.trim() || null : null,
    pays_adresse: seat ? (foreignCountry ?? 'BE') : null,
    tva: null,
    lei: null,
    lien_registre: `https://kbopub.economie.fgov.be/kbopub/toonondernemingps.html?ondernemingsnummer=${id}`,
  };
}
