/**
 * Event contract of Croatia's court register (register `hr.sudreg`, Sudski registar open API,
 * sudreg-data.gov.hr). One pass reads a recorded daily snapshot: a JSON array of `detalji_subjekta` answers
 * (`expand_relations=true`), one subject each. Entities:
 * - `subjekt`: one subject, id = its OIB (`potpuni_oib`, or `oib` padded to 11 digits: the API serves numbers
 *   and loses leading zeros), 11 digits with a valid check digit. Only the keys a route reads are kept
 *   (HrSubject), with the list of annual financial statements delivered (`gfi`); a sole trader's
 *   (`trgovac pojedinac`) subject keeps no name, no address, no e-mail and no statement.
 *   A subject without an OIB (old deleted subjects) or with an invalid one is set aside (counted);
 * - `fichier`: which file of each role the pass read (see ingest/core/filesPass.ts).
 */
export const HR_SUDREG_REGISTER = 'hr.sudreg';
export const SUBJECT = 'subjekt';

/** What is kept of one `detalji_subjekta` answer (source key names; nulls for omitted keys). */
export interface HrSubject {
  oib: string;
  /** `potpuni_mbs`, or `mbs` padded to 9 digits. */
  mbs: string;
  /** `status`: 1 active, 0 not (deleted subjects). */
  status: number | null;
  datum_osnivanja: string | null;
  datum_brisanja: string | null;
  ino_podruznica: number | null;
  stecajna_masa: number | null;
  likvidacijska_masa: number | null;
  /** `postupak.postupak.znacenje`: the procedure's label as published. */
  postupak_znacenje: string | null;
  /** `sud_nadlezan.naziv`: the court that keeps the subject. */
  sud_nadlezan: string | null;
  tvrtka: string | null;
  skracena_tvrtka: string | null;
  /** `pravni_oblik.vrsta_pravnog_oblika` */
  pravni_oblik_sifra: string | null;
  pravni_oblik_naziv: string | null;
  pravni_oblik_kratica: string | null;
  sjediste: {
    ulica: string | null;
    kucni_broj: string | null;
    postanski_broj: string | null;
    naziv_naselja: string | null;
    naziv_opcine: string | null;
  } | null;
  /** `email_adrese[].adresa`: the addresses the register publishes (none kept for a sole trader). */
  email_adrese: string[];
  /** The last `temeljni_kapitali` entry. */
  kapital: { iznos: number | null; valuta: string | null } | null;
  /**
   * `gfi[]`: the annual financial statements (GFI) the register records as delivered, in source order (none kept
   * for a sole trader). Absent from events recorded before it was kept: read as none.
   */
  gfi?: HrGfi[];
}

/**
 * One `gfi` entry of a `detalji_subjekta` answer (official OpenAPI: mbs, gfi_rbr, vrsta_dokumenta,
 * oznaka_konsolidacije, godina_izvjestaja, datum_dostave, datum_od, datum_do). With `expand_relations`,
 * `vrsta_dokumenta` is an object `{znacenje}` (its label; the code is then not given), without it the code.
 */
export interface HrGfi {
  gfi_rbr: number | null;
  vrsta_dokumenta: number | null;
  vrsta_dokumenta_znacenje: string | null;
  oznaka_konsolidacije: number | null;
  godina_izvjestaja: number | null;
  datum_dostave: string | null;
  datum_od: string | null;
  datum_do: string | null;
}

export const hrSudregStreamOf = (row: { kind: string; id: string }) =>
  `${HR_SUDREG_REGISTER}-${row.kind}-${row.id}`;
