import path from 'node:path';
import { SOURCE_ROOT } from '../../ops/sourceRoot.ts';
import {
  EU_VIES_REGISTER,
  type ViesCheckRecord,
  type ViesNamePolicy,
  type ViesReader,
} from '../../schemas/events/euViesEvents.ts';
import { parseEuVatNumber } from '../../schemas/identifiers/euVatNumber.ts';
import { type LiveAnswer, type LiveQueryClient, observationOf } from '../core/liveQuery.ts';
import type { LiveRecording, LiveRecordings } from '../core/liveRecordings.ts';
import { createLiveRegisterReader, type LiveReaderDeps } from '../core/liveRegisterClient.ts';
import { ViesOutageError, viesCheckRecord } from './viesCheck.ts';

/**
 * VIES publishes no rate limit; it refuses load per member state (`MS_MAX_CONCURRENT_REQ`) and as a whole
 * (`GLOBAL_MAX_CONCURRENT_REQ`). 30 calls a minute for each of the reader's two clients (below), so at most one
 * call a second from this process: what a person checking numbers by hand on VIES's own page sends, far below
 * what a bulk validator would, and the answer is kept 60 s in this process's cache.
 */
const VIES_PER_MINUTE = 30;

/** How long the reader waits before asking a throttling member state once more (France throttles first calls). */
const THROTTLE_RETRY_MS = 500;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const isRecord = (record: unknown): record is ViesCheckRecord =>
  !!record && typeof record === 'object' && (record as { kind?: unknown }).kind === 'eu-vies-check';

/** This server's requester VAT number (`VIES_REQUESTER_VAT`), split as VIES's POST names it. */
function requesterOf(requester: string | undefined): { memberState: string; number: string } | null {
  if (!requester) return null;
  const parsed = parseEuVatNumber(requester);
  if ('refusal' in parsed) {
    throw new Error(`VIES_REQUESTER_VAT is not a valid EU VAT number (${parsed.refusal})`);
  }
  return { memberState: parsed.memberState, number: parsed.number };
}

/**
 * VIES as a checker of VAT numbers. Without a requester, `GET /ms/{CC}/vat/{number}`; with one,
 * `POST /check-vat-number` naming it (`requesterMemberStateCode`, `requesterNumber`), so that VIES returns its
 * consultation number (`requestIdentifier`), the proof of the check. The number is sent without its prefix.
 * Two clients, one per name policy (what of the trader's name may enter the log): their answers differ in what
 * is kept, so they are cached apart.
 */
export function createViesLive(deps: LiveReaderDeps): ViesReader {
  const requester = requesterOf(deps.requester);
  const clientFor = (names: ViesNamePolicy) =>
    createLiveRegisterReader<LiveQueryClient>(
      {
        register: EU_VIES_REGISTER,
        perMinute: VIES_PER_MINUTE,
        // An error wrapper may come with a 400: read, so that it names the member state's error.
        answerStatuses: [400],
        extract: (_status, json, url, requestBody) => viesCheckRecord(json, url, requestBody, names),
        reader: (client) => client,
      },
      deps,
    );
  const clients: Record<ViesNamePolicy, LiveQueryClient> = {
    jeton_forme_juridique: clientFor('jeton_forme_juridique'),
    personne_morale_verifiee: clientFor('personne_morale_verifiee'),
  };
  const ask = (client: LiveQueryClient, memberState: string, number: string): Promise<LiveAnswer> =>
    requester
      ? client.post('/check-vat-number', {
          countryCode: memberState,
          vatNumber: number,
          requesterMemberStateCode: requester.memberState,
          requesterNumber: requester.number,
        })
      : client.get(`/ms/${memberState}/vat/${encodeURIComponent(number)}`);
  return {
    register: EU_VIES_REGISTER,
    withRequester: requester !== null,
    async check(memberState, number, names) {
      const client = clients[names];
      let answer: LiveAnswer;
      try {
        answer = await ask(client, memberState, number);
      } catch (err) {
        if (!(err instanceof ViesOutageError && err.throttled)) throw err;
        await pause(THROTTLE_RETRY_MS);
        answer = await ask(client, memberState, number);
      }
      if (!isRecord(answer.record)) throw new ViesOutageError(memberState, 'UNREADABLE_RECORD');
      return { record: answer.record, observation: observationOf(answer) };
    },
    circuit() {
      const states = Object.values(clients).map((c) => c.circuit());
      if (states.includes('open')) return 'open';
      return states.includes('half-open') ? 'half-open' : 'closed';
    },
  };
}

const simple = (memberState: string, number: string, file: string): LiveRecording => ({
  method: 'GET',
  path: `/ms/${memberState}/vat/${number}`,
  status: 200,
  file,
});

/**
 * The recorded answers (live/SOURCE.txt): real answers (Danone's, a French legal person's; a member state's
 * outage; VIES refusing the caller), and two FR answers written from their shape (the demo company, a sole trader).
 */
export const VIES_RECORDINGS: LiveRecordings = {
  folder: path.join(SOURCE_ROOT, 'ingest', 'eu-vies', 'live'),
  answers: [
    simple('LV', '44103126607', 'ms_LV_vat_44103126607_valid.json'),
    simple('DE', '315037332', 'ms_DE_vat_315037332_invalid.json'),
    simple('FR', '27552032534', 'ms_FR_vat_27552032534_valid.json'),
    simple('FR', '68005420120', 'ms_FR_vat_68005420120_valid_constructed.json'),
    simple('FR', '17949053854', 'ms_FR_vat_17949053854_sole_trader_constructed.json'),
    simple('FR', '29921822466', 'ms_FR_vat_29921822466_ip_blocked.json'),
    {
      method: 'POST',
      path: '/check-vat-number',
      bodyMatches: { countryCode: 'DK', vatNumber: '13612870' },
      status: 200,
      file: 'check-vat-number_DK_13612870_requester_trimmed.json',
    },
    {
      method: 'POST',
      path: '/check-vat-number',
      bodyMatches: { countryCode: 'DE', vatNumber: '129273398' },
      status: 200,
      file: 'check-vat-number_DE_129273398_ms_unavailable.json',
    },
  ],
};
