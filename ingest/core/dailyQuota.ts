import { LiveUnavailableError } from '../../schemas/live/liveUnavailable.ts';

/**
 * A register's published daily quota (files and bytes a UTC day), counted by this process: a download the
 * quota no longer allows is refused before the register is asked (`limite_amont`, with the seconds until the
 * quota resets as its Retry-After), so the account is never pushed over what the register allows. Downloads
 * served from the bytes cache are not counted: they do not reach the register.
 */
export interface DailyQuota {
  /** Counts one download about to be sent; throws `LiveUnavailableError` (`limite_amont`) when none is left. */
  admit(now: Date): void;
  /** Counts the bytes a download received. */
  spend(bytes: number, now: Date): void;
}

const DAY_MS = 86_400_000;

export function createDailyQuota(opts: { register: string; files: number; bytes: number }): DailyQuota {
  let day = -1;
  let files = 0;
  let bytes = 0;
  const roll = (now: Date) => {
    const today = Math.floor(now.getTime() / DAY_MS);
    if (today !== day) {
      day = today;
      files = 0;
      bytes = 0;
    }
  };
  return {
    admit(now) {
      roll(now);
      if (files >= opts.files || bytes >= opts.bytes) {
        const reset = Math.ceil(((day + 1) * DAY_MS - now.getTime()) / 1000);
        const spent = files >= opts.files ? `${opts.files} files` : `${opts.bytes} bytes`;
        throw new LiveUnavailableError(
          opts.register,
          'limite_amont',
          `${opts.register}: its daily quota (${spent}) is spent; it resets at 00:00 UTC`,
          Math.max(1, reset),
        );
      }
      files += 1;
    },
    spend(n, now) {
      roll(now);
      bytes += n;
    },
  };
}
