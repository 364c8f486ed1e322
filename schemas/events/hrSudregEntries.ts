/**
 * Court-register entries (upisi) of Croatia's register `hr.sudreg`: the entities a pass records when it is
 * given the recorded answers of the state-bodies tier of the Sudski registar API ("Sudski registar api -
 * državna tijela" v3.0.4, https://sudreg-data.gov.hr/api/drzavna_tijela): `upisi`, `upisi_vrste_upisa`,
 * `vrste_upisa`, `grupe_vrsta_upisa`, `sudovi`, `ostali_tekstovi`, `zabiljezbe`, `postupci`. Each file is one
 * JSON array, the API's pages concatenated; nulls are omitted (the API's default `omit_nulls`).
 * Entities (source key names kept):
 * - `upis`: one entry, id = its `id` (UPIS_ID), under its subject's MBS (padded to 9 digits);
 * - `upis_vrsta`: one (entry, entry type) pair of `upisi_vrste_upisa`, id = `<upis_id>-<vrsta_upisa_id>`;
 * - `sifra`: one value of a code list (`vrste_upisa`, `grupe_vrsta_upisa`, `sudovi`), id = `<list>-<id>`;
 * - `upis_tekst`: that an entry entered a text (`ostali_tekstovi`) or a note (`zabiljezbe`). The text itself is
 *   NOT recorded: no entry type is confirmed as free of personal mentions (the values of `vrste_upisa` were
 *   found nowhere public), so every text is withheld and never enters the log;
 * - `upis_postupak`: one procedure row of `postupci` (bankruptcy, liquidation…) with the entries that entered
 *   and ended it, id = `<mbs>-<prbu_od>` (its natural key).
 */
export const ENTRY = 'upis';
export const ENTRY_TYPE_LINK = 'upis_vrsta';
export const CODE = 'sifra';
export const ENTRY_TEXT = 'upis_tekst';
export const ENTRY_PROCEDURE = 'upis_postupak';

/** The pass roles of the state-bodies files (the endpoints' names), each optional in a pass. */
export const HR_ENTRY_ROLES = [
  'upisi',
  'upisi_vrste_upisa',
  'vrste_upisa',
  'grupe_vrsta_upisa',
  'sudovi',
  'ostali_tekstovi',
  'zabiljezbe',
  'postupci',
] as const;
export type HrEntryRole = (typeof HR_ENTRY_ROLES)[number];

/** The code lists kept as `sifra` entities. */
export type HrCodeList = 'vrste_upisa' | 'grupe_vrsta_upisa' | 'sudovi';

/** One `upisi` row: id, mbs, prbu, podbroj, virtualni_upis, sud_id, datum_upisa, poslovni_broj. */
export interface HrEntry {
  id: number;
  /** `mbs` (a JSON number) padded to 9 digits. */
  mbs: string;
  /** `prbu`: "Pravni redni broj upisa", the entry's legal serial number in its subject. */
  prbu: number | null;
  podbroj: number | null;
  virtualni_upis: number | null;
  /** `sud_id`: the court or permanent service that made the entry (`sudovi`). */
  sud_id: number | null;
  /** `datum_upisa`: the day the entry became final (a date-time as served). */
  datum_upisa: string | null;
  /** `poslovni_broj`: the reference of the ruling ordering the entry. */
  poslovni_broj: string | null;
}

export interface HrEntryTypeLink {
  upis_id: number;
  vrsta_upisa_id: number;
}

/** One value of a code list: `naziv` as published; for `vrste_upisa`, its `sifra` and its group. */
export interface HrCode {
  lista: HrCodeList;
  id: number;
  sifra: number | null;
  naziv: string | null;
  /** `vrste_upisa.grupa_vrste_upisa_id` (unexpanded answers). */
  grupa_id: number | null;
  /** `vrste_upisa.grupa_vrste_upisa.naziv` (expanded answers, `expand_relations=true`). */
  grupa_naziv: string | null;
}

export interface HrEntryText {
  upis_id: number;
  mbs: string;
  izvor: 'ostali_tekstovi' | 'zabiljezbe';
}

/** One `postupci` row: the procedure code (`postupak`), entered by entry `upis_id_od`, ended by `upis_id_do`. */
export interface HrEntryProcedure {
  mbs: string;
  postupak: number | null;
  prbu_od: number | null;
  prbu_do: number | null;
  upis_id_od: number | null;
  upis_id_do: number | null;
  datum_stecaja: string | null;
}
