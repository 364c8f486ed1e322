import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Knex } from 'knex';
import type { EventStore } from '../../ops/eventstore/port.ts';
import type { Logger } from '../../ops/logger.ts';
import {
  ADDRESS,
  BE_KBO_REGISTER,
  beKboStreamOf,
  DENOMINATION,
  ENTERPRISE,
} from '../../schemas/events/beKboEvents.ts';
import type { UpdatesAppliedData } from '../../schemas/events/updateEvents.ts';
import { enterpriseNumberOf } from '../../schemas/identifiers/kboNumber.ts';
import { checkHeader, manifestSha256 } from '../core/filesPass.ts';
import type { SnapshotRow } from '../core/snapshotPass.ts';
import { type EntityUpdate, runUpdatesPass } from '../core/updatesPass.ts';
import { sha256OfFile } from '../core/upstreamFile.ts';
import { KBO_COLUMNS, KBO_DELETE_KEYS } from './beKboColumns.ts';
import {
  emptySetAside,
  enterprisePartRow,
  enterpriseRow,
  readKboCodes,
  readKboFile,
} from './readBeKboFiles.ts';

const PART_TABLES = [DENOMINATION, ADDRESS] as const;
const TABLES = [ENTERPRISE, ...PART_TABLES] as const;

/** The files of an Update extract this pass reads, by their published names, and their fingerprints. */
function updateFiles(dir: string): { name: string; file: string }[] {
  const names = [
    'meta.csv',
    ...TABLES.flatMap((t) => [`${t}_delete.csv`, `${t}_insert.csv`]),
    ...(existsSync(path.join(dir, 'code.csv')) ? ['code.csv'] : []),
  ];
  return names.map((name) => ({ name, file: path.join(dir, name) }));
}

/** `meta.csv` as `Variable` → `Value` (SnapshotDate, ExtractTimestamp, ExtractType, ExtractNumber, Version). */
async function readMeta(file: string): Promise<Record<string, string | null>> {
  const meta: Record<string, string | null> = {};
  for await (const r of readKboFile(file)) if (r.Variable) meta[r.Variable] = r.Value ?? null;
  return meta;
}

/** The enterprise numbers of a `_delete` file (its one key column). */
async function readDeletes(file: string, key: string): Promise<Set<string>> {
  const ids = new Set<string>();
  for await (const r of readKboFile(file, (columns) => checkHeader(file, columns, { required: [key] }))) {
    const id = enterpriseNumberOf(r[key]);
    if (id) ids.add(id);
  }
  return ids;
}

async function knownEntities(knex: Knex, kind: string, enterprises: string[]): Promise<string[]> {
  if (enterprises.length === 0) return [];
  const { rows } = await knex.raw(
    `select entity_id from ingest_digests
      where register = ? and kind = ? and digest is not null and left(entity_id, 10) = any(?::text[])`,
    [BE_KBO_REGISTER, kind, enterprises],
  );
  return (rows as { entity_id: string }[]).map((r) => r.entity_id);
}

/**
 * Applies one KBO Update extract (a folder as unzipped from `KboOpenData_<n>_<date>_Update.zip`) on top of
 * the last completed Full pass. Per table, deletes come before inserts: every row of an enterprise listed
 * in `<table>_delete.csv` is dropped unless `<table>_insert.csv` gives it again. An enterprise that stops
 * being a legal person (or leaves the register) loses its names and addresses with it; a natural person's
 * rows are never read into the log. The code list, when the extract ships it, updates the labels.
 */
export async function ingestBeKboUpdate(opts: {
  knex: Knex;
  store: EventStore;
  logger: Logger;
  dir: string;
}): Promise<UpdatesAppliedData> {
  const { knex, dir } = opts;
  const files = updateFiles(dir);
  const fingerprints = await Promise.all(
    files.map(async (f) => ({ nom: f.name, sha256: await sha256OfFile(f.file) })),
  );
  const fileOf = (name: string) => path.join(dir, name);
  const meta = await readMeta(fileOf('meta.csv'));
  if (meta.ExtractType && meta.ExtractType !== 'update') {
    throw new Error(`${dir}: ExtractType ${meta.ExtractType}, not an update extract`);
  }
  const setAside = emptySetAside();

  // Enterprises: the deleted, the legal persons inserted, the others inserted (persons, unknown type).
  const deleted = await readDeletes(fileOf('enterprise_delete.csv'), KBO_DELETE_KEYS.enterprise);
  const inserted = new Map<string, SnapshotRow>();
  const insertedOther = new Set<string>();
  for await (const r of readKboFile(fileOf('enterprise_insert.csv'), (c) =>
    checkHeader('enterprise', c, KBO_COLUMNS.enterprise),
  )) {
    const row = enterpriseRow(r, setAside);
    if (row) inserted.set(row.id, row);
    else {
      const id = enterpriseNumberOf(r.EnterpriseNumber);
      if (id) insertedOther.add(id);
    }
  }

  // Names and addresses: their deletes, and their inserts (kept raw until the legal persons are known).
  const partDeletes: Record<string, Set<string>> = {};
  const partInserts: Record<string, Record<string, string | null>[]> = {};
  for (const t of PART_TABLES) {
    partDeletes[t] = await readDeletes(fileOf(`${t}_delete.csv`), KBO_DELETE_KEYS[t]);
    partInserts[t] = [];
    for await (const r of readKboFile(fileOf(`${t}_insert.csv`), (c) => checkHeader(t, c, KBO_COLUMNS[t]))) {
      if (enterpriseNumberOf(r.EntityNumber)) partInserts[t].push(r);
      else setAside.hors_personnes_morales++;
    }
  }

  // Legal persons after this extract: inserted as such, or known to the last pass and not deleted nor
  // re-inserted as something else.
  const mentioned = new Set<string>([...deleted, ...inserted.keys(), ...insertedOther]);
  for (const t of PART_TABLES) {
    for (const id of partDeletes[t]!) mentioned.add(id);
    for (const r of partInserts[t]!) mentioned.add(enterpriseNumberOf(r.EntityNumber)!);
  }
  const knownLegal = new Set(await knownEntities(knex, ENTERPRISE, [...mentioned]));
  const isLegal = (id: string) =>
    inserted.has(id) || (!insertedOther.has(id) && !deleted.has(id) && knownLegal.has(id));
  const noLongerLegal = [...mentioned].filter((id) => knownLegal.has(id) && !isLegal(id));

  const extract = meta.ExtractNumber ?? path.basename(dir);
  let n = 0;
  const updates: Omit<EntityUpdate, 'updateId' | 'metadata'>[] = [];
  for (const id of [...deleted, ...insertedOther]) {
    if (!inserted.has(id)) updates.push({ kind: ENTERPRISE, id, record: null });
  }
  for (const row of inserted.values()) updates.push({ kind: row.kind, id: row.id, record: row.record });
  for (const t of PART_TABLES) {
    const rows = partInserts[t]!.map((r) => enterprisePartRow(t, r, { has: isLegal }, setAside)).filter(
      (r): r is SnapshotRow => r !== null,
    );
    const reinserted = new Set(rows.map((r) => r.id));
    const cleared = [...new Set([...partDeletes[t]!, ...noLongerLegal])];
    for (const id of await knownEntities(knex, t, cleared)) {
      if (!reinserted.has(id)) updates.push({ kind: t, id, record: null });
    }
    for (const row of rows) updates.push({ kind: row.kind, id: row.id, record: row.record });
  }
  if (existsSync(fileOf('code.csv'))) {
    for await (const row of readKboCodes(fileOf('code.csv'))) {
      updates.push({ kind: row.kind, id: row.id, record: row.record });
    }
  }

  async function* entityUpdates(): AsyncGenerator<EntityUpdate> {
    for (const u of updates) {
      n++;
      yield {
        ...u,
        updateId: `${extract}:${n}`,
        metadata: { extractNumber: extract, snapshotDate: meta.SnapshotDate ?? null },
      };
    }
  }
  opts.logger.info({ register: BE_KBO_REGISTER, setAside }, 'KBO update rows set aside');
  return runUpdatesPass({
    ...opts,
    register: BE_KBO_REGISTER,
    source: 'kbo-update',
    filesSha256: manifestSha256(fingerprints),
    updates: entityUpdates(),
    streamOf: beKboStreamOf,
    report: () => ({ fichiers: fingerprints, extrait: meta }),
  });
}
