import { spawn } from 'node:child_process';
import { once } from 'node:events';
import type { Writable } from 'node:stream';

/**
 * Runs one `COPY … FROM STDIN` statement through `psql`, the reference client, `feed` writing its input; ends
 * the input when `feed` is done and throws with psql's own message when it fails.
 */
export async function copyThroughPsql(
  url: string,
  statement: string,
  feed: (stdin: Writable) => Promise<void>,
): Promise<void> {
  const psql = spawn('psql', [url, '-v', 'ON_ERROR_STOP=1', '-qc', statement], {
    stdio: ['pipe', 'ignore', 'pipe'],
  });
  let stderr = '';
  psql.stderr.on('data', (d) => {
    stderr += String(d);
  });
  // psql may exit early (bad URL, refused COPY): its exit code and message tell why, not a broken pipe.
  psql.stdin.on('error', () => {});
  const exited = once(psql, 'exit');
  await feed(psql.stdin).catch(() => {});
  psql.stdin.end();
  const [code] = (await exited) as [number | null];
  if (code !== 0) throw new Error(`psql COPY failed (${code}): ${stderr.trim()}`);
}
