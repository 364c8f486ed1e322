import { Writable } from 'node:stream';

/**
 * One writer for the terminal while a progress bar is drawn. The logger writes its lines through
 * `terminalStdout`; a progress bar on the terminal routes them (`routeTerminalLines`) to its own `log`, which
 * clears the bar, prints the line above it and draws the bar again: log lines and the bar never share a line.
 */
let route: ((text: string) => void) | null = null;

export function routeTerminalLines(to: ((text: string) => void) | null): void {
  route = to;
}

function writeLine(text: string): void {
  if (route) route(text.endsWith('\n') ? text : `${text}\n`);
  else process.stdout.write(text);
}

/** The logger's destination on a terminal: stdout, or the active progress bar's log. Writes synchronously. */
export const terminalStdout = new Writable({
  decodeStrings: false,
  write(chunk: string | Buffer, _encoding, done) {
    writeLine(typeof chunk === 'string' ? chunk : chunk.toString('utf8'));
    done();
  },
});
