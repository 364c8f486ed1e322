import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { ETABLISSEMENTS_SAMPLE, UNITES_LEGALES_SAMPLE } from './sireneSample.ts';

/**
 * Sirene files for ingester tests, derived from the real samples by header name: rows kept byte for byte,
 * or edited cell by cell where a test needs a case the samples lack (partial diffusion, missing legal
 * category). The samples hold no quoted field (checked by `splitPlainLine`).
 */
export interface SireneCsv {
  header: string[];
  rows: Record<string, string>[];
}

export async function readPlainCsv(file: string): Promise<SireneCsv> {
  const lines = (await fs.readFile(file, 'utf8')).split('\n').filter((l) => l !== '');
  const header = splitPlainLine(lines[0]!);
  const rows = lines.slice(1).map((line) => {
    const cells = splitPlainLine(line);
    if (cells.length !== header.length)
      throw new Error(`${file}: ${cells.length} cells, not ${header.length}`);
    return Object.fromEntries(header.map((h, i) => [h, cells[i]!]));
  });
  return { header, rows };
}

function splitPlainLine(line: string): string[] {
  if (line.includes('"')) throw new Error('quoted field: use a CSV parser');
  return line.split(',');
}

export function csvText(csv: SireneCsv): string {
  const quote = (v: string) => (/[",\n\r]/.test(v) ? `"${v.replaceAll('"', '""')}"` : v);
  return `${[csv.header.join(','), ...csv.rows.map((r) => csv.header.map((h) => quote(r[h] ?? '')).join(','))].join('\n')}\n`;
}

const made: string[] = [];

/** A temporary directory, removed by `removeTempDirs` (call it in the suite's `after`). */
export async function tempDir(): Promise<string> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'sirene-test-'));
  made.push(dir);
  return dir;
}

export async function removeTempDirs(): Promise<void> {
  for (const dir of made.splice(0)) await fs.rm(dir, { recursive: true, force: true });
}

export async function writeCsv(dir: string, name: string, csv: SireneCsv): Promise<string> {
  const file = path.join(dir, name);
  await fs.writeFile(file, csvText(csv));
  return file;
}

export const samples = {
  unites: () => readPlainCsv(UNITES_LEGALES_SAMPLE),
  etablissements: () => readPlainCsv(ETABLISSEMENTS_SAMPLE),
};
