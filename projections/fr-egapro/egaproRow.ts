import type { EntityRecordedData } from '../../schemas/events/entityEvents.ts';
import { type EgaproRecord, NOTE_NON_CALCULABLE } from '../../schemas/events/frEgaproEvents.ts';

/** One declaration of the Egapro export as the read table holds it. */
export interface EgaproIndexRow {
  /** `<siren>-<annee>`, the entity id. */
  id: string;
  siren: string;
  annee: number;
  /** `Note Index`: 0 to 100, null when published as `NC` (not computable) or left empty. */
  note: number | null;
  /** `Note Index` was published as `NC`. */
  non_calculable: boolean;
  /** `Structure` as published (`Entreprise`, `Unité Economique et Sociale (UES)`). */
  structure: string | null;
  /** The declarant is a UES (by `Structure`, a UES name or a members list): the index is the UES's. */
  est_ues: boolean;
  ues_nom: string | null;
  /** The SIRENs listed in `Entreprises UES (SIREN)` (`NAME (SIREN),NAME (SIREN)`), the declarant left out. */
  ues_membres: string[];
}

const UES_STRUCTURE = /\bUES\b|unit[ée] [ée]conomique/i;

/** A declaration's row, or null when its key columns are unreadable (the ingester sets such rows aside). */
export function egaproIndexRow(data: EntityRecordedData): EgaproIndexRow | null {
  const r = data.record as EgaproRecord;
  const siren = r.SIREN ?? '';
  const annee = Number(r.Année);
  if (!/^\d{9}$/.test(siren) || !Number.isInteger(annee)) return null;
  const note = noteOf(r['Note Index']);
  const members = uesMembers(r['Entreprises UES (SIREN)']).filter((m) => m !== siren);
  const isUes = UES_STRUCTURE.test(r.Structure ?? '') || members.length > 0 || r['Nom UES'] != null;
  return {
    id: data.id,
    siren,
    annee,
    note,
    non_calculable: r['Note Index']?.toUpperCase() === NOTE_NON_CALCULABLE,
    structure: r.Structure ?? null,
    est_ues: isUes,
    ues_nom: isUes ? (r['Nom UES'] ?? null) : null,
    ues_membres: members,
  };
}

/** `94` → 94; `NC`, empty or anything else → null (never a guess). */
export function noteOf(raw: string | null | undefined): number | null {
  const v = raw?.trim() ?? '';
  if (!/^\d{1,3}$/.test(v)) return null;
  const n = Number(v);
  return n <= 100 ? n : null;
}

/** The 9-digit numbers of the UES members cell, in order, each once. */
export function uesMembers(raw: string | null | undefined): string[] {
  return [...new Set((raw ?? '').match(/(?<!\d)\d{9}(?!\d)/g) ?? [])];
}
