import path from 'node:path';
import type { Knex } from 'knex';
import type { EventStore } from '../../ops/eventstore/port.ts';
import type { Logger } from '../../ops/logger.ts';
import {
  ENHET,
  NO_BRREG_REGISTER,
  type NoBrregRecord,
  noBrregStreamOf,
  UNDERENHET,
} from '../../schemas/events/noBrregEvents.ts';
import type { UpdatesAppliedData } from '../../schemas/events/updateEvents.ts';
import { isValidNoOrgnr } from '../../schemas/identifiers/noOrgnr.ts';
import { manifestSha256 } from '../core/filesPass.ts';
import { type EntityUpdate, lastRecordOf, runUpdatesPass } from '../core/updatesPass.ts';
import { sha256OfFile } from '../core/upstreamFile.ts';
import { applyNoBrregPatch, UnappliablePatch } from './applyNoBrregPatch.ts';
import { type NoBrregUpdate, readNoBrregDocuments, readNoBrregUpdatePages } from './readNoBrregUpdates.ts';

export interface NoBrregUpdateFiles {
  /** Recorded pages of `/oppdateringer/enheter` and `/oppdateringer/underenheter`. */
  oppdateringer: readonly string[];
  /** Recorded `GET /enheter/{orgnr}` answers of the updated units (optional). */
  enheter?: readonly string[];
  /** Recorded `GET /underenheter/{orgnr}` answers of the updated sub-units (optional). */
  underenheter?: readonly string[];
}

const DELETIONS = ['Sletting', 'Fjernet'];
const CHANGES = ['Ny', 'Endring'];

/**
 * Applies recorded pages of brreg's update feed on top of the last completed Enhetsregisteret pass, as the
 * same entity events a bulk file would give. An update's whole record is, in this order: the recorded
 * entity document when one is given; else the feed's JSON Patch (`endringer`, pages fetched with
 * `includeChanges=true`) applied to the entity's last record in the log (or to nothing, for `Ny`).
 * `Sletting` and `Fjernet` drop the entity. `Ukjent`, a change with neither patch nor document, and a number
 * failing its check digit are reported unresolved: the next bulk file settles them.
 */
export async function ingestNoBrregUpdates(opts: {
  knex: Knex;
  store: EventStore;
  logger: Logger;
  files: NoBrregUpdateFiles;
}): Promise<UpdatesAppliedData> {
  const { files, store } = opts;
  const updates = await readNoBrregUpdatePages(files.oppdateringer);
  const docs = {
    [ENHET]: await readNoBrregDocuments(files.enheter ?? []),
    [UNDERENHET]: await readNoBrregDocuments(files.underenheter ?? []),
  };
  const all = [...files.oppdateringer, ...(files.enheter ?? []), ...(files.underenheter ?? [])];
  const fingerprints = await Promise.all(
    all.map(async (f) => ({ nom: path.basename(f), sha256: await sha256OfFile(f) })),
  );

  // What this run made of each entity so far: a later update of the same entity builds on it.
  const current = new Map<string, NoBrregRecord | null>();
  // The fields each update changed, by its feed number (the event journal's `champs`).
  const changedFields = new Map<number, string[]>();
  async function resolve(u: NoBrregUpdate): Promise<Omit<EntityUpdate, 'updateId' | 'metadata'>> {
    const row = { kind: u.kind, id: u.organisasjonsnummer };
    const key = `${u.kind}:${u.organisasjonsnummer}`;
    // brreg issues no number failing its check digit; the bulk pass sets such rows aside, so does the feed.
    if (!isValidNoOrgnr(u.organisasjonsnummer)) {
      return { ...row, record: undefined, reason: 'organisasjonsnummer sans clé modulo 11 valide' };
    }
    if (DELETIONS.includes(u.endringstype)) {
      current.set(key, null);
      return { ...row, record: null };
    }
    if (!CHANGES.includes(u.endringstype)) {
      return { ...row, record: undefined, reason: `endringstype ${u.endringstype}` };
    }
    let record = docs[u.kind].get(u.organisasjonsnummer) ?? null;
    if (!record && u.endringer) {
      const base = current.has(key) ? current.get(key)! : await lastRecordOf(store, noBrregStreamOf(row));
      if (!base && u.endringstype !== 'Ny') {
        return { ...row, record: undefined, reason: 'entité inconnue du journal, pas de document' };
      }
      try {
        record = applyNoBrregPatch(base ?? { organisasjonsnummer: u.organisasjonsnummer }, u.endringer);
      } catch (err) {
        if (!(err instanceof UnappliablePatch)) throw err;
        return { ...row, record: undefined, reason: err.message };
      }
    }
    if (!record) {
      return { ...row, record: undefined, reason: 'ni endringer (includeChanges=true) ni document' };
    }
    if (!record.navn) return { ...row, record: undefined, reason: 'enregistrement sans navn' };
    record = { ...record, organisasjonsnummer: u.organisasjonsnummer };
    if (u.endringstype === 'Endring') {
      const before = current.has(key) ? current.get(key)! : await lastRecordOf(store, noBrregStreamOf(row));
      changedFields.set(u.oppdateringsid, fieldsChanged(before, record));
    }
    current.set(key, record);
    return { ...row, record };
  }

  async function* resolved(): AsyncGenerator<EntityUpdate> {
    for (const u of updates) {
      const update = await resolve(u);
      const champs = changedFields.get(u.oppdateringsid);
      yield {
        ...update,
        updateId: String(u.oppdateringsid),
        metadata: {
          oppdateringsid: u.oppdateringsid,
          dato: u.dato,
          endringstype: u.endringstype,
          ...(champs ? { champs } : {}),
        },
      };
    }
  }

  return runUpdatesPass({
    ...opts,
    register: NO_BRREG_REGISTER,
    source: 'oppdateringer',
    filesSha256: manifestSha256(fingerprints),
    updates: resolved(),
    streamOf: noBrregStreamOf,
    report: () => ({ fichiers: fingerprints }),
  });
}

/** The fields (dotted names) whose value differs between two records of an entity, sorted; all when none before. */
export function fieldsChanged(before: NoBrregRecord | null, after: NoBrregRecord): string[] {
  const keys = new Set([...Object.keys(before ?? {}), ...Object.keys(after)]);
  return [...keys]
    .filter((k) => JSON.stringify(before?.[k] ?? null) !== JSON.stringify(after[k] ?? null))
    .sort();
}
