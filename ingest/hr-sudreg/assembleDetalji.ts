/**
 * The `detalji_subjekta` answer of one subject (`expand_relations=true`, active rows only, nulls omitted: the
 * schema `detalji_subjekta_samo_aktivni_ex` of the official OpenAPI, 491415/SUD3 src/json/sudreg_api_v3.json),
 * assembled from the rows of the list endpoints of one snapshot instead of one call per subject (600,000
 * subjects at about 6 requests a minute would take some 70 days; the lists take about 6,000 pages).
 * Only the keys the ingest reads are assembled (readSudregSnapshot.ts): the subject's own columns, its
 * courts, procedure, name, short name, seat, e-mails, legal form, capitals and financial statements.
 */

import { num } from './sudregValues.ts';

export type Row = Record<string, unknown>;

/** The row without its null or absent keys (the API's default `omit_nulls`). */
function compact(row: Row): Row {
  return Object.fromEntries(Object.entries(row).filter(([, v]) => v !== null && v !== undefined));
}

/** The code lists an expanded answer names instead of an id. */
export interface SudregCodeLists {
  /** `sudovi`: id → row. */
  courts: Map<number, Row>;
  /** `valute`: id → row. */
  currencies: Map<number, Row>;
  /** `vrste_postupaka`: postupak → znacenje. */
  procedures: Map<number, string>;
  /** `vrste_gfi_dokumenata`: vrsta → znacenje. */
  gfiKinds: Map<number, string>;
}

export function emptyCodeLists(): SudregCodeLists {
  return { courts: new Map(), currencies: new Map(), procedures: new Map(), gfiKinds: new Map() };
}

/** What the list endpoints hold of each subject (by MBS), already in the answer's nested shape. */
export interface SudregParts {
  tvrtke: Map<number, Row>;
  skracene_tvrtke: Map<number, Row>;
  sjedista: Map<number, Row>;
  email_adrese: Map<number, Row[]>;
  pravni_oblici: Map<number, Row>;
  temeljni_kapitali: Map<number, Row[]>;
  postupci: Map<number, Row>;
  gfi: Map<number, Row[]>;
}

export type SudregPartName = keyof SudregParts;

export function emptyParts(): SudregParts {
  return {
    tvrtke: new Map(),
    skracene_tvrtke: new Map(),
    sjedista: new Map(),
    email_adrese: new Map(),
    pravni_oblici: new Map(),
    temeljni_kapitali: new Map(),
    postupci: new Map(),
    gfi: new Map(),
  };
}

/** The columns of a history row that an answer of active rows does not carry. */
const HISTORY = ['mbs', 'status', 'prbu_od', 'prbu_do', 'upis_id_od', 'upis_id_do'];
const without = (row: Row, keys: readonly string[]) =>
  Object.fromEntries(Object.entries(row).filter(([k]) => !keys.includes(k)));

/** A court as nested in an answer (`sudovi_sud_nadlezan`: the row without its id and validity). */
function courtOf(lists: SudregCodeLists, id: unknown): Row | undefined {
  const n = num(id);
  const row = n === null ? undefined : lists.courts.get(n);
  return row ? compact(without(row, ['id', 'vrijedi_od', 'vrijedi_do', 'status'])) : undefined;
}

/** One row of a single-valued part: the latest entry (highest `prbu_od`) wins if several are active. */
function keepLatest(map: Map<number, Row & { _prbu?: number }>, mbs: number, part: Row, prbu: unknown) {
  const seen = map.get(mbs);
  const at = num(prbu) ?? -1;
  if (!seen || (seen._prbu ?? -1) <= at) map.set(mbs, { ...part, _prbu: at });
}

const strip = (row: Row | undefined) => (row ? without(row, ['_prbu']) : undefined);

/** Adds one row of a list endpoint to the parts, in the nested shape of `detalji_subjekta`. */
export function addPartRow(parts: SudregParts, lists: SudregCodeLists, endpoint: SudregPartName, r: Row) {
  const mbs = num(r.mbs);
  if (mbs === null) return;
  switch (endpoint) {
    case 'tvrtke':
      keepLatest(parts.tvrtke, mbs, compact({ ime: r.ime, naznaka_imena: r.naznaka_imena }), r.prbu_od);
      return;
    case 'skracene_tvrtke':
      keepLatest(parts.skracene_tvrtke, mbs, compact({ ime: r.ime }), r.prbu_od);
      return;
    case 'sjedista':
      keepLatest(parts.sjedista, mbs, compact(without(r, [...HISTORY, 'drzava_id'])), r.prbu_od);
      return;
    case 'email_adrese':
      push(parts.email_adrese, mbs, compact({ email_adresa_rbr: r.email_adresa_rbr, adresa: r.adresa }));
      return;
    case 'pravni_oblici': {
      // Read with expand_relations=1: `vrsta_pravnog_oblika{sifra, naziv, kratica}`.
      const kind = r.vrsta_pravnog_oblika;
      if (kind && typeof kind === 'object') {
        keepLatest(parts.pravni_oblici, mbs, { vrsta_pravnog_oblika: compact(kind as Row) }, r.prbu_od);
      }
      return;
    }
    case 'temeljni_kapitali': {
      const id = num(r.valuta_id);
      const currency = id === null ? undefined : lists.currencies.get(id);
      push(
        parts.temeljni_kapitali,
        mbs,
        compact({
          temeljni_kapital_rbr: r.temeljni_kapital_rbr,
          valuta: currency
            ? compact({ sifra: currency.sifra, naziv: currency.naziv, drzava_id: currency.drzava_id })
            : undefined,
          iznos: r.iznos,
        }),
      );
      return;
    }
    case 'postupci': {
      const code = num(r.postupak);
      const meaning = code === null ? undefined : lists.procedures.get(code);
      keepLatest(
        parts.postupci,
        mbs,
        compact({
          postupak: meaning === undefined ? undefined : { znacenje: meaning },
          datum_stecaja: r.datum_stecaja,
        }),
        r.prbu_od,
      );
      return;
    }
    case 'gfi': {
      const code = num(r.vrsta_dokumenta);
      const meaning = code === null ? undefined : lists.gfiKinds.get(code);
      push(
        parts.gfi,
        mbs,
        compact({
          gfi_rbr: r.gfi_rbr,
          vrsta_dokumenta: meaning === undefined ? undefined : { znacenje: meaning },
          oznaka_konsolidacije: r.oznaka_konsolidacije,
          godina_izvjestaja: r.godina_izvjestaja,
          datum_dostave: r.datum_dostave,
          datum_od: r.datum_od,
          datum_do: r.datum_do,
        }),
      );
      return;
    }
  }
}

function push(map: Map<number, Row[]>, mbs: number, row: Row) {
  const list = map.get(mbs);
  if (list) list.push(row);
  else map.set(mbs, [row]);
}

const byNumber = (key: string) => (a: Row, b: Row) => (num(a[key]) ?? 0) - (num(b[key]) ?? 0);
const nonEmpty = (rows: Row[] | undefined, key: string) =>
  rows && rows.length > 0 ? [...rows].sort(byNumber(key)) : undefined;

/** One subject's `detalji_subjekta` answer, from its `subjekti` row and the parts read before. */
export function assembleDetalji(s: Row, parts: SudregParts, lists: SudregCodeLists): Row {
  const mbs = num(s.mbs);
  const oib = num(s.oib);
  const at = mbs ?? -1;
  const procedure = strip(parts.postupci.get(at));
  return compact({
    mbs: s.mbs,
    status: s.status,
    sud_nadlezan: courtOf(lists, s.sud_id_nadlezan),
    sud_sluzba: courtOf(lists, s.sud_id_sluzba),
    oib: s.oib,
    mb: s.mb,
    potpuni_mbs: mbs === null ? undefined : String(mbs).padStart(9, '0'),
    potpuni_oib: oib === null ? undefined : String(oib).padStart(11, '0'),
    ino_podruznica: s.ino_podruznica,
    stecajna_masa: s.stecajna_masa,
    likvidacijska_masa: s.likvidacijska_masa,
    mbs_brisanog_subjekta: s.mbs_brisanog_subjekta,
    glavna_djelatnost: s.glavna_djelatnost,
    glavna_podruznica_rbr: s.glavna_podruznica_rbr,
    datum_osnivanja: s.datum_osnivanja,
    datum_brisanja: s.datum_brisanja,
    sud_brisanja: courtOf(lists, s.sud_id_brisanja),
    tvrtka_kod_brisanja: s.tvrtka_kod_brisanja,
    poslovni_broj_brisanja: s.poslovni_broj_brisanja,
    postupak: procedure && Object.keys(procedure).length > 0 ? procedure : undefined,
    tvrtka: strip(parts.tvrtke.get(at)),
    skracena_tvrtka: strip(parts.skracene_tvrtke.get(at)),
    sjediste: strip(parts.sjedista.get(at)),
    email_adrese: nonEmpty(parts.email_adrese.get(at), 'email_adresa_rbr'),
    pravni_oblik: strip(parts.pravni_oblici.get(at)),
    temeljni_kapitali: nonEmpty(parts.temeljni_kapitali.get(at), 'temeljni_kapital_rbr'),
    gfi: nonEmpty(parts.gfi.get(at), 'gfi_rbr'),
  });
}
