import cliProgress from 'cli-progress';
import type { Logger } from '../../ops/logger.ts';
import { routeTerminalLines } from '../../ops/terminalOutput.ts';

export interface ProgressReporter {
  /** Rows read so far. */
  update(rows: number): void;
  stop(): void;
}

/**
 * Rows, rows/s and ETA: a bar on a terminal (stderr), otherwise a structured log line every `everyMs`. While
 * the bar is drawn, the logger's terminal lines are printed above it (ops/terminalOutput.ts), never into it.
 * `totalRows` may be an estimate (from the file size); without it the bar shows no ETA.
 */
export function createProgressReporter(opts: {
  label: string;
  logger: Logger;
  totalRows?: number;
  everyMs?: number;
  stream?: NodeJS.WriteStream;
}): ProgressReporter {
  const stream = opts.stream ?? process.stderr;
  const started = Date.now();
  const rate = (rows: number) => Math.round(rows / Math.max((Date.now() - started) / 1000, 0.001));
  if (stream.isTTY) {
    // A MultiBar of one bar: its log() prints a line above the bar and draws the bar again.
    const bars = new cliProgress.MultiBar(
      {
        stream,
        format: `${opts.label} [{bar}] {percentage}% | {value}/{total} rows | {speed} rows/s | ETA {eta_formatted}`,
        etaBuffer: 50,
        fps: 5,
      },
      cliProgress.Presets.shades_classic,
    );
    const bar = bars.create(opts.totalRows ?? 0, 0, { speed: 0 });
    routeTerminalLines((text) => bars.log(text));
    return {
      update(rows) {
        if (opts.totalRows === undefined || rows > bar.getTotal()) bar.setTotal(rows);
        bar.update(rows, { speed: rate(rows) });
      },
      stop() {
        routeTerminalLines(null);
        // Draws once more, which prints the log lines still waiting for the next frame.
        bars.update();
        bars.stop();
      },
    };
  }
  const everyMs = opts.everyMs ?? 10_000;
  let lastLog = started;
  let last = 0;
  return {
    update(rows) {
      last = rows;
      if (Date.now() - lastLog < everyMs) return;
      lastLog = Date.now();
      const perSecond = rate(rows);
      const etaSeconds =
        opts.totalRows && perSecond > 0 ? Math.max(0, Math.round((opts.totalRows - rows) / perSecond)) : null;
      opts.logger.info({ label: opts.label, rows, rowsPerSecond: perSecond, etaSeconds }, 'ingest progress');
    },
    stop() {
      opts.logger.info({ label: opts.label, rows: last, rowsPerSecond: rate(last) }, 'ingest read done');
    },
  };
}
