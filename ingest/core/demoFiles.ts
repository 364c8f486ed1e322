import fs from 'node:fs/promises';
import path from 'node:path';
import { demoDirOf } from '../../ops/sourceRoot.ts';

/** The demo files a register folder ships (`ingest/<folder>/demo/`), sorted, SOURCE.txt left out. */
export async function demoFiles(folder: string, extensions: readonly string[]): Promise<string[]> {
  const dir = demoDirOf(folder);
  const names = (await fs.readdir(dir)).filter((n) => extensions.some((e) => n.endsWith(e))).sort();
  return names.map((n) => path.join(dir, n));
}

/** Demo passes are dated the day they are seeded and labelled as demo data. */
export function demoDate(now: Date = new Date()): { date: string; version: string } {
  const date = now.toISOString().slice(0, 10);
  return { date, version: `demo-${date}` };
}
