import { streamArray } from 'stream-json/streamers/stream-array.js';
import {
  CODE,
  ENTRY,
  ENTRY_PROCEDURE,
  ENTRY_TEXT,
  ENTRY_TYPE_LINK,
  type HrCode,
  type HrCodeList,
  type HrEntry,
  type HrEntryProcedure,
  type HrEntryRole,
  type HrEntryText,
  type HrEntryTypeLink,
} from '../../schemas/events/hrSudregEntries.ts';
import { canonicalMbs } from '../../schemas/identifiers/hrOib.ts';
import type { SnapshotRow } from '../core/snapshotPass.ts';
import { openUpstreamFile } from '../core/upstreamFile.ts';
import { int, type Obj, obj, text } from './sudregValues.ts';

const mbsOf = (v: unknown): string | null => {
  const s = text(v);
  return s && /^\d{1,9}$/.test(s) ? canonicalMbs(s) : null;
};

/** What a pass reports of the state-bodies rows it set aside (no key, or a key that is not a number). */
export type EntriesSetAside = Partial<Record<HrEntryRole, number>>;

async function* rowsOf(file: string): AsyncGenerator<Obj> {
  const input = await openUpstreamFile(file);
  for await (const { value } of input.pipe(streamArray.withParserAsStream())) {
    const row = obj(value);
    if (row) yield row;
  }
}

function entryOf(r: Obj): HrEntry | null {
  const id = int(r.id);
  const mbs = mbsOf(r.mbs);
  if (id === null || mbs === null) return null;
  return {
    id,
    mbs,
    prbu: int(r.prbu),
    podbroj: int(r.podbroj),
    virtualni_upis: int(r.virtualni_upis),
    sud_id: int(r.sud_id),
    datum_upisa: text(r.datum_upisa),
    poslovni_broj: text(r.poslovni_broj),
  };
}

function typeLinkOf(r: Obj): HrEntryTypeLink | null {
  const upis_id = int(r.upis_id);
  const vrsta_upisa_id = int(r.vrsta_upisa_id);
  return upis_id === null || vrsta_upisa_id === null ? null : { upis_id, vrsta_upisa_id };
}

function codeOf(lista: HrCodeList, r: Obj): HrCode | null {
  const id = int(r.id);
  if (id === null) return null;
  return {
    lista,
    id,
    sifra: int(r.sifra),
    naziv: text(r.naziv),
    grupa_id: int(r.grupa_vrste_upisa_id),
    grupa_naziv: text(obj(r.grupa_vrste_upisa)?.naziv),
  };
}

/**
 * A text row of `ostali_tekstovi` or `zabiljezbe`: only that the entry `upis_id_od` entered a text (the text is
 * read for its presence, never kept); a row without text (`tekst` omitted) enters none: 'sans_texte'.
 */
function textOf(
  izvor: HrEntryText['izvor'],
  r: Obj,
): { id: string; record: HrEntryText } | 'sans_texte' | null {
  const upis_id = int(r.upis_id_od);
  const mbs = mbsOf(r.mbs);
  const rbr = int(izvor === 'ostali_tekstovi' ? r.tekst_rbr : r.zabiljezba_rbr);
  if (upis_id === null || mbs === null || rbr === null) return null;
  if (text(r.tekst) === null) return 'sans_texte';
  return { id: `${izvor}-${mbs}-${rbr}-${int(r.prbu_od) ?? upis_id}`, record: { upis_id, mbs, izvor } };
}

function procedureOf(r: Obj): HrEntryProcedure | null {
  const mbs = mbsOf(r.mbs);
  const prbu_od = int(r.prbu_od);
  if (mbs === null || prbu_od === null) return null;
  return {
    mbs,
    postupak: int(r.postupak),
    prbu_od,
    prbu_do: int(r.prbu_do),
    upis_id_od: int(r.upis_id_od),
    upis_id_do: int(r.upis_id_do),
    datum_stecaja: text(r.datum_stecaja),
  };
}

/**
 * A code list is small: its rows are kept until the end of the file, so that with `history_columns` a value
 * listed in several versions is recorded once, the active one (`status` 1, or no status) winning.
 */
async function* codeRows(file: string, lista: HrCodeList, setAside: () => void): AsyncGenerator<SnapshotRow> {
  const byId = new Map<number, { code: HrCode; active: boolean }>();
  for await (const r of rowsOf(file)) {
    const code = codeOf(lista, r);
    if (!code) {
      setAside();
      continue;
    }
    const active = r.status === undefined || int(r.status) === 1;
    const seen = byId.get(code.id);
    if (!seen || active || !seen.active) byId.set(code.id, { code, active });
  }
  const prefix = lista === 'vrste_upisa' ? 'vrsta_upisa' : lista === 'sudovi' ? 'sud' : 'grupa_vrsta_upisa';
  for (const { code } of byId.values()) {
    yield { kind: CODE, id: `${prefix}-${code.id}`, record: { ...code } };
  }
}

/** The reader of one state-bodies file role: rows without their key are set aside (counted per role). */
export function readSudregEntries(role: HrEntryRole, setAside: EntriesSetAside) {
  const skip = () => {
    setAside[role] = (setAside[role] ?? 0) + 1;
  };
  return async function* read(file: string): AsyncGenerator<SnapshotRow> {
    if (role === 'vrste_upisa' || role === 'grupe_vrsta_upisa' || role === 'sudovi') {
      yield* codeRows(file, role, skip);
      return;
    }
    for await (const r of rowsOf(file)) {
      if (role === 'upisi') {
        const e = entryOf(r);
        if (e) yield { kind: ENTRY, id: String(e.id), record: { ...e } };
        else skip();
      } else if (role === 'upisi_vrste_upisa') {
        const l = typeLinkOf(r);
        if (l) yield { kind: ENTRY_TYPE_LINK, id: `${l.upis_id}-${l.vrsta_upisa_id}`, record: { ...l } };
        else skip();
      } else if (role === 'ostali_tekstovi' || role === 'zabiljezbe') {
        const t = textOf(role, r);
        if (t === null) skip();
        else if (t !== 'sans_texte') yield { kind: ENTRY_TEXT, id: t.id, record: { ...t.record } };
      } else {
        const p = procedureOf(r);
        if (p) yield { kind: ENTRY_PROCEDURE, id: `${p.mbs}-${p.prbu_od}`, record: { ...p } };
        else skip();
      }
    }
  };
}
