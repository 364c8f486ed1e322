import type { Logger } from '../logger.ts';
import { type LoggedEntries, servedEntryKey } from './loggedEntries.ts';
import type { ServedEntry } from './responseServed.ts';
import type { ServedJournal } from './servedJournal.ts';

/**
 * Appends the journal's entries that are not in the log yet, file by file, then removes each file. An entry
 * served twice alike is appended as many times as it is missing.
 */
export async function replayServedJournal(deps: {
  journal: ServedJournal;
  loggedEntries?: LoggedEntries | undefined;
  append: (entries: readonly ServedEntry[]) => Promise<void>;
  logger: Logger;
}): Promise<void> {
  const { journal, loggedEntries, logger } = deps;
  for (const file of await journal.backlog()) {
    const entries = await journal.read(file);
    const logged = loggedEntries ? await loggedEntries(entries) : new Map<string, number>();
    const missing = entries.filter((entry) => {
      const key = servedEntryKey(entry);
      const times = logged.get(key) ?? 0;
      if (times === 0) return true;
      logged.set(key, times - 1);
      return false;
    });
    await deps.append(missing);
    await journal.remove(file);
    logger.info(
      { appended: missing.length, alreadyLogged: entries.length - missing.length },
      'served log: served answers kept on local disk appended',
    );
  }
}
