import path from 'node:path';
import { SOURCE_ROOT } from '../../ops/sourceRoot.ts';
import {
  EU_PEPPOL_REGISTER,
  type PeppolParticipantRecord,
  type PeppolReader,
} from '../../schemas/events/euPeppolEvents.ts';
import { LiveUnavailableError } from '../../schemas/live/liveUnavailable.ts';
import { type LiveQueryClient, observationOf } from '../core/liveQuery.ts';
import type { LiveRecordings } from '../core/liveRecordings.ts';
import { createLiveRegisterReader, type LiveReaderDeps } from '../core/liveRegisterClient.ts';
import { peppolParticipantRecord } from './peppolParticipant.ts';

/**
 * "You are only allowed to run 2 queries per second" (the directory's REST documentation): 60 a minute from
 * this process, one a second, with each answer kept 60 s in the process's cache.
 */
const PEPPOL_PER_MINUTE = 60;

/** The participant identifier scheme of every Peppol participant id (`iso6523-actorid-upis::0208:…`). */
const SCHEME = 'iso6523-actorid-upis';

const isRecord = (record: unknown): record is PeppolParticipantRecord =>
  !!record && typeof record === 'object' && (record as { kind?: unknown }).kind === 'eu-peppol-participant';

/** The Peppol Directory's search by participant: `GET /search/1.0/json?participant=<scheme>::<id>`. */
export function createPeppolLive(deps: LiveReaderDeps): PeppolReader {
  const client = createLiveRegisterReader<LiveQueryClient>(
    {
      register: EU_PEPPOL_REGISTER,
      perMinute: PEPPOL_PER_MINUTE,
      extract: (status, json, url) => peppolParticipantRecord(status, json, url),
      reader: (c) => c,
    },
    deps,
  );
  return {
    register: EU_PEPPOL_REGISTER,
    async participant(id) {
      const answer = await client.get('/search/1.0/json', { participant: `${SCHEME}::${id}` });
      if (!isRecord(answer.record)) {
        throw new LiveUnavailableError(
          EU_PEPPOL_REGISTER,
          'illisible',
          'Peppol Directory: unreadable record',
        );
      }
      return { record: answer.record, observation: observationOf(answer) };
    },
    circuit: () => client.circuit(),
  };
}

/** The recorded answers (live/SOURCE.txt): one real, trimmed answer; no Belgian participant was found. */
export const PEPPOL_RECORDINGS: LiveRecordings = {
  folder: path.join(SOURCE_ROOT, 'ingest', 'eu-peppol', 'live'),
  answers: [
    {
      method: 'GET',
      path: '/search/1.0/json?participant=iso6523-actorid-upis::0192:923609016',
      status: 200,
      file: 'participant_0192_923609016_trimmed.json',
    },
  ],
};
