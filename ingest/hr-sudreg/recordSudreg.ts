import { once } from 'node:events';
import { createWriteStream, type WriteStream } from 'node:fs';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Logger } from '../../ops/logger.ts';
import { HR_ENTRY_ROLES, type HrEntryRole } from '../../schemas/events/hrSudregEntries.ts';
import {
  addPartRow,
  assembleDetalji,
  emptyCodeLists,
  emptyParts,
  type Row,
  type SudregPartName,
} from './assembleDetalji.ts';
import { type SudregClient, SudregError, type SudregTier } from './sudregClient.ts';
import { num } from './sudregValues.ts';

/** The file of the snapshot (`--detalji`), and the manifest of a recording, in the output folder. */
export const DETALJI_FILE = 'detalji_subjekta.json';
export const RECORDING_MANIFEST = 'recording.json';
/** The file of a state-bodies role (`--upisi-vrste-upisa` reads `upisi_vrste_upisa.json`). */
export const entriesFileOf = (role: HrEntryRole) => `${role}.json`;

/** What `recording.json` says: the snapshot recorded, when, and each file with its rows. */
export interface SudregRecording {
  register: 'hr.sudreg';
  tier: SudregTier;
  snapshot_id: number;
  /** When the register copied the snapshot (`/snapshots` timestamp, or the answers' `X-Timestamp`). */
  snapshot_timestamp: string | null;
  started_at: string;
  finished_at: string;
  requests: number;
  files: Record<string, { file: string; rows: number }>;
  /** The command that ingests this recording. */
  ingest: string;
}

export interface RecordSudregOptions {
  client: SudregClient;
  out: string;
  tier: SudregTier;
  /** The snapshot to record (one `/snapshots` lists); default the newest. */
  snapshotId?: number;
  /** Rows a page (the API's default and the documented page: 1000). */
  pageSize?: number;
  logger: Logger;
  now?: () => Date;
}

/** Parts read from the list endpoints, with their query: the active rows (`only_active` default). */
const PARTS: readonly { endpoint: SudregPartName; query?: Record<string, string> }[] = [
  { endpoint: 'tvrtke' },
  { endpoint: 'skracene_tvrtke' },
  { endpoint: 'sjedista' },
  { endpoint: 'email_adrese' },
  { endpoint: 'pravni_oblici', query: { expand_relations: '1' } },
  { endpoint: 'temeljni_kapitali' },
  { endpoint: 'postupci' },
  { endpoint: 'gfi' },
];

/** Endpoints without the `only_active` parameter: their count is the whole table. */
const WITHOUT_ONLY_ACTIVE = new Set([
  'gfi',
  'upisi',
  'upisi_vrste_upisa',
  'sudovi',
  'valute',
  'vrste_postupaka',
  'vrste_gfi_dokumenata',
  'vrste_upisa',
  'grupe_vrsta_upisa',
]);

/** The state-bodies roles and their query: texts and procedures with the rows that ended (`only_active=0`). */
const ENTRIES_QUERY: Partial<Record<HrEntryRole, Record<string, string>>> = {
  ostali_tekstovi: { only_active: '0' },
  zabiljezbe: { only_active: '0' },
  postupci: { only_active: '0' },
};

/** A JSON array written to a temporary file beside its final name, renamed only when the recording succeeds. */
class JsonArrayFile {
  readonly temp: string;
  rows = 0;
  private readonly stream: WriteStream;
  /** A write that failed (a full disk, a folder that cannot be written): thrown at the next write or close. */
  private failure: Error | null = null;
  constructor(readonly final: string) {
    this.temp = `${final}.partial-${process.pid}`;
    this.stream = createWriteStream(this.temp, { encoding: 'utf8' });
    this.stream.on('error', (err) => {
      this.failure = err;
    });
    this.stream.write('[');
  }
  async write(rows: readonly unknown[]) {
    for (const row of rows) {
      if (this.failure) throw this.failure;
      const ok = this.stream.write(`${this.rows === 0 ? '\n' : ',\n'}${JSON.stringify(row)}`);
      this.rows++;
      if (!ok) await once(this.stream, 'drain');
    }
  }
  async close() {
    if (this.failure) throw this.failure;
    this.stream.end(`${this.rows === 0 ? '' : '\n'}]\n`);
    await once(this.stream, 'finish');
  }
  async abandon() {
    if (!this.stream.closed) {
      this.stream.destroy();
      await once(this.stream, 'close').catch(() => {});
    }
    await rm(this.temp, { force: true });
  }
}

/** A path as a shell reads it: quoted when it holds anything but letters, digits, `.`, `/`, `_`, `-`. */
const shellWord = (p: string) => (/^[\w./-]+$/.test(p) ? p : `'${p.replaceAll("'", "'\\''")}'`);

/** `/counts` names its tables (`SRC_SUBJEKTI` in a reuser's guide): matched on the endpoint's name. */
const tableKey = (name: string) => name.toLowerCase().replace(/^src_/, '');

/** Throws unless an answer came from the snapshot being recorded. */
function snapshotCheck(snapshotId: number) {
  return (where: string, answered: number | null) => {
    if (answered === null) {
      throw new SudregError(`${where}: the answer has no X-Snapshot-Id, the snapshot cannot be checked`);
    }
    if (answered !== snapshotId) {
      throw new SudregError(
        `${where}: the snapshot changed during the recording (asked ${snapshotId}, answered ${answered}); record again`,
      );
    }
  };
}

/** Every page of one list of the snapshot, in order, handed to `onRows`; the rows counted and checked. */
function createPager(ctx: {
  client: RecordSudregOptions['client'];
  logger: RecordSudregOptions['logger'];
  log: Record<string, unknown>;
  snapshotId: number;
  pageSize: number;
  counts: ReadonlyMap<string, Row>;
}) {
  const { client, logger, log, snapshotId, pageSize, counts } = ctx;
  const sameSnapshot = snapshotCheck(snapshotId);
  return async function pageAll(
    endpoint: string,
    query: Record<string, string>,
    onRows: (rows: Row[]) => Promise<void> | void,
  ): Promise<number> {
    let received = 0;
    let total: number | null | undefined;
    for (let offset = 0; ; offset += pageSize) {
      const page = await client.get(endpoint, {
        snapshot_id: snapshotId,
        ...query,
        offset,
        limit: pageSize,
        no_data_error: 0,
      });
      sameSnapshot(endpoint, page.snapshotId);
      if (total === undefined) total = page.total;
      else if (page.total !== total) {
        throw new SudregError(
          `${endpoint}: X-Total-Count changed between pages (${total}, then ${page.total}) in snapshot ${snapshotId}`,
        );
      }
      await onRows(page.rows);
      received += page.rows.length;
      logger.debug({ ...log, endpoint, offset, rows: page.rows.length, total }, 'sudreg: page');
      if (page.rows.length < pageSize || (total !== null && received >= total)) break;
    }
    if (total !== null && total !== undefined && received !== total) {
      throw new SudregError(
        `${endpoint}: the pages brought ${received} rows, X-Total-Count says ${total} (snapshot ${snapshotId})`,
      );
    }
    const counted = counts.get(endpoint);
    if (counted) {
      const all = num(counted.count_svi);
      const active = num(counted.count_aktivni);
      const expected = WITHOUT_ONLY_ACTIVE.has(endpoint)
        ? [all, active]
        : query.only_active === '0'
          ? [all]
          : [active];
      if (!expected.some((n) => n === received)) {
        throw new SudregError(
          `${endpoint}: the pages brought ${received} rows, /counts says ${expected.filter((n) => n !== null).join(' or ')} (snapshot ${snapshotId})`,
        );
      }
    } else {
      logger.warn(
        { ...log, endpoint },
        'sudreg: /counts has no row for this list; checked against X-Total-Count only',
      );
    }
    logger.info({ ...log, endpoint, rows: received, requests: client.requests }, 'sudreg: list recorded');
    return received;
  };
}

/** The code lists an expanded answer names (courts, currencies, procedures, filing kinds), and the courts. */
async function readCodeLists(pageAll: ReturnType<typeof createPager>) {
  const lists = emptyCodeLists();
  const courts: Row[] = [];
  await pageAll('sudovi', {}, (rows) => {
    courts.push(...rows);
    for (const r of rows) if (num(r.id) !== null) lists.courts.set(num(r.id)!, r);
  });
  await pageAll('valute', {}, (rows) => {
    for (const r of rows) if (num(r.id) !== null) lists.currencies.set(num(r.id)!, r);
  });
  await pageAll('vrste_postupaka', {}, (rows) => {
    for (const r of rows) {
      if (num(r.postupak) !== null && typeof r.znacenje === 'string') {
        lists.procedures.set(num(r.postupak)!, r.znacenje);
      }
    }
  });
  await pageAll('vrste_gfi_dokumenata', {}, (rows) => {
    for (const r of rows) {
      if (num(r.vrsta) !== null && typeof r.znacenje === 'string')
        lists.gfiKinds.set(num(r.vrsta)!, r.znacenje);
    }
  });
  return { lists, courts };
}

/** Writes `recording.json`: what was recorded, from which snapshot, and the `ingest` command that loads it. */
async function writeRecording(
  opts: RecordSudregOptions,
  files: readonly JsonArrayFile[],
  pass: { snapshotId: number; snapshotTimestamp: string | null; startedAt: string; finishedAt: string },
): Promise<SudregRecording> {
  const snapshotDate =
    pass.snapshotTimestamp && !Number.isNaN(Date.parse(pass.snapshotTimestamp))
      ? new Date(Date.parse(pass.snapshotTimestamp)).toISOString().slice(0, 10)
      : pass.startedAt.slice(0, 10);
  const byRole: Record<string, { file: string; rows: number }> = {};
  for (const f of files) {
    const name = path.basename(f.final);
    byRole[name === DETALJI_FILE ? 'detalji' : name.replace(/\.json$/, '').replaceAll('_', '-')] = {
      file: name,
      rows: f.rows,
    };
  }
  const recording: SudregRecording = {
    register: 'hr.sudreg',
    tier: opts.tier,
    snapshot_id: pass.snapshotId,
    snapshot_timestamp: pass.snapshotTimestamp,
    started_at: pass.startedAt,
    finished_at: pass.finishedAt,
    requests: opts.client.requests,
    files: byRole,
    ingest: [
      'registres ingest hr-sudreg',
      ...Object.entries(byRole).map(([role, f]) => `--${role} ${shellWord(path.join(opts.out, f.file))}`),
      `--date ${snapshotDate}`,
    ].join(' '),
  };
  const manifest = path.join(opts.out, RECORDING_MANIFEST);
  await writeFile(`${manifest}.partial-${process.pid}`, `${JSON.stringify(recording, null, 2)}\n`);
  await rename(`${manifest}.partial-${process.pid}`, manifest);
  return recording;
}

/**
 * Records one snapshot of the court register into `out`: `detalji_subjekta.json` (the answers
 * readSudregSnapshot.ts reads, assembled from the list endpoints of that snapshot) and, on the state-bodies
 * tier, the entries files of the ingest's optional roles; then `recording.json`. Every list is paged with
 * `offset`/`limit` on the same `snapshot_id`; the recording fails, leaving the folder as it was, when an answer
 * comes from another snapshot, when the rows received differ from `X-Total-Count` or from `/counts`, or on
 * any refusal.
 */
export async function recordSudreg(opts: RecordSudregOptions): Promise<SudregRecording> {
  const now = opts.now ?? (() => new Date());
  const pageSize = opts.pageSize ?? 1000;
  const startedAt = now().toISOString();
  const { client, logger } = opts;
  const log = { register: 'hr.sudreg', tier: opts.tier };
  await mkdir(opts.out, { recursive: true });

  // The snapshot: the one asked for, or the newest listed.
  const listed = (await client.get('snapshots', {})).rows;
  const ids = listed.map((s) => num(s.id)).filter((n): n is number => n !== null);
  if (ids.length === 0) throw new SudregError('/snapshots lists no snapshot');
  const snapshotId = opts.snapshotId ?? Math.max(...ids);
  const snapshot = listed.find((s) => num(s.id) === snapshotId);
  if (!snapshot) {
    throw new SudregError(`snapshot ${snapshotId} is not listed by /snapshots (listed: ${ids.join(', ')})`);
  }
  let snapshotTimestamp = typeof snapshot.timestamp === 'string' ? snapshot.timestamp : null;
  logger.info(
    {
      ...log,
      snapshot_id: snapshotId,
      timestamp: snapshotTimestamp,
      available_until: snapshot.available_until,
    },
    'sudreg: recording a snapshot',
  );

  const sameSnapshot = snapshotCheck(snapshotId);
  const countsPage = await client.get('counts', { snapshot_id: snapshotId });
  sameSnapshot('counts', countsPage.snapshotId);
  snapshotTimestamp ??= countsPage.timestamp;
  const counts = new Map<string, Row>(
    countsPage.rows
      .filter((r) => typeof r.table_name === 'string')
      .map((r) => [tableKey(r.table_name as string), r]),
  );

  // How many pages the recording will ask (from /counts): at about 6 a minute, a whole register takes hours.
  const planned = [
    'sudovi',
    'valute',
    'vrste_postupaka',
    'vrste_gfi_dokumenata',
    ...PARTS.map((p) => p.endpoint),
    'subjekti',
    ...(opts.tier === 'drzavna_tijela' ? HR_ENTRY_ROLES.filter((r) => r !== 'sudovi') : []),
  ];
  const pagesPlanned = planned.reduce(
    (n, e) => n + Math.max(1, Math.ceil((num(counts.get(e)?.count_svi) ?? 0) / pageSize)),
    0,
  );
  logger.info(
    { ...log, snapshot_id: snapshotId, pages: pagesPlanned },
    'sudreg: pages to ask (from /counts)',
  );

  const pageAll = createPager({ client, logger, log, snapshotId, pageSize, counts });

  const files: JsonArrayFile[] = [];
  const open = (name: string) => {
    const f = new JsonArrayFile(path.join(opts.out, name));
    files.push(f);
    return f;
  };
  try {
    // Code lists an expanded answer names.
    const { lists, courts } = await readCodeLists(pageAll);

    // The subjects' parts, then the subjects, each written as its detalji_subjekta answer.
    const parts = emptyParts();
    for (const { endpoint, query } of PARTS) {
      await pageAll(endpoint, query ?? {}, (rows) => {
        for (const r of rows) addPartRow(parts, lists, endpoint, r);
      });
    }
    const detalji = open(DETALJI_FILE);
    // All subjects, the deleted ones too (only_active=0); their parts are the active rows, as detalji_subjekta's.
    await pageAll('subjekti', { only_active: '0' }, (rows) =>
      detalji.write(rows.map((s) => assembleDetalji(s, parts, lists))),
    );

    // The state-bodies tier: the entries files, as served (pages concatenated).
    if (opts.tier === 'drzavna_tijela') {
      for (const role of HR_ENTRY_ROLES) {
        const file = open(entriesFileOf(role));
        if (role === 'sudovi') await file.write(courts);
        else await pageAll(role, ENTRIES_QUERY[role] ?? {}, (rows) => file.write(rows));
      }
    }

    for (const f of files) await f.close();
    for (const f of files) await rename(f.temp, f.final);
  } catch (err) {
    for (const f of files) await f.abandon();
    throw err;
  }

  const recording = await writeRecording(opts, files, {
    snapshotId,
    snapshotTimestamp,
    startedAt,
    finishedAt: now().toISOString(),
  });
  logger.info({ ...log, snapshot_id: snapshotId, requests: client.requests }, 'sudreg: recording complete');
  return recording;
}
