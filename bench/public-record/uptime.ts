import os from 'node:os';

/** The machine's load averages over 1, 5 and 15 minutes, as `uptime` prints them: what shared the CPU. */
export function loadNow(): string {
  return os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
}
