import { expect } from 'chai';
import { createProgressReporter } from '../../../ingest/core/progressReporter.ts';
import { createLogger } from '../../../ops/logger.ts';
import { terminalStdout } from '../../../ops/terminalOutput.ts';

/** A terminal as cli-progress sees one, keeping what is written. */
function fakeTerminal() {
  let written = '';
  const stream = {
    isTTY: true,
    columns: 100,
    write(chunk: string) {
      written += chunk;
      return true;
    },
    cursorTo(x: number) {
      written += `\x1b[${x + 1}G`;
      return true;
    },
    clearLine() {
      written += '\x1b[2K';
      return true;
    },
    moveCursor() {
      return true;
    },
    clearScreenDown() {
      return true;
    },
    on() {
      return stream;
    },
    removeListener() {
      return stream;
    },
  };
  // Lines as a person sees them: escape sequences and carriage returns taken out.
  // biome-ignore lint/suspicious/noControlCharactersInRegex: terminal escape sequences
  const lines = () => written.replace(/\x1b\[[0-9;?]*[A-Za-z]/g, '').split(/[\r\n]+/);
  return { stream: stream as unknown as NodeJS.WriteStream, lines };
}

describe('Progress bar and log lines on a terminal', () => {
  it('a log line written while the bar is drawn gets a line of its own, and the bar goes on', () => {
    const terminal = fakeTerminal();
    const progress = createProgressReporter({
      label: 'TEST',
      logger: createLogger('silent'),
      totalRows: 100,
      stream: terminal.stream,
    });
    progress.update(40);
    terminalStdout.write('{"msg":"a log line"}\n');
    progress.update(80);
    progress.stop();
    const lines = terminal.lines();
    expect(lines).to.include('{"msg":"a log line"}');
    expect(lines.some((l) => l.startsWith('TEST [') && l.includes('80/100 rows'))).to.equal(true);
  });

  it('after the bar stops, log lines go to stdout again', () => {
    const terminal = fakeTerminal();
    const progress = createProgressReporter({
      label: 'T',
      logger: createLogger('silent'),
      stream: terminal.stream,
    });
    progress.stop();
    const before = terminal.lines().join('\n');
    const original = process.stdout.write.bind(process.stdout);
    let out = '';
    process.stdout.write = ((chunk: string) => {
      out += chunk;
      return true;
    }) as typeof process.stdout.write;
    try {
      terminalStdout.write('after\n');
    } finally {
      process.stdout.write = original;
    }
    expect(out).to.equal('after\n');
    expect(terminal.lines().join('\n')).to.equal(before);
  });
});
