import { type EuProfileRow, naturalPersonRow } from '../../schemas/europe/euProfileRow.ts';
import type { EuStatut } from '../../schemas/europe/euStatut.ts';

type Row = Record<string, unknown>;
const text = (v: unknown): string | null => {
  if (v === null || v === undefined) return null;
  const s = String(v).trim();
  return s === '' ? null : s;
};

/** `IK`, individuālais komersants: a natural person trading under their own name, never served. */
export const SOLE_TRADER_TYPES = ['IK'];

/**
 * `terminated` (a date) or `closed` (a code; a single space while open) mark a struck-off entity. Neither
 * is a label: `closed` is a one-letter code whose list the open data does not publish, so the detail is
 * left null here and set from the legal events' own labels (`refreshLvStatut`). The register file carries
 * no liquidation-in-progress state either: that is in the legal-events files.
 */
export function lvUrStatut(r: Row): { statut: EuStatut; detail: null } {
  return { statut: text(r.closed) || text(r.terminated) ? 'radie' : 'actif', detail: null };
}

/** A row of `register.csv` as a unified-profile row. */
export function lvUrProfile(id: string, r: Row): EuProfileRow {
  if (SOLE_TRADER_TYPES.includes(String(r.type))) return naturalPersonRow(id);
  const { statut, detail } = lvUrStatut(r);
  const address = text(r.address);
  return {
    id_national: id,
    personne_physique: false,
    denomination: text(r.name),
    forme_code: text(r.type),
    forme_libelle: text(r.type_text),
    statut,
    statut_detail: detail,
    date_creation: text(r.registered),
    adresse: address,
    code_postal: text(r.index),
    ville: address ? (address.split(',')[0]?.trim() ?? null) : null,
    pays_adresse: 'LV',
    tva: null,
    lei: null,
    lien_registre: null,
  };
}
