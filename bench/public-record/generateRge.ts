import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { siretOf } from './sirenPool.ts';
import { TextFileWriter } from './writeLines.ts';

const FIXTURES = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../test/fixtures/fr-rge');

/** Lines of the data-fair `lines` answers a download is made of. */
const PAGE_LINES = 10_000;

interface RgeAnswer {
  total: number;
  next?: string;
  results: Record<string, unknown>[];
}

/**
 * The real current lines of the fixtures (SOURCE.txt there): the three of SIRET 52816377700030 and the
 * current one of 81176617900014 (four qualification codes); and the `next` link of a real answer.
 */
async function rgeTemplates(): Promise<{ lines: Record<string, unknown>[]; next: string }> {
  const read = async (name: string) =>
    JSON.parse(await fs.readFile(path.join(FIXTURES, name), 'utf8')) as RgeAnswer;
  const annuaire = await read('rge_annuaire_528163777.json');
  const historique = await read('historique_81176617900014_page1_excerpt.json');
  const lines = [...annuaire.results, ...historique.results].filter((l) => l.traitement_termine !== true);
  return { lines, next: historique.next! };
}

export interface GeneratedRge {
  file: string;
  records: string;
  lines: number;
  bytes: number;
}

/**
 * The RGE list as a download of its data-fair `lines` answers, pages of 10,000 written one after the other
 * (`{"total","next","results":[…]}`, one line a line): the four real lines in turn for each company of
 * `sirens` (its head office's SIRET), every member as published but the SIRET.
 */
export async function generateRge(opts: {
  dir: string;
  lines: number;
  sirenAt: (rank: number) => string;
}): Promise<GeneratedRge> {
  const { lines: templates, next } = await rgeTemplates();
  const file = new TextFileWriter(path.join(opts.dir, 'liste-des-entreprises-rge-2.json'));
  const records = new TextFileWriter(path.join(opts.dir, 'rge-records.ndjson'));
  for (let start = 0; start < opts.lines; start += PAGE_LINES) {
    const end = Math.min(opts.lines, start + PAGE_LINES);
    const last = end === opts.lines;
    await file.write(`{"total":${opts.lines},${last ? '' : `"next":${JSON.stringify(next)},`}"results":[\n`);
    for (let n = start; n < end; n++) {
      const siret = siretOf(opts.sirenAt(Math.floor(n / templates.length)), 1);
      const line = JSON.stringify({ ...templates[n % templates.length]!, siret });
      await file.write(n === start ? line : `,\n${line}`);
      await records.write(`${line}\n`);
    }
    await file.write('\n]}\n');
  }
  await file.close();
  await records.close();
  return { file: file.file, records: records.file, lines: opts.lines, bytes: file.bytes };
}
