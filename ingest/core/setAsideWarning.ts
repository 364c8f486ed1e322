import type { Logger } from '../../ops/logger.ts';

/** Rows a pass set aside (never in the log, never served): what the warning says of them, and why. */
export interface SetAsideWarning {
  /** Read once the pass is done: the log line's fields (`{ rows: 3 }`), or null when none was set aside. */
  fields(): Record<string, unknown> | null;
  because: string;
}

/** The counts as a warning's fields when any is above zero, else null (nothing to warn of). */
export const countsAboveZero = (counts: Record<string, number>): Record<string, number> | null =>
  Object.values(counts).some((n) => n > 0) ? counts : null;

/** Warns of the rows a completed pass set aside, one line per reason that set any aside. */
export function warnSetAside(
  logger: Logger,
  register: string,
  warnings: readonly SetAsideWarning[] = [],
): void {
  for (const warning of warnings) {
    const fields = warning.fields();
    if (fields) logger.warn({ register, ...fields }, warning.because);
  }
}
