import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { createReadStream, createWriteStream } from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';
import type { Knex } from 'knex';
import {
  ETABLISSEMENT,
  FR_SIRENE_REGISTER,
  frSireneStreamOf,
  UNITE_LEGALE,
} from '../../schemas/events/frSireneEvents.ts';
import { timed } from '../core/timing.ts';
import type { GeneratedSireneFiles } from './generateSireneFiles.ts';

export interface EventsFloor {
  /** COPY of one entity event per row into a table shaped like `events` (same keys, indexes, compression). */
  eventsSeconds: number;
  /** COPY of the two files into tables keyed by siren and siret: the least a read table costs. */
  readTablesSeconds: number;
  /** CPU seconds of PostgreSQL and psql while both ran (Linux; set by the caller). */
  cpuSeconds?: number;
}

/**
 * The least this design's ingest can cost, measured with psql's COPY on the same server as the baseline:
 * one `EntityRecorded` per row, in its leanest form (the data is the published CSV line itself, with
 * register, kind and id; the metadata register, version, row SHA-256 and pass), into a copy of the `events`
 * table, then the two files into tables with their primary keys. No digest, no Node work, no projection: a
 * real ingest can only add to it. The events file is prepared before the clock starts.
 *
 * The generated files hold no line break inside a field and their identifiers come first, unquoted
 * (`siren`; `siren,nic,siret`), so a line's id is read without a CSV parser.
 */
export async function measureEventsFloor(opts: {
  knex: Knex;
  url: string;
  schema: string;
  dir: string;
  files: GeneratedSireneFiles;
  unitColumns: readonly string[];
  establishmentColumns: readonly string[];
  /**
   * The floor restated by issue 50 for a pass in block events: one event per 2,000 rows of a file (their
   * published lines, ids, line numbers and digests) instead of one per row.
   */
  blocks?: boolean;
}): Promise<EventsFloor> {
  const { knex } = opts;
  const tsv = path.join(opts.dir, 'floor-events.tsv');
  await (opts.blocks ? writeBlocksFile(opts.files, tsv) : writeEventsFile(opts.files, tsv));
  await knex.raw('drop table if exists floor_events, floor_unites_legales, floor_etablissements');
  await knex.raw('create table floor_events (like events including all)');
  const text = (columns: readonly string[]) => columns.map((c) => `"${c}" text`).join(', ');
  await knex.raw(`create table floor_unites_legales (${text(opts.unitColumns)}, primary key (siren))`);
  await knex.raw(
    `create table floor_etablissements (${text(opts.establishmentColumns)}, primary key (siret))`,
  );
  const psql = (sql: string) => runPsql(opts.url, sql);
  const q = `"${opts.schema}"`;
  const events = await timed(() =>
    psql(`\\copy ${q}.floor_events (stream_id, stream_version, type, data, metadata) from '${tsv}'`),
  );
  const readTables = await timed(async () => {
    await psql(
      `\\copy ${q}.floor_unites_legales from '${opts.files.unitesLegales}' with (format csv, header)`,
    );
    await psql(
      `\\copy ${q}.floor_etablissements from '${opts.files.etablissements}' with (format csv, header)`,
    );
  });
  await knex.raw('drop table floor_events, floor_unites_legales, floor_etablissements');
  return { eventsSeconds: events.seconds, readTablesSeconds: readTables.seconds };
}

async function writeEventsFile(files: GeneratedSireneFiles, target: string): Promise<void> {
  const out = createWriteStream(target);
  const versions = new Map<string, number>();
  const inputs = [
    { file: files.unitesLegales, kind: UNITE_LEGALE, idField: 0 },
    { file: files.etablissements, kind: ETABLISSEMENT, idField: 2 },
  ];
  for (const { file, kind, idField } of inputs) {
    let header = true;
    for await (const line of readline.createInterface({
      input: createReadStream(file),
      crlfDelay: Infinity,
    })) {
      if (header) {
        header = false;
        continue;
      }
      const id = line.split(',', idField + 1)[idField]!;
      const stream = frSireneStreamOf({ kind, id });
      const version = (versions.get(stream) ?? -1) + 1;
      versions.set(stream, version);
      const data = JSON.stringify({ register: FR_SIRENE_REGISTER, kind, id, line });
      const metadata = JSON.stringify({
        register: FR_SIRENE_REGISTER,
        snapshotVersion: '2026-11-01',
        rowSha256: createHash('sha256').update(line).digest('hex'),
        pass: 1,
      });
      if (!out.write(`${stream}\t${version}\tEntityRecorded\t${copyText(data)}\t${copyText(metadata)}\n`))
        await once(out, 'drain');
    }
  }
  out.end();
  await once(out, 'finish');
}

/** The block events of the two files, 2,000 published lines each, on one stream, as COPY's text. */
async function writeBlocksFile(files: GeneratedSireneFiles, target: string): Promise<void> {
  const out = createWriteStream(target);
  const stream = `snapshot-${FR_SIRENE_REGISTER}-blocks`;
  let version = 0;
  const inputs = [
    { file: files.unitesLegales, kind: UNITE_LEGALE, idField: 0 },
    { file: files.etablissements, kind: ETABLISSEMENT, idField: 2 },
  ];
  for (const { file, kind, idField } of inputs) {
    let block: { ids: string[]; lines: number[]; digests: string[]; rows: string[] } | null = null;
    let n = 0;
    const flush = async () => {
      if (!block) return;
      const data = JSON.stringify({
        register: FR_SIRENE_REGISTER,
        kind,
        fileSha256: '0'.repeat(64),
        ...block,
      });
      const metadata = JSON.stringify({
        register: FR_SIRENE_REGISTER,
        snapshotVersion: '2026-11-01',
        pass: 1,
      });
      block = null;
      if (!out.write(`${stream}\t${version++}\tEntitiesRecorded\t${copyText(data)}\t${copyText(metadata)}\n`))
        await once(out, 'drain');
    };
    for await (const line of readline.createInterface({
      input: createReadStream(file),
      crlfDelay: Infinity,
    })) {
      n++;
      if (n === 1) continue;
      block ??= { ids: [], lines: [], digests: [], rows: [] };
      block.ids.push(line.split(',', idField + 1)[idField]!);
      block.lines.push(n);
      block.digests.push(createHash('sha256').update(line).digest('hex'));
      block.rows.push(line);
      if (block.ids.length === 2000) await flush();
    }
    await flush();
  }
  out.end();
  await once(out, 'finish');
}

/** A value in COPY's text format: backslash, tab and line breaks escaped. */
function copyText(value: string): string {
  return value.replace(/[\\\t\n\r]/g, (c) =>
    c === '\\' ? '\\\\' : c === '\t' ? '\\t' : c === '\n' ? '\\n' : '\\r',
  );
}

async function runPsql(url: string, command: string): Promise<void> {
  const psql = spawn('psql', [url, '-v', 'ON_ERROR_STOP=1', '-qc', command], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  psql.stderr.on('data', (d) => {
    stderr += String(d);
  });
  const [code] = (await once(psql, 'exit')) as [number | null];
  if (code !== 0) throw new Error(`psql failed (${code}): ${stderr.trim()}`);
}
