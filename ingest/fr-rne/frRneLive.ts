import path from 'node:path';
import { SOURCE_ROOT } from '../../ops/sourceRoot.ts';
import {
  FR_RNE_REGISTER,
  RNE_DOCUMENT_DELETED,
  type RneDirigeantsRecord,
  type RneDocumentDeletedData,
  type RneDocumentsRecord,
  type RneDocumentType,
  type RneReader,
  rneDocumentStreamOf,
} from '../../schemas/events/frRneEvents.ts';
import { LiveUnavailableError } from '../../schemas/live/liveUnavailable.ts';
import { createDailyQuota } from '../core/dailyQuota.ts';
import { type BytesAnswer, type LiveAnswer, type LiveQueryClient, observationOf } from '../core/liveQuery.ts';
import type { LiveRecording, LiveRecordings } from '../core/liveRecordings.ts';
import { createLiveRegisterReader, type LiveReaderDeps } from '../core/liveRegisterClient.ts';
import { extractRneDirigeants, unreadable } from './rneDirigeants.ts';
import { extractRneDocuments } from './rneDocuments.ts';
import { rneAuthenticatedFetch } from './rneLogin.ts';

/**
 * How long an observation of a company's officers is served again without asking the RNE: 24 hours. Officers
 * change by a filed formality, rarely twice a day; the RNE's quota is per account and shared by every call.
 */
export const RNE_MAX_AGE_MS = 24 * 3600_000;

/**
 * The RNE takes longer than most registers on a large company (Danone's answer is about 60 KB): 8 s an
 * attempt, login included, unless the composition overrides it (tests).
 */
const RNE_TIMEOUT_MS = 8000;

/**
 * The largest filing served unless the configuration says otherwise (`LIVE_DOCUMENT_MAX_BYTES`): 20 MB. A
 * filing of accounts is a scan of a few pages, rarely over 5 MB; one larger is refused, never truncated.
 */
export const RNE_MAX_DOCUMENT_BYTES = 20 * 1024 * 1024;

const kindOf = (record: unknown) =>
  record && typeof record === 'object' ? (record as { kind?: unknown }).kind : undefined;
/** A record of this parser: an observation kept by an earlier one (no `capital` member) is asked again. */
const isRecord = (record: unknown): record is RneDirigeantsRecord =>
  kindOf(record) === 'fr-rne-dirigeants' && 'capital' in (record as object);
const isDocuments = (record: unknown): record is RneDocumentsRecord => kindOf(record) === 'fr-rne-documents';

const companyPath = (siren: string) => `/api/companies/${siren}`;
const documentsPath = (siren: string) => `/api/companies/${siren}/attachments`;

/** The download of a filing: `/api/actes/{id}/download` or `/api/bilans/{id}/download`. */
export const rneDownloadPath = (type: RneDocumentType, id: string) =>
  `/api/${type}/${encodeURIComponent(id)}/download`;

/** A PDF starts with `%PDF-`: anything else (an HTML page, JSON) is not the filing. */
function checkPdf(status: number, _contentType: string, bytes: Buffer): void {
  if (status !== 200) return;
  if (bytes.subarray(0, 5).toString('latin1') !== '%PDF-') throw unreadable('the download is not a PDF');
}

/** What the RNE reader appends of its own besides observations: a deletion. */
export interface RneReaderDeps {
  store?: LiveReaderDeps['store'];
  /** The log's streams: a filing with an `RneDocumentDeleted` is never downloaded again. */
  readStream?: LiveReaderDeps['readStream'];
  maxDocumentBytes?: number;
  /** The INPI's daily quota of downloads (tests: a small one); default {@link RNE_DAILY_QUOTA}. */
  dailyQuota?: { files: number; bytes: number };
}

/**
 * The INPI's quota per account: "10 Go par jour et 10 000 fichiers par jour" (its e-mail to its licensees,
 * quoted on teamopendata.org, topic 1603). Downloads are counted against it by this process, with a margin of
 * a tenth for the other processes and tools sharing the account.
 */
export const RNE_DAILY_QUOTA = { files: 9_000, bytes: 9 * 1024 ** 3 };

/**
 * The filings the RNE marks deleted, seen in a listing read from the RNE: their kept bytes purged, and one
 * `RneDocumentDeleted` per document (its stream's first event; a later listing appends nothing).
 */
async function forgetDeleted(
  client: LiveQueryClient,
  store: LiveReaderDeps['store'] | undefined,
  record: RneDocumentsRecord,
  observedAt: string,
): Promise<void> {
  for (const { type, id } of record.supprimes) {
    const purged = await client.purgeBytes([rneDownloadPath(type, id)]);
    const data: RneDocumentDeletedData = {
      register: FR_RNE_REGISTER,
      siren: record.siren,
      type,
      id,
      observedAt,
      purged,
    };
    await store?.append(
      rneDocumentStreamOf(type, id),
      [{ type: RNE_DOCUMENT_DELETED, data, metadata: { register: FR_RNE_REGISTER } }],
      'no_stream',
    );
  }
}

const bytesObservation = (answer: BytesAnswer) => ({
  url: answer.url,
  observedAt: answer.observedAt,
  bodySha256: answer.bodySha256,
  cached: answer.cached,
});

/**
 * The RNE as a reader of officers (`GET /api/companies/{siren}`) and filings (`…/attachments`, and each
 * filing's download), read through the log's read table and the bytes cache.
 */
export function createRneReader(client: LiveQueryClient, deps: RneReaderDeps = {}): RneReader {
  const maxDocumentBytes = deps.maxDocumentBytes ?? RNE_MAX_DOCUMENT_BYTES;
  const quota = createDailyQuota({ register: FR_RNE_REGISTER, ...(deps.dailyQuota ?? RNE_DAILY_QUOTA) });
  /** The officers of an answer; one kept by an earlier parser, of another shape, is asked again. */
  async function officersOf(siren: string, answer: LiveAnswer) {
    if (answer.cached && !isRecord(answer.record)) {
      answer = await client.get(companyPath(siren), {}, { fresh: true });
    }
    if (!isRecord(answer.record)) {
      throw new LiveUnavailableError(FR_RNE_REGISTER, 'illisible', 'RNE: no officers record kept');
    }
    return { record: answer.record, observation: observationOf(answer) };
  }
  /** The filings of an answer (as `officersOf`); a list read from the RNE purges the filings it marks deleted. */
  async function filingsOf(siren: string, answer: LiveAnswer) {
    if (answer.cached && !isDocuments(answer.record)) {
      answer = await client.get(documentsPath(siren), {}, { fresh: true });
    }
    if (!isDocuments(answer.record)) {
      throw new LiveUnavailableError(FR_RNE_REGISTER, 'illisible', 'RNE: no filings record kept');
    }
    if (!answer.cached) await forgetDeleted(client, deps.store, answer.record, answer.observedAt);
    return { record: answer.record, observation: observationOf(answer) };
  }
  return {
    register: FR_RNE_REGISTER,
    maxAgeMs: RNE_MAX_AGE_MS,
    maxDocumentBytes,
    async documents(siren) {
      return filingsOf(siren, await client.get(documentsPath(siren), {}, { maxAgeMs: RNE_MAX_AGE_MS }));
    },
    async download(type, id) {
      // A filing the RNE marked deleted stays deleted here: its bytes were purged, never fetched again.
      const deletion = await deps.readStream?.(rneDocumentStreamOf(type, id), { limit: 1 });
      if (deletion && deletion.length > 0) return null;
      const answer = await client.getBytes(rneDownloadPath(type, id), {
        accept: 'application/pdf',
        maxBytes: maxDocumentBytes,
        maxAgeMs: RNE_MAX_AGE_MS,
        check: checkPdf,
        quota,
      });
      if (answer.status === 404) return null;
      return { bytes: answer.bytes, sha256: answer.bodySha256, observation: bytesObservation(answer) };
    },
    async dirigeants(siren) {
      return officersOf(siren, await client.get(companyPath(siren), {}, { maxAgeMs: RNE_MAX_AGE_MS }));
    },
    async dirigeantsEtDocuments(siren, opts = {}) {
      const [officers, filings] = await client.getAll(
        [
          { path: companyPath(siren), opts: { maxAgeMs: RNE_MAX_AGE_MS } },
          { path: documentsPath(siren), opts: { maxAgeMs: RNE_MAX_AGE_MS } },
        ],
        opts.admit ? { admit: opts.admit } : {},
      );
      if (officers!.status === 'rejected') throw officers!.reason;
      const [dirigeants, documents] = await Promise.allSettled([
        officersOf(siren, officers!.value),
        filings!.status === 'rejected' ? Promise.reject(filings!.reason) : filingsOf(siren, filings!.value),
      ]);
      if (dirigeants.status === 'rejected') throw dirigeants.reason;
      return { dirigeants: dirigeants.value, documents };
    },
    circuit: () => client.circuit(),
  };
}

/**
 * The RNE's client: a Bearer token from `POST /api/sso/login` with the INPI account of
 * `LIVE_CREDENTIALS_FR_RNE` (`user:password`), asked again on a 401. The quota is per account: the INPI told
 * its licensees "10 Go par jour et 10 000 fichiers par jour" (its e-mail quoted on teamopendata.org, topic
 * 1603), and 429s happen; no per-minute rate is published, so at most 30 calls a minute, each observation kept
 * 24 hours. A 404 is an answer (no such company).
 */
export function createRneLive(deps: LiveReaderDeps): RneReader {
  const credentials = deps.credentials ?? '';
  return createLiveRegisterReader(
    {
      register: FR_RNE_REGISTER,
      perMinute: 30,
      answerStatuses: [404],
      extract: (status, json, url) =>
        new URL(url).pathname.endsWith('/attachments')
          ? extractRneDocuments(status, json, url)
          : extractRneDirigeants(status, json, url),
      reader: (client, readerDeps) =>
        createRneReader(client, {
          store: readerDeps.store,
          ...(readerDeps.readStream ? { readStream: readerDeps.readStream } : {}),
          ...(readerDeps.maxDocumentBytes ? { maxDocumentBytes: readerDeps.maxDocumentBytes } : {}),
        }),
    },
    {
      ...deps,
      timeoutMs: deps.timeoutMs ?? RNE_TIMEOUT_MS,
      fetch: rneAuthenticatedFetch({
        baseUrl: deps.baseUrl,
        credentials,
        ...(deps.fetch ? { fetch: deps.fetch } : {}),
      }),
    },
  );
}

const company = (siren: string, file: string | undefined, status = 200): LiveRecording => ({
  method: 'GET',
  path: `/api/companies/${siren}`,
  status,
  ...(file === undefined ? {} : { file }),
});

/** A filing's download, answered by a stand-in PDF (SOURCE.txt). */
const download = (type: RneDocumentType, id: string, file: string): LiveRecording => ({
  method: 'GET',
  path: rneDownloadPath(type, id),
  status: 200,
  file,
  contentType: 'application/pdf',
});

/**
 * The recorded answers (live/SOURCE.txt): real company answers and the RNE's not-found body; the login answer
 * and a filings list as the INPI's own documentation gives them (token and user placeholders by the INPI); a
 * filings list written from its shape (no real answer with accounts found), and the filings' downloads answered
 * by real public PDFs.
 */
export const RNE_RECORDINGS: LiveRecordings = {
  folder: path.join(SOURCE_ROOT, 'ingest', 'fr-rne', 'live'),
  answers: [
    { method: 'POST', path: '/api/sso/login', status: 200, file: 'sso_login_inpi_doc_example.json' },
    company('552032534', 'companies_552032534.json'),
    company('879574283', 'companies_879574283.json'),
    company('314685454', 'companies_314685454.json'),
    company('949053854', 'companies_949053854_entrepreneur.json'),
    company('317236248', 'companies_404_not_found.json', 404),
    {
      method: 'GET',
      path: '/api/companies/113277693/attachments',
      status: 200,
      file: 'attachments_113277693_inpi_doc_example.json',
    },
    {
      method: 'GET',
      path: '/api/companies/535113062/attachments',
      status: 200,
      file: 'attachments_535113062_constructed.json',
    },
    download('actes', '63df98a28eded29cb31823ee', 'acte_63df98a28eded29cb31823ee_stand_in.pdf'),
    download('bilans', '63df98a78eded29cb318240a', 'bilan_63df98a78eded29cb318240a_stand_in.pdf'),
  ],
};
