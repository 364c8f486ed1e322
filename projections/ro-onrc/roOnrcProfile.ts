import { isRoNaturalPerson } from '../../schemas/enums/roOnrc.ts';
import { type EuProfileRow, naturalPersonRow, undecidedFormRow } from '../../schemas/europe/euProfileRow.ts';
import { canonicalCui, isValidCui } from '../../schemas/identifiers/roCui.ts';

type Row = Record<string, unknown>;
const text = (v: unknown): string | null => {
  if (v === null || v === undefined) return null;
  const s = String(v).trim();
  return s === '' ? null : s;
};

/**
 * Legal persons' forms served, with their names in company law (Law 31/1990, Law 15/1990, Law 161/2003,
 * Regulation 2157/2001). A form not listed, and the register's own `N/A` and `ALT` (a form it does not
 * state), decide nothing: the profile answers `forme_juridique_non_servie`.
 */
export const RO_LEGAL_PERSON_FORMS: Readonly<Record<string, string>> = {
  SRL: 'societate cu răspundere limitată',
  SA: 'societate pe acțiuni',
  SNC: 'societate în nume colectiv',
  SCS: 'societate în comandită simplă',
  SCA: 'societate în comandită pe acțiuni',
  RA: 'regie autonomă',
  GIE: 'grup de interes economic',
  SE: 'societate europeană',
};

/** `DD/MM/YYYY`, `DD.MM.YYYY` or `YYYY-MM-DD` as ISO; `0001-01-01` and anything else unreadable: null. */
export function roDate(v: unknown): string | null {
  const s = text(v);
  if (!s) return null;
  const dmy = /^(\d{2})[/.](\d{2})[/.](\d{4})/.exec(s);
  const ymd = /^\d{4}-\d{2}-\d{2}/.exec(s);
  const iso = dmy ? `${dmy[3]}-${dmy[2]}-${dmy[1]}` : ymd ? ymd[0] : null;
  if (!iso || iso < '1800-01-01') return null;
  const day = new Date(`${iso}T00:00:00Z`);
  return !Number.isNaN(day.getTime()) && day.toISOString().slice(0, 10) === iso ? iso : null;
}

/**
 * Romanian postal codes have 6 digits, Bucharest's starting with 0: a 5-digit one lost its leading zero on
 * the way (a spreadsheet), and gets it back; anything else is kept as published.
 */
function postalCode(v: unknown): string | null {
  const s = text(v);
  return s && /^\d{5}$/.test(s) ? `0${s}` : s;
}

/** The street address from its published parts: street, number, block, staircase, floor, flat, sector, rest. */
function addressOf(r: Row): string | null {
  const part = (label: string, v: unknown) => (text(v) ? `${label}${text(v)}` : null);
  const parts = [
    [text(r.ADR_DEN_STRADA), part('nr. ', r.ADR_NR_STRADA)].filter(Boolean).join(' ') || null,
    part('bl. ', r.ADR_BLOC),
    part('sc. ', r.ADR_SCARA),
    part('et. ', r.ADR_ETAJ),
    part('ap. ', r.ADR_APARTAMENT),
    part('sector ', r.ADR_SECTOR),
    text(r.ADR_COMPLETARE),
  ].filter((p): p is string => p !== null);
  return parts.length ? parts.join(', ') : null;
}

/** A company's CUI as served, or null when the row has none usable (empty, `0`, a wrong check digit). */
export function servedCuiOf(r: Row): string | null {
  const cui = text(r.CUI);
  if (!cui || !/^\d+$/.test(cui)) return null;
  const canonical = canonicalCui(cui);
  return canonical !== '0' && isValidCui(canonical) ? canonical : null;
}

/**
 * What the profile table keeps of an OD_FIRME row, keyed by its CUI (its `statut` is set from its status
 * codes by refreshRoStatut). A natural person keeps the identifier only; an undecided or unknown form keeps
 * its form code, no name (it may be a natural person): the profile refuses it (`forme_juridique_non_servie`).
 */
export function roOnrcProfile(cui: string, r: Row): EuProfileRow {
  const form = text(r.FORMA_JURIDICA);
  if (isRoNaturalPerson(form, String(r.COD_INMATRICULARE ?? ''))) return naturalPersonRow(cui);
  const label = form ? RO_LEGAL_PERSON_FORMS[form.toUpperCase()] : undefined;
  if (!form || !label) return undecidedFormRow(cui, form, null);
  const country = text(r.ADR_TARA);
  return {
    id_national: cui,
    personne_physique: false,
    denomination: text(r.DENUMIRE),
    forme_code: form,
    forme_libelle: label,
    statut: null,
    statut_detail: null,
    date_creation: roDate(r.DATA_INMATRICULARE),
    adresse: addressOf(r),
    code_postal: postalCode(r.ADR_COD_POSTAL),
    ville: text(r.ADR_LOCALITATE),
    pays_adresse: country && /^rom[aâ]nia$/i.test(country) ? 'RO' : null,
    tva: null,
    lei: null,
    lien_registre: null,
  };
}
