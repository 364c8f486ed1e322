import type { Knex } from 'knex';
import type {
  HrCode,
  HrEntry,
  HrEntryProcedure,
  HrEntryRole,
  HrEntryTypeLink,
} from '../../schemas/events/hrSudregEntries.ts';
import { passReadFile } from '../eu-profile/passFilesTable.ts';
import { hrDate } from './hrSudregProfile.ts';
import {
  HR_CODES,
  HR_ENTRIES,
  HR_ENTRY_PROCEDURES,
  HR_ENTRY_TEXTS,
  HR_ENTRY_TYPES,
  HR_FILES,
} from './hrSudregProjection.ts';

/** The files the entries route needs in the published pass: the entries, their types, their texts and notes. */
export const ENTRIES_ROLES: readonly HrEntryRole[] = [
  'upisi',
  'upisi_vrste_upisa',
  'vrste_upisa',
  'ostali_tekstovi',
  'zabiljezbe',
];
/** The files the insolvency decisions need: the entries, their types, and the procedures they entered. */
export const DECISIONS_ROLES: readonly HrEntryRole[] = [
  'upisi',
  'upisi_vrste_upisa',
  'vrste_upisa',
  'postupci',
];

/** Whether the published pass read every file of these roles. */
export async function hrRolesRead(knex: Knex, roles: readonly HrEntryRole[]): Promise<boolean> {
  for (const role of roles) if (!(await passReadFile(knex, HR_FILES, role))) return false;
  return true;
}

/** A bankruptcy or liquidation entry type, by its published name or its group's. */
const INSOLVENCY_TYPE = /stečaj|likvidacij/i;

interface Type {
  id: number;
  sifra: number | null;
  naziv: string | null;
  categorie: string | null;
}

/** Everything read of one subject's entries. */
interface SubjectEntries {
  entries: HrEntry[];
  typesOf: Map<number, Type[]>;
  withText: Set<number>;
  courts: Map<number, string | null>;
  procedures: HrEntryProcedure[];
}

const records = <T>(rows: unknown) => (rows as { record: T }[]).map((r) => r.record);
const desc = (a: number | null, b: number | null) => (a === b ? 0 : a === null ? 1 : b === null ? -1 : b - a);

async function readSubjectEntries(knex: Knex, mbs: string): Promise<SubjectEntries> {
  const entries = records<HrEntry>(
    (await knex.raw(`select record from ${HR_ENTRIES} where entreprise = ?`, [mbs])).rows,
  ).sort((a, b) => desc(a.prbu, b.prbu) || desc(a.podbroj, b.podbroj) || b.id - a.id);
  const ids = entries.map((e) => String(e.id));
  const links = records<HrEntryTypeLink>(
    (await knex.raw(`select record from ${HR_ENTRY_TYPES} where entreprise = any(?::text[])`, [ids])).rows,
  );
  const texts = (
    await knex.raw(`select distinct entreprise from ${HR_ENTRY_TEXTS} where entreprise = any(?::text[])`, [
      ids,
    ])
  ).rows as { entreprise: string }[];
  const codes = records<HrCode>((await knex.raw(`select record from ${HR_CODES}`)).rows);
  const code = (lista: HrCode['lista'], id: number | null) =>
    id === null ? undefined : codes.find((c) => c.lista === lista && c.id === id);
  const typesOf = new Map<number, Type[]>();
  for (const link of links) {
    const t = code('vrste_upisa', link.vrsta_upisa_id);
    const type: Type = {
      id: link.vrsta_upisa_id,
      sifra: t?.sifra ?? null,
      naziv: t?.naziv ?? null,
      categorie: t?.grupa_naziv ?? code('grupe_vrsta_upisa', t?.grupa_id ?? null)?.naziv ?? null,
    };
    const list = typesOf.get(link.upis_id) ?? [];
    list.push(type);
    typesOf.set(link.upis_id, list);
  }
  for (const list of typesOf.values()) list.sort((a, b) => -desc(a.sifra, b.sifra) || a.id - b.id);
  const courts = new Map(entries.map((e) => [e.id, code('sudovi', e.sud_id)?.naziv ?? null]));
  const procedures = records<HrEntryProcedure>(
    (await knex.raw(`select record from ${HR_ENTRY_PROCEDURES} where entreprise = ?`, [mbs])).rows,
  );
  return { entries, typesOf, withText: new Set(texts.map((t) => Number(t.entreprise))), courts, procedures };
}

/** The ruling behind an entry: the court that made it, the ruling's reference, the day it became final. */
function decisionOf(e: HrEntry, s: SubjectEntries) {
  return { tribunal: s.courts.get(e.id) ?? null, reference: e.poslovni_broj, date: hrDate(e.datum_upisa) };
}

/**
 * The entries of a subject as the `evenements` route serves them: one line per entry and entry type (an entry
 * of several types is listed once per type, with the same `rang` and `decision`; an entry without a type
 * once, `type_id` null), the latest entry first. No text is served: the closed list of entry types whose text
 * could be served is empty, because the values of the `vrste_upisa` code list (the "108 types") were found
 * nowhere public, so no type is confirmed free of personal mentions; the ingestion records no text at all.
 * `texte` is null, and `texte_retenu` true when the entry entered a text (`ostali_tekstovi`) or a note
 * (`zabiljezbe`).
 */
export async function hrInscriptions(knex: Knex, mbs: string) {
  const s = await readSubjectEntries(knex, mbs);
  const inscriptions = s.entries.flatMap((e) => {
    const types = s.typesOf.get(e.id) ?? [];
    const lines = types.length > 0 ? types : [null];
    return lines.map((t) => ({
      rang: e.prbu,
      type_id: t?.id ?? null,
      type: t?.naziv ?? null,
      categorie: t?.categorie ?? null,
      texte: null,
      texte_retenu: s.withText.has(e.id),
      decision: decisionOf(e, s),
    }));
  });
  return {
    nombre_inscriptions: inscriptions.length,
    textes_servis: inscriptions.filter((i) => i.texte !== null).length,
    textes_retenus: inscriptions.filter((i) => i.texte_retenu).length,
    inscriptions,
  };
}

/**
 * The court decisions of a subject's insolvency: the entries that entered or ended a procedure (`postupci`:
 * `upis_id_od`/`upis_id_do`, or `prbu_od`/`prbu_do`), and the entries of a type named after bankruptcy or
 * liquidation (stečaj…, likvidacij…, in the type's or its group's name). One per entry, the latest first;
 * its type the insolvency one if any, else its first type. The decision's text is never served.
 */
export async function hrDecisions(knex: Knex, mbs: string) {
  const s = await readSubjectEntries(knex, mbs);
  const linkedIds = new Set(s.procedures.flatMap((p) => [p.upis_id_od, p.upis_id_do]));
  const linkedPrbu = new Set(s.procedures.flatMap((p) => [p.prbu_od, p.prbu_do]));
  const insolvent = (t: Type) => INSOLVENCY_TYPE.test(`${t.naziv ?? ''} ${t.categorie ?? ''}`);
  return s.entries
    .filter(
      (e) =>
        linkedIds.has(e.id) ||
        (e.prbu !== null && linkedPrbu.has(e.prbu)) ||
        (s.typesOf.get(e.id) ?? []).some(insolvent),
    )
    .map((e) => {
      const types = s.typesOf.get(e.id) ?? [];
      const t = types.find(insolvent) ?? types[0] ?? null;
      const { tribunal, reference, date } = decisionOf(e, s);
      return {
        rang: e.prbu,
        type_id: t?.id ?? null,
        type: t?.naziv ?? null,
        tribunal,
        reference,
        date,
        texte_retenu: true,
      };
    });
}
