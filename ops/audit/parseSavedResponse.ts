/** A response as `curl -si <url>` prints it: status line, headers, blank line, body. */
export interface SavedResponse {
  httpVersion: string;
  status: number;
  /** Lowercase names; repeated fields keep every value, in order. */
  headers: Map<string, string[]>;
  /** The body bytes exactly as saved. */
  body: Buffer;
}

const STATUS_LINE = /^HTTP\/(\d(?:\.\d)?) (\d{3})(?: .*)?$/;

/**
 * Parses a saved response, accepting HTTP/1.1 and HTTP/2 status lines and CRLF or LF line ends. Interim
 * (1xx) responses and a proxy's `CONNECT` answer printed before the final response are skipped.
 */
export function parseSavedResponse(raw: Buffer): SavedResponse {
  let offset = 0;
  for (;;) {
    const head = readHead(raw, offset);
    const [statusLine, ...fieldLines] = head.lines;
    const match = STATUS_LINE.exec(statusLine ?? '');
    if (!match)
      throw new Error(`not a saved HTTP response: the first line is "${(statusLine ?? '').slice(0, 60)}"`);
    const status = Number(match[2]);
    const headers = parseFields(fieldLines);
    const isConnectAnswer = status === 200 && /connection established/i.test(statusLine ?? '');
    if ((status >= 100 && status < 200) || isConnectAnswer) {
      offset = head.bodyStart;
      continue;
    }
    return { httpVersion: match[1]!, status, headers, body: raw.subarray(head.bodyStart) };
  }
}

/** The combined value of a field (RFC 9421, 2.1: values joined with `, `), or null when absent. */
export function headerValue(response: SavedResponse, name: string): string | null {
  const values = response.headers.get(name.toLowerCase());
  return values ? values.join(', ') : null;
}

function readHead(raw: Buffer, from: number): { lines: string[]; bodyStart: number } {
  const crlf = raw.indexOf('\r\n\r\n', from, 'latin1');
  const lf = raw.indexOf('\n\n', from, 'latin1');
  let end: number;
  let separator: number;
  if (crlf !== -1 && (lf === -1 || crlf < lf)) {
    end = crlf;
    separator = 4;
  } else if (lf !== -1) {
    end = lf;
    separator = 2;
  } else {
    throw new Error('no blank line between the headers and the body');
  }
  const text = raw.subarray(from, end).toString('latin1');
  return { lines: text.split(/\r?\n/), bodyStart: end + separator };
}

function parseFields(lines: string[]): Map<string, string[]> {
  const headers = new Map<string, string[]>();
  let last: string[] | null = null;
  for (const line of lines) {
    if (/^[ \t]/.test(line) && last) {
      // Obsolete line folding: one space instead of the fold (RFC 9421, 2.1).
      last[last.length - 1] = `${last[last.length - 1]} ${line.trim()}`;
      continue;
    }
    const colon = line.indexOf(':');
    if (colon <= 0) throw new Error(`malformed header line: "${line.slice(0, 60)}"`);
    const name = line.slice(0, colon).trim().toLowerCase();
    const value = line.slice(colon + 1).trim();
    last = headers.get(name) ?? [];
    last.push(value);
    headers.set(name, last);
  }
  return headers;
}
