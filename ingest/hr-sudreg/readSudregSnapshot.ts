import { streamArray } from 'stream-json/streamers/stream-array.js';
import { type HrGfi, type HrSubject, SUBJECT } from '../../schemas/events/hrSudregEvents.ts';
import { canonicalMbs, isValidHrOib } from '../../schemas/identifiers/hrOib.ts';
import { hrFormDecision } from '../../schemas/legalForms/hrSudregLegalForms.ts';
import type { SnapshotRow } from '../core/snapshotPass.ts';
import { openUpstreamFile } from '../core/upstreamFile.ts';
import { num, type Obj, obj, text } from './sudregValues.ts';

/** What a pass reports of the subjects it set aside: no OIB (old deleted subjects), or an invalid one. */
export interface SetAside {
  withoutOib: number;
  invalidOib: number;
}

/**
 * The OIB of an answer: `potpuni_oib` (the padded string) or else `oib`, a JSON number that lost its leading
 * zeros, padded back to 11 digits.
 */
function oibOf(s: Obj): string | null {
  const full = text(s.potpuni_oib);
  if (full) return full;
  const bare = text(s.oib);
  return bare && /^\d{1,11}$/.test(bare) ? bare.padStart(11, '0') : null;
}

function mbsOf(s: Obj): string {
  const full = text(s.potpuni_mbs);
  return full ?? canonicalMbs(text(s.mbs) ?? '');
}

/** One `gfi` entry: `vrsta_dokumenta` is `{znacenje}` with `expand_relations`, its code without. */
function gfiOf(g: Obj): HrGfi {
  const kind = obj(g.vrsta_dokumenta);
  return {
    gfi_rbr: num(g.gfi_rbr),
    vrsta_dokumenta: kind ? num(kind.vrsta) : num(g.vrsta_dokumenta),
    vrsta_dokumenta_znacenje: kind ? text(kind.znacenje) : null,
    oznaka_konsolidacije: num(g.oznaka_konsolidacije),
    godina_izvjestaja: num(g.godina_izvjestaja),
    datum_dostave: text(g.datum_dostave),
    datum_od: text(g.datum_od),
    datum_do: text(g.datum_do),
  };
}

/** One `detalji_subjekta` answer as kept: the keys a route reads, nothing of a sole trader's person. */
export function subjectOf(s: Obj, oib: string): HrSubject {
  const form = obj(obj(s.pravni_oblik)?.vrsta_pravnog_oblika);
  const formName = text(form?.naziv);
  const naturalPerson = hrFormDecision(formName) === 'personne_physique';
  const seat = obj(s.sjediste);
  const capitals = Array.isArray(s.temeljni_kapitali) ? (s.temeljni_kapitali as unknown[]).map(obj) : [];
  const capital = capitals[capitals.length - 1] ?? null;
  return {
    oib,
    mbs: mbsOf(s),
    status: num(s.status),
    datum_osnivanja: text(s.datum_osnivanja),
    datum_brisanja: text(s.datum_brisanja),
    ino_podruznica: num(s.ino_podruznica),
    stecajna_masa: num(s.stecajna_masa),
    likvidacijska_masa: num(s.likvidacijska_masa),
    postupak_znacenje: text(obj(obj(s.postupak)?.postupak)?.znacenje),
    sud_nadlezan: text(obj(s.sud_nadlezan)?.naziv),
    tvrtka: naturalPerson ? null : text(obj(s.tvrtka)?.ime),
    skracena_tvrtka: naturalPerson ? null : text(obj(s.skracena_tvrtka)?.ime),
    pravni_oblik_sifra: text(form?.sifra),
    pravni_oblik_naziv: formName,
    pravni_oblik_kratica: text(form?.kratica),
    sjediste:
      naturalPerson || !seat
        ? null
        : {
            ulica: text(seat.ulica),
            kucni_broj: [text(seat.kucni_broj), text(seat.kucni_podbroj)].filter(Boolean).join('') || null,
            postanski_broj: text(seat.postanski_broj),
            naziv_naselja: text(seat.naziv_naselja),
            naziv_opcine: text(seat.naziv_opcine),
          },
    email_adrese: naturalPerson
      ? []
      : (Array.isArray(s.email_adrese) ? (s.email_adrese as unknown[]) : [])
          .map((e) => text(obj(e)?.adresa))
          .filter((e): e is string => e !== null),
    kapital: capital
      ? { iznos: num(capital.iznos), valuta: text(obj(capital.valuta)?.naziv) ?? text(capital.valuta) }
      : null,
    gfi: naturalPerson
      ? []
      : (Array.isArray(s.gfi) ? (s.gfi as unknown[]) : [])
          .map(obj)
          .filter((g): g is Obj => g !== null)
          .map(gfiOf),
  };
}

/**
 * A recorded daily snapshot: a JSON array of `detalji_subjekta` answers (`expand_relations=true`; nulls
 * omitted, the API's default). A subject without an OIB, or whose OIB fails its check digit, is set aside.
 */
export function readSudregSnapshot(setAside: SetAside) {
  return async function* read(file: string): AsyncGenerator<SnapshotRow> {
    const input = await openUpstreamFile(file);
    for await (const { value } of input.pipe(streamArray.withParserAsStream())) {
      const s = obj(value);
      if (!s) continue;
      const oib = oibOf(s);
      if (!oib) {
        setAside.withoutOib++;
        continue;
      }
      if (!isValidHrOib(oib)) {
        setAside.invalidOib++;
        continue;
      }
      yield { kind: SUBJECT, id: oib, record: { ...subjectOf(s, oib) } };
    }
  };
}
