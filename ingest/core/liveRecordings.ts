import fs from 'node:fs';
import path from 'node:path';

/** One recorded answer of a live register: which request it answers, and the file holding its body. */
export interface LiveRecording {
  method: 'GET' | 'POST';
  /**
   * Path and query under the register's base address, e.g. `/ekonomicke-subjekty/26435675` or
   * `/companies?name=nokia` (compared without regard to case: a search asked in capitals finds it too).
   */
  path: string;
  /**
   * The question's query string is not compared, only its path: a query the client adds that changes with the
   * day (the Polish white list's `?date=`, the day asked), so that a recording is replayed on any day.
   */
  anyQuery?: true;
  /**
   * For a POST: the JSON members the body must carry to get this answer (e.g. `{obchodniJmeno: "cinestar"}`);
   * an object is matched member by member at any depth (an Elasticsearch query's `query.match`).
   */
  bodyMatches?: Record<string, unknown>;
  status: number;
  /** File name in `folder`, or undefined for an answer without body. */
  file?: string;
  /** The body's media type as the register sends it; JSON unless stated (a filed PDF: `application/pdf`). */
  contentType?: string;
}

/** A live register's recorded answers: the folder (with its SOURCE.txt) and what each file answers. */
export interface LiveRecordings {
  /** Absolute path of the folder. */
  folder: string;
  answers: readonly LiveRecording[];
}

/** The recorded answer to a request, and its body; null when none was recorded for it. */
export function recordedAnswer(
  recordings: LiveRecordings,
  /** `path`: the path and query asked. */
  request: { method: string; path: string; body: unknown },
): { status: number; body: Buffer | undefined; contentType: string } | null {
  const asked = decodeURIComponent(request.path.replace(/\+/g, ' ')).toLowerCase();
  const hit = recordings.answers.find(
    (a) =>
      a.method === request.method &&
      a.path.toLowerCase() === (a.anyQuery ? asked.split('?')[0] : asked) &&
      (a.bodyMatches === undefined || bodyMatches(a.bodyMatches, request.body)),
  );
  if (!hit) return null;
  return {
    status: hit.status,
    body: hit.file === undefined ? undefined : fs.readFileSync(path.join(recordings.folder, hit.file)),
    contentType: hit.contentType ?? 'application/json;charset=utf-8',
  };
}

/** A string is contained (without regard to case), an object matched member by member, anything else equal. */
function bodyMatches(expected: unknown, given: unknown): boolean {
  if (typeof expected === 'string' && typeof given === 'string') {
    return given.toLowerCase().includes(expected.toLowerCase());
  }
  if (expected !== null && typeof expected === 'object' && !Array.isArray(expected)) {
    return (
      given !== null &&
      typeof given === 'object' &&
      Object.entries(expected).every(([k, v]) => bodyMatches(v, (given as Record<string, unknown>)[k]))
    );
  }
  return given === expected;
}
