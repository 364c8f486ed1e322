import { text } from 'node:stream/consumers';
import { ENHET, type NoBrregRecord, UNDERENHET } from '../../schemas/events/noBrregEvents.ts';
import { openUpstreamFile } from '../core/upstreamFile.ts';
import type { JsonPatchOp } from './applyNoBrregPatch.ts';
import { flattenNoBrreg } from './readNoBrregFile.ts';

/**
 * One update of the feed `GET /enhetsregisteret/api/oppdateringer/{enheter|underenheter}` (FORMATS.md §4):
 * `endringstype` ∈ `Ny`, `Endring`, `Sletting`, `Fjernet`, `Ukjent`; `endringer` (JSON Patch) only when the
 * page was fetched with `includeChanges=true`.
 */
export interface NoBrregUpdate {
  kind: typeof ENHET | typeof UNDERENHET;
  oppdateringsid: number;
  dato: string | null;
  organisasjonsnummer: string;
  endringstype: string;
  endringer: JsonPatchOp[] | null;
}

/** The embedded list of each feed, and the kind of entity it updates. */
const FEEDS = { oppdaterteEnheter: ENHET, oppdaterteUnderenheter: UNDERENHET } as const;

async function readJson(file: string): Promise<unknown> {
  const raw = await text(await openUpstreamFile(file));
  try {
    return JSON.parse(raw);
  } catch (err) {
    throw new Error(`${file}: not JSON (${(err as Error).message})`);
  }
}

/**
 * The updates of recorded feed pages (JSON as answered, `.gz` accepted), in feed order (`oppdateringsid`),
 * each once even when pages overlap. A page that answered nothing has no `_embedded`; a file that is not a
 * feed page, or an update without its number or id, fails the read before anything is applied.
 */
export async function readNoBrregUpdatePages(files: readonly string[]): Promise<NoBrregUpdate[]> {
  const byId = new Map<string, NoBrregUpdate>();
  for (const file of files) {
    const page = (await readJson(file)) as Record<string, unknown> | null;
    if (!page || typeof page !== 'object' || (!('_embedded' in page) && !('page' in page))) {
      throw new Error(`${file}: not a recorded page of the oppdateringer feed`);
    }
    const embedded = (page._embedded ?? {}) as Record<string, unknown>;
    for (const [list, kind] of Object.entries(FEEDS)) {
      const items = embedded[list];
      if (items === undefined) continue;
      if (!Array.isArray(items)) throw new Error(`${file}: _embedded.${list} is not a list`);
      for (const item of items as Record<string, unknown>[]) {
        const id = Number(item.oppdateringsid);
        const orgnr = item.organisasjonsnummer;
        if (!Number.isSafeInteger(id) || typeof orgnr !== 'string' || !/^\d{9}$/.test(orgnr)) {
          throw new Error(`${file}: an update without oppdateringsid or organisasjonsnummer`);
        }
        byId.set(`${kind}:${id}`, {
          kind,
          oppdateringsid: id,
          dato: typeof item.dato === 'string' ? item.dato : null,
          organisasjonsnummer: orgnr,
          endringstype: String(item.endringstype ?? 'Ukjent'),
          endringer: Array.isArray(item.endringer) ? (item.endringer as JsonPatchOp[]) : null,
        });
      }
    }
  }
  return [...byId.values()].sort((a, b) => a.oppdateringsid - b.oppdateringsid);
}

/**
 * Recorded entity documents (`GET /enheter/{orgnr}` or `/underenheter/{orgnr}` answers, one object or an
 * array of them), flattened to the event log's dotted names, by organisation number.
 */
export async function readNoBrregDocuments(files: readonly string[]): Promise<Map<string, NoBrregRecord>> {
  const docs = new Map<string, NoBrregRecord>();
  for (const file of files) {
    const json = await readJson(file);
    for (const doc of (Array.isArray(json) ? json : [json]) as Record<string, unknown>[]) {
      if (typeof doc?.organisasjonsnummer !== 'string') {
        throw new Error(`${file}: an entity document without organisasjonsnummer`);
      }
      docs.set(doc.organisasjonsnummer, flattenNoBrreg(doc));
    }
  }
  return docs;
}
