import { type LiveRecordings, recordedAnswer } from '../../ingest/core/liveRecordings.ts';
import type { ReplayAnswer, ReplayServer } from './replayServer.ts';

/**
 * A live register replayed from its recorded answers (ingest/<stem>/live/). `fail` makes it misbehave: the key
 * is a substring of the request's path and query (`'26435675'`), or `'*'` for every request.
 */
export function recordedReplay(
  recordings: LiveRecordings,
  fail: ReadonlyMap<string, ReplayAnswer>,
): ReplayServer['answer'] {
  return ({ method, url, body }) => {
    const asked = url.pathname + url.search;
    const failure = [...fail].find(([key]) => key !== '*' && asked.includes(key))?.[1] ?? fail.get('*');
    if (failure) return failure;
    const answer = recordedAnswer(recordings, { method, path: asked, body: jsonOrNull(body) });
    return answer
      ? { status: answer.status, body: answer.body, contentType: answer.contentType }
      : { status: 404 };
  };
}

/** A request body as JSON; a form (PISTE's OAuth token request) or nothing is null, as the demo's replay reads it. */
function jsonOrNull(body: string): unknown {
  try {
    return body ? JSON.parse(body) : null;
  } catch {
    return null;
  }
}
