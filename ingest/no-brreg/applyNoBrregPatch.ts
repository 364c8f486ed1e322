import type { NoBrregRecord } from '../../schemas/events/noBrregEvents.ts';
import { flattenNoBrreg } from './readNoBrregFile.ts';

/** One operation of the feed's `endringer` (RFC 6902 JSON Patch over the REST API's JSON object). */
export interface JsonPatchOp {
  op: string;
  path: string;
  value?: unknown;
  from?: string;
}

/** A patch this reader cannot apply faithfully: the update is reported, never guessed. */
export class UnappliablePatch extends Error {}

const isObject = (v: unknown): v is Record<string, unknown> =>
  v !== null && typeof v === 'object' && !Array.isArray(v);

/** `/forretningsadresse/adresse/0` → `['forretningsadresse', 'adresse', '0']` (RFC 6901 escapes decoded). */
function segmentsOf(pointer: string): string[] {
  if (pointer === '') return [];
  if (!pointer.startsWith('/')) throw new UnappliablePatch(`chemin JSON Pointer invalide : ${pointer}`);
  return pointer
    .slice(1)
    .split('/')
    .map((s) => s.replaceAll('~1', '/').replaceAll('~0', '~'));
}

/**
 * The record's own key for a dotted name. The CSV and the JSON spell a few names differently
 * (`registreringsdatoenhetsregisteret` / `registreringsdatoEnhetsregisteret`, `registrertIMvaRegisteret` /
 * `registrertIMvaregisteret`): a record read from the CSV keeps its CSV spelling.
 */
function keyIn(record: NoBrregRecord, dotted: string): string {
  if (dotted in record) return dotted;
  const lower = dotted.toLowerCase();
  return Object.keys(record).find((k) => k.toLowerCase() === lower) ?? dotted;
}

/** An array field as an array: the CSV writes address lines as one string with a literal `/n` between them. */
function asArray(v: unknown): unknown[] {
  if (Array.isArray(v)) return [...v];
  if (v === null || v === undefined || v === '') return [];
  return String(v).split('/n');
}

function clearUnder(record: NoBrregRecord, key: string): void {
  for (const k of Object.keys(record)) if (k === key || k.startsWith(`${key}.`)) delete record[k];
}

/**
 * Applies the feed's JSON Patch to a brreg record kept in the event log's form (dotted names, see
 * brregEvents.ts): `add`/`replace` of a value or an object, `remove`, and `add`/`replace`/`remove` of an
 * element of an array field (address lines, ...). Anything else (move, copy, test, an object inside an
 * array) throws UnappliablePatch. A removed field becomes null, as an empty field of the file is.
 */
export function applyNoBrregPatch(record: NoBrregRecord, ops: readonly JsonPatchOp[]): NoBrregRecord {
  let out: NoBrregRecord = { ...record };
  for (const op of ops) {
    if (op.op !== 'add' && op.op !== 'replace' && op.op !== 'remove') {
      throw new UnappliablePatch(`opération non prise en charge : ${op.op}`);
    }
    const segs = segmentsOf(op.path);
    if (segs.length === 0) {
      if (op.op === 'remove' || !isObject(op.value)) throw new UnappliablePatch('document entier retiré');
      out = flattenNoBrreg(op.value);
      continue;
    }
    const last = segs[segs.length - 1]!;
    const isIndex = segs.length > 1 && /^(\d+|-)$/.test(last);
    if (isIndex) {
      const key = keyIn(out, segs.slice(0, -1).join('.'));
      if (isObject(op.value)) throw new UnappliablePatch(`objet dans un tableau : ${op.path}`);
      const list = asArray(out[key]);
      const at = last === '-' ? list.length : Number(last);
      if (at > list.length || (op.op !== 'add' && at >= list.length)) {
        throw new UnappliablePatch(`indice hors du tableau : ${op.path}`);
      }
      if (op.op === 'add') list.splice(at, 0, op.value);
      else if (op.op === 'replace') list[at] = op.value;
      else list.splice(at, 1);
      out[key] = list.length > 0 ? list : null;
      continue;
    }
    const key = keyIn(out, segs.join('.'));
    if (op.op === 'remove') {
      for (const k of Object.keys(out)) if (k === key || k.startsWith(`${key}.`)) out[k] = null;
    } else if (isObject(op.value)) {
      clearUnder(out, key);
      flattenNoBrreg(op.value, key, out);
    } else {
      out[key] = op.value === '' || op.value === undefined ? null : op.value;
    }
  }
  return out;
}
