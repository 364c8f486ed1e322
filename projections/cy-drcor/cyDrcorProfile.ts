import { type EuProfileRow, undecidedFormRow } from '../../schemas/europe/euProfileRow.ts';
import { cyDrcorStatut } from './cyDrcorStatut.ts';

type Row = Record<string, unknown>;
const text = (v: unknown): string | null => {
  const s = v === null || v === undefined ? '' : String(v).trim();
  return s === '' ? null : s;
};

/**
 * Types served by name: companies (C) and overseas companies (O, companies incorporated abroad with a place of
 * business in Cyprus). Partnerships (P, N) and business names (B) are registered by natural persons as well
 * as by companies, and the file has no flag to tell which (shared/FORMATS-EXTRA.md §2): their type does not
 * decide whether a legal person stands behind them. They are kept as a bare number with their type (no name,
 * no office: the ingest never logs them), refused with 404 `forme_juridique_non_servie`.
 */
const LEGAL_PERSON_TYPES = ['C', 'O'];

/** `DD/MM/YYYY` → `YYYY-MM-DD`. */
export function cyDate(v: unknown): string | null {
  const m = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(text(v) ?? '');
  return m ? `${m[3]}-${m[2]}-${m[1]}` : null;
}

/** A registered office as the profile's address: `TERRITORY` is locality, postcode, district, country. */
export interface CyOffice {
  adresse: string | null;
  code_postal: string | null;
  ville: string | null;
}

export function cyOffice(r: Row): CyOffice {
  const parts = (text(r.TERRITORY) ?? '')
    .split(',')
    .map((p) => p.trim())
    .filter((p) => p !== '' && p !== 'Κύπρος' && p !== 'Cyprus');
  const postcode = parts.find((p) => /^\d{4}$/.test(p)) ?? null;
  const places = parts.filter((p) => p !== postcode);
  const lines = [text(r.STREET), text(r.BUILDING), ...parts].filter((l): l is string => l !== null);
  return {
    adresse: lines.length > 0 ? lines.join(', ') : null,
    code_postal: postcode,
    ville: places[0] ?? null,
  };
}

/** An organisation row (and its registered office, when read) as a unified-profile row. */
export function cyDrcorProfile(id: string, r: Row, office: CyOffice | null): EuProfileRow {
  const type = text(r.ORGANISATION_TYPE_CODE);
  const libelle = [text(r.ORGANISATION_TYPE), text(r.ORGANISATION_SUB_TYPE)].filter(Boolean).join(' - ');
  if (!type || !LEGAL_PERSON_TYPES.includes(type)) return undecidedFormRow(id, type, libelle || null);
  return {
    id_national: id,
    personne_physique: false,
    denomination: text(r.ORGANISATION_NAME),
    forme_code: type,
    forme_libelle: libelle || null,
    statut: cyDrcorStatut(text(r.ORGANISATION_STATUS)),
    statut_detail: text(r.ORGANISATION_STATUS),
    date_creation: cyDate(r.REGISTRATION_DATE),
    adresse: office?.adresse ?? null,
    code_postal: office?.code_postal ?? null,
    ville: office?.ville ?? null,
    pays_adresse: office?.adresse ? 'CY' : null,
    tva: null,
    lei: null,
    lien_registre: null,
  };
}
