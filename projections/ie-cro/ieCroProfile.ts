import type { EuProfileRow } from '../../schemas/europe/euProfileRow.ts';
import { ieCroStatut } from './ieCroStatut.ts';

type Row = Record<string, unknown>;
const text = (v: unknown): string | null => {
  const s = v === null || v === undefined ? '' : String(v).trim();
  return s === '' ? null : s;
};

/** The placeholder the CRO writes instead of an address (about 23,000 rows). */
const NO_ADDRESS = /^\*+\s*NO ADDRESS DETAILS\s*\*+$/i;

/** `YYYY-MM-DD` (or the DataStore's `YYYY-MM-DDT00:00:00`); `0001-01-01`, the CRO's null date, is none. */
export function croDate(v: unknown): string | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:T00:00:00(?:Z)?)?$/.exec(text(v) ?? '');
  if (!m || m[1] === '0001') return null;
  return `${m[1]}-${m[2]}-${m[3]}`;
}

/** `LTD - Private Company Limited by Shares` → `LTD`; a label without an abbreviation gives the CRO's code. */
export function ieCroForm(r: Row): { code: string | null; libelle: string | null } {
  const label = text(r.company_type);
  const abbreviation = /^([A-Z]{2,4})\s*-\s/.exec(label ?? '')?.[1];
  return { code: abbreviation ?? text(r.company_type_code), libelle: label };
}

function addressLines(r: Row): string[] {
  const lines = [r.company_address_1, r.company_address_2, r.company_address_3, r.company_address_4]
    .map(text)
    .filter((l): l is string => l !== null);
  return lines.some((l) => NO_ADDRESS.test(l)) ? [] : lines;
}

/**
 * A row of the companies file as a unified-profile row. The address is four free lines: the town is taken as
 * the last line's first part (`DUBLIN 7, DUBLIN` → `DUBLIN 7`), the Eircode as the postcode. Every company of
 * the file is a body corporate: none is a natural person.
 */
export function ieCroProfile(id: string, r: Row): EuProfileRow {
  const form = ieCroForm(r);
  const lines = addressLines(r);
  const last = lines[lines.length - 1];
  return {
    id_national: id,
    personne_physique: false,
    denomination: text(r.company_name),
    forme_code: form.code,
    forme_libelle: form.libelle,
    statut: ieCroStatut(text(r.company_status)),
    statut_detail: text(r.company_status),
    date_creation: croDate(r.company_reg_date),
    adresse: lines.length > 0 ? lines.join(', ') : null,
    code_postal: lines.length > 0 ? text(r.eircode) : null,
    ville: last ? (text(last.split(',')[0]) ?? null) : null,
    pays_adresse: lines.length > 0 ? 'IE' : null,
    tva: null,
    lei: null,
    lien_registre: `https://core.cro.ie/company/${id}`,
  };
}
