import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { readZipEntries } from './readIcpeHeldOut.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * Every SIREN the project's own data names for a register: each 9-digit run and the first 9 digits of each
 * 14-digit run (digits grouped by spaces too) in the files of ingest/<register>/demo and test/fixtures/<register>
 * (ZIPs read raw: their names and CSVs stored), plus the Sirene demo's. A held-out SIREN is none of these.
 */
export async function fixtureSirens(register: string): Promise<Set<string>> {
  const sirens = new Set<string>();
  const dirs = [
    path.join(ROOT, 'ingest', register, 'demo'),
    path.join(ROOT, 'test', 'fixtures', register),
    path.join(ROOT, 'ingest', 'fr-sirene', 'demo'),
  ];
  for (const dir of dirs) {
    const names = await fs.readdir(dir).catch(() => [] as string[]);
    for (const name of names) {
      const file = path.join(dir, name);
      if (!(await fs.stat(file)).isFile()) continue;
      let text = (await fs.readFile(file)).toString('latin1');
      if (name.endsWith('.zip')) text += await unzipText(file);
      for (const m of text.matchAll(/(?<!\d)(\d{3}) ?(\d{3}) ?(\d{3})(?: ?(\d{5}))?(?!\d)/g))
        sirens.add(`${m[1]}${m[2]}${m[3]}`);
    }
  }
  return sirens;
}

async function unzipText(file: string): Promise<string> {
  return [...(await readZipEntries(file)).values()].map((b) => b.toString('latin1')).join('\n');
}
