import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Logger } from '../logger.ts';
import { type ServedEntry, servedEntryFields } from './responseServed.ts';

/** The folder, under the data directory, of served entries kept on disk while the log could not be written. */
export const SERVED_JOURNAL_DIR = 'served-pending';

/**
 * Served entries the database could not take, kept on local disk until they are appended to the served log.
 * One append-only JSON-lines file per serving process (`<pid>-<instance>.jsonl`), fsync'd before `keep`
 * resolves. A file whose process is gone is claimed (renamed) by the next process that starts on the same
 * data directory, and replayed by it.
 */
export interface ServedJournal {
  /** Appends the entries to this process's file and fsyncs it; rejects (the file cut back) when it could not. */
  keep(entries: readonly ServedEntry[]): Promise<void>;
  /** Takes over the files of processes that are gone; resolves with how many it took. */
  claimOrphans(): Promise<number>;
  /** This process's files, oldest first (claimed ones, then its own). */
  backlog(): Promise<string[]>;
  /** The entries of one file; a line cut short (a write that failed half-way) is skipped. */
  read(file: string): Promise<ServedEntry[]>;
  /** The file's entries are in the served log. */
  remove(file: string): Promise<void>;
  /** Whether this process has kept entries that are not in the log yet, as far as it knows. */
  readonly holding: boolean;
}

const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
};

const FILE_NAME = /^(\d+)-([0-9a-f]+)(?:-claimed-[0-9a-f]+)?\.jsonl$/;

export function createServedJournal(opts: { dataDir: string; logger: Logger }): ServedJournal {
  const dir = path.join(opts.dataDir, SERVED_JOURNAL_DIR);
  const owner = `${process.pid}-${randomBytes(6).toString('hex')}`;
  const ownFile = path.join(dir, `${owner}.jsonl`);
  let holding = false;

  const ownedBy = (name: string) => name.startsWith(`${owner}.`) || name.startsWith(`${owner}-`);

  async function list(): Promise<string[]> {
    try {
      return (await fs.readdir(dir)).filter((n) => FILE_NAME.test(n));
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw err;
    }
  }

  return {
    async keep(entries) {
      if (entries.length === 0) return;
      const text = entries.map((e) => `${JSON.stringify(servedEntryFields(e))}\n`).join('');
      await fs.mkdir(dir, { recursive: true });
      const handle = await fs.open(ownFile, 'a');
      let before = 0;
      try {
        before = (await handle.stat()).size;
        await handle.appendFile(text, 'utf8');
        await handle.sync();
      } catch (err) {
        // Nothing half-kept: what was written of these entries is cut, they stay with the caller.
        await handle.truncate(before).catch(() => {});
        throw err;
      } finally {
        await handle.close().catch(() => {});
      }
      holding = true;
    },
    async claimOrphans() {
      let claimed = 0;
      for (const name of await list()) {
        const pid = Number(FILE_NAME.exec(name)![1]);
        if (pid === process.pid || isAlive(pid)) continue;
        const target = path.join(dir, `${owner}-claimed-${randomBytes(6).toString('hex')}.jsonl`);
        try {
          // Atomic: of two processes starting together, one takes the file, the other finds it gone.
          await fs.rename(path.join(dir, name), target);
          claimed++;
          holding = true;
        } catch (err) {
          if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
        }
      }
      if (claimed > 0)
        opts.logger.info(
          { files: claimed },
          'served log: answers kept on disk by a stopped process, to replay',
        );
      return claimed;
    },
    async backlog() {
      const mine = (await list()).filter(ownedBy);
      // Claimed files hold older answers than this process's own.
      const files = [
        ...mine.filter((n) => n.includes('-claimed-')).sort(),
        ...mine.filter((n) => !n.includes('-claimed-')),
      ].map((n) => path.join(dir, n));
      if (files.length === 0) holding = false;
      return files;
    },
    async read(file) {
      const text = await fs.readFile(file, 'utf8');
      const entries: ServedEntry[] = [];
      for (const line of text.split('\n')) {
        if (!line) continue;
        try {
          entries.push(servedEntryFields(JSON.parse(line) as ServedEntry));
        } catch {
          opts.logger.warn({ file }, 'served log: a line of the kept answers is cut short; skipped');
        }
      }
      return entries;
    },
    async remove(file) {
      await fs.rm(file, { force: true });
    },
    get holding() {
      return holding;
    },
  };
}
