import { type EuProfileRow, naturalPersonRow, undecidedFormRow } from '../../schemas/europe/euProfileRow.ts';
import type { HrSubject } from '../../schemas/events/hrSudregEvents.ts';
import { hrFormDecision } from '../../schemas/legalForms/hrSudregLegalForms.ts';
import { hrStatut } from './hrProcedure.ts';

/** A `YYYY-MM-DD` date (a time part cut); anything else is not a date. */
export function hrDate(v: string | null): string | null {
  const s = (v ?? '').slice(0, 10);
  return /^\d{4}-\d{2}-\d{2}$/.test(s) ? s : null;
}

/** `Ulica grada Vukovara 37`: the street and number of the seat. */
function streetOf(seat: NonNullable<HrSubject['sjediste']>): string | null {
  return [seat.ulica, seat.kucni_broj].filter(Boolean).join(' ') || null;
}

/**
 * A subject as a unified-profile row. The source has no status label: `statut_detail` is the procedure's
 * label as published (`postupak.znacenje`), null without a procedure.
 */
export function hrSudregProfile(s: HrSubject): EuProfileRow {
  const decision = hrFormDecision(s.pravni_oblik_naziv);
  if (decision === 'personne_physique') return naturalPersonRow(s.oib);
  if (decision === 'indecise') return undecidedFormRow(s.oib, s.pravni_oblik_kratica, s.pravni_oblik_naziv);
  const seat = s.sjediste;
  return {
    id_national: s.oib,
    personne_physique: false,
    denomination: s.tvrtka,
    forme_code: s.pravni_oblik_kratica,
    forme_libelle: s.pravni_oblik_naziv,
    statut: hrStatut(s),
    statut_detail: s.postupak_znacenje,
    date_creation: hrDate(s.datum_osnivanja),
    adresse: seat ? streetOf(seat) : null,
    code_postal: seat?.postanski_broj ?? null,
    ville: seat?.naziv_naselja ?? null,
    pays_adresse: 'HR',
    // The OIB is the VAT number only of a subject registered for VAT, which the register does not say.
    tva: null,
    lei: null,
    lien_registre: null,
  };
}
