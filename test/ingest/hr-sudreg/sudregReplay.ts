import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { pino } from 'pino';
import { HR_SUDREG_DEMO_ENTRIES } from '../../../ingest/hr-sudreg/hrSudregDemo.ts';
import type { Logger } from '../../../ops/logger.ts';
import { HR_ENTRY_ROLES } from '../../../schemas/events/hrSudregEntries.ts';
import { type ReplayAnswer, type ReplayServer, startReplayServer } from '../../support/replayServer.ts';

type Row = Record<string, unknown>;

const here = path.dirname(fileURLToPath(import.meta.url));
/** The constructed list answers (test/fixtures/hr-sudreg/SOURCE.txt). */
export const LISTS_FIXTURE = path.resolve(here, '../../fixtures/hr-sudreg/lists_constructed.json');

/** The client registered in the fixtures: its id ends with `..` as the register's do; its secret holds a colon. */
export const CLIENT_ID = 'a1b2c3d4e5f6..';
export const CLIENT_SECRET = 'S3cr3t:w1th-c0lon..';
export const ACCESS_TOKEN = 'eyJ0eXAiOiJKV1QiLCJhbGciOiJSUzI1NiJ9.replay-token-7f3a';
/** The newest snapshot the fixture lists, and its copy time. */
export const SNAPSHOT_ID = 1403;

/** Endpoints with the `only_active` parameter in the official OpenAPI (active rows unless `only_active=0`). */
const WITH_ONLY_ACTIVE = new Set([
  'subjekti',
  'tvrtke',
  'skracene_tvrtke',
  'sjedista',
  'email_adrese',
  'pravni_oblici',
  'temeljni_kapitali',
  'postupci',
  'ostali_tekstovi',
  'zabiljezbe',
]);

/** Every table the replay serves: the fixture's lists, and the demo's state-bodies answers (sudovi, postupci…). */
export function replayTables(): Record<string, Row[]> {
  const lists = JSON.parse(readFileSync(LISTS_FIXTURE, 'utf8')) as Record<string, Row[]>;
  const tables: Record<string, Row[]> = { ...lists };
  for (const role of HR_ENTRY_ROLES) {
    tables[role] = JSON.parse(readFileSync(HR_SUDREG_DEMO_ENTRIES[role], 'utf8')) as Row[];
  }
  return tables;
}

/** How the replayed register misbehaves, per test. */
export interface SudregReplayFaults {
  /** Data calls answer 401 (the registration e-mail not confirmed). */
  unconfirmed?: boolean;
  /** The token endpoint refuses the client. */
  badClient?: boolean;
  /** This endpoint answers an HTML page. */
  htmlOn?: string;
  /** After this many data calls, answers come from the next snapshot. */
  snapshotChangesAfter?: number;
  /** `/counts` says one row more for this endpoint. */
  countOffFor?: string;
  /** The first call to this endpoint answers 429 with `Retry-After: 7`. */
  rateLimitedOnce?: string;
}

export interface SudregReplay {
  server: ReplayServer;
  /** `<server>/api`: what LIVE_URL_HR_SUDREG is set to. */
  root: string;
  faults: SudregReplayFaults;
  /** The data calls received (endpoint and query), with `Date.now()` when each arrived. */
  dataCalls: { endpoint: string; query: URLSearchParams; at: number }[];
}

const json = (status: number, body: unknown, headers: Record<string, string> = {}): ReplayAnswer => ({
  status,
  body: JSON.stringify(body),
  headers,
});

/**
 * A local Sudski registar: `POST /api/oauth/token` (HTTP Basic client credentials) and `GET /api/<tier>/<list>`
 * (bearer token), the lists paged by `offset`/`limit` with `X-Total-Count`, `X-Snapshot-Id` and `X-Timestamp`.
 */
export async function startSudregReplay(faults: SudregReplayFaults = {}): Promise<SudregReplay> {
  const tables = replayTables();
  const snapshots = tables.snapshots!;
  const basic = `Basic ${Buffer.from(`${CLIENT_ID}:${CLIENT_SECRET}`).toString('base64')}`;
  const state: SudregReplay = { server: undefined as never, root: '', faults, dataCalls: [] };
  const rateLimited = new Set<string>();

  const activeOnly = (endpoint: string, rows: Row[], query: URLSearchParams) =>
    WITH_ONLY_ACTIVE.has(endpoint) && query.get('only_active') !== '0'
      ? rows.filter((r) => r.status === undefined || r.status === 1)
      : rows;

  state.server = await startReplayServer(({ method, url, headers, body }) => {
    if (method === 'POST' && url.pathname === '/api/oauth/token') {
      if (faults.badClient || headers.authorization !== basic) return json(401, { error: 'invalid_client' });
      if (new URLSearchParams(body).get('grant_type') !== 'client_credentials') {
        return json(400, { error: 'unsupported_grant_type' });
      }
      return json(200, { access_token: ACCESS_TOKEN, token_type: 'bearer', expires_in: 21600 });
    }
    const m = /^\/api\/(javni|drzavna_tijela)\/([a-z_]+)$/.exec(url.pathname);
    if (method !== 'GET' || !m)
      return { status: 404, body: '<html><body>Not Found</body></html>', contentType: 'text/html' };
    const endpoint = m[2]!;
    state.dataCalls.push({ endpoint, query: url.searchParams, at: Date.now() });
    if (headers.authorization !== `Bearer ${ACCESS_TOKEN}` || faults.unconfirmed) {
      return json(401, { error_code: 401, error_message: 'Unauthorized' });
    }
    if (faults.htmlOn === endpoint) {
      return {
        status: 200,
        body: '<!DOCTYPE html><html><body>Održavanje sustava</body></html>',
        contentType: 'text/html',
      };
    }
    if (faults.rateLimitedOnce === endpoint && !rateLimited.has(endpoint)) {
      rateLimited.add(endpoint);
      return { status: 429, headers: { 'retry-after': '7' } };
    }
    if (endpoint === 'snapshots') return json(200, snapshots, { 'x-total-count': String(snapshots.length) });
    const dataCallsSoFar = state.dataCalls.length;
    const asked = Number(url.searchParams.get('snapshot_id') ?? SNAPSHOT_ID);
    const served =
      faults.snapshotChangesAfter !== undefined && dataCallsSoFar > faults.snapshotChangesAfter
        ? asked + 1
        : asked;
    const snapshot = snapshots.find((s) => s.id === asked);
    if (!snapshot)
      return json(400, [
        { error_code: 505, error_message: 'Vaš zahtjev nije vratio ni jedan redak', log_id: 1 },
      ]);
    const common = { 'x-snapshot-id': String(served), 'x-timestamp': String(snapshot.timestamp) };
    if (endpoint === 'counts') {
      const rows = Object.entries(tables)
        .filter(([name]) => name !== 'snapshots')
        .map(([name, all]) => ({
          table_name: `SRC_${name.toUpperCase()}`,
          count_svi: all.length + (faults.countOffFor === name ? 1 : 0),
          count_aktivni:
            activeOnly(name, all, new URLSearchParams()).length + (faults.countOffFor === name ? 1 : 0),
        }));
      return json(200, rows, { ...common, 'x-total-count': String(rows.length) });
    }
    const table = tables[endpoint];
    if (!table) return json(400, { error_code: 501, error_message: 'Nepoznata metoda', log_id: 2 });
    const rows = activeOnly(endpoint, table, url.searchParams);
    const offset = Number(url.searchParams.get('offset') ?? 0);
    const limit = Number(url.searchParams.get('limit') ?? 1000);
    const page = rows.slice(offset, offset + limit);
    return json(200, page, {
      ...common,
      'x-total-count': String(rows.length),
      'x-rows-returned': String(page.length),
    });
  });
  state.root = `${state.server.url}/api`;
  return state;
}

/** A logger writing its JSON lines into `lines` (at debug level: everything the recorder says). */
export function capturingLogger(): { logger: Logger; lines: string[] } {
  const lines: string[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _enc, done) {
      lines.push(chunk.toString('utf8'));
      done();
    },
  });
  return { logger: pino({ level: 'debug' }, sink) as Logger, lines };
}
