import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { isLuhnValid } from '../../schemas/params/luhn.ts';
import { arrayElements, fill, minifyJson, type TextTemplate, templateOf } from './jsonText.ts';
import { siretOf, type ZipfPool } from './sirenPool.ts';
import { TextFileWriter } from './writeLines.ts';

/** The real contracts repeated: the DECP demo file, the 2024 schema (its SOURCE.txt). */
export const DECP_TEMPLATE_FILE = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../ingest/fr-decp/demo/decp.json',
);

/** One real contract cut around its identifiers: its `id`, its buyer's SIRET, each holder's SIRET. */
interface DecpTemplate {
  id: string;
  text: TextTemplate;
  holders: number;
}

/** The contracts of the demo file (the consolidated file's 2024 layout), each as a template. */
export async function decpTemplates(): Promise<DecpTemplate[]> {
  const text = minifyJson(await fs.readFile(DECP_TEMPLATE_FILE, 'utf8'));
  const start = text.indexOf('"marche":[') + '"marche":'.length;
  return arrayElements(text, start).map((contract) => {
    const parsed = JSON.parse(contract) as { id: string; acheteur: { id: string } };
    const holders = new Map<string, number>();
    let idSeen = false;
    const template = templateOf(contract, /"id":"([^"]*)"/, (value) => {
      if (value === parsed.id && !idSeen) {
        idSeen = true;
        return 'id';
      }
      if (value === parsed.acheteur.id) return 'buyer';
      // A holder's SIRET as published; a malformed one (SIREN failing Luhn) is kept as it is.
      if (!/^\d{14}$/.test(value) || !isLuhnValid(value.slice(0, 9))) return null;
      if (!holders.has(value)) holders.set(value, holders.size);
      return `holder ${holders.get(value)}`;
    });
    return { id: parsed.id, text: template, holders: holders.size };
  });
}

export interface GeneratedDecp {
  file: string;
  /** The same contracts, one JSON per line: the COPY baseline's input. */
  records: string;
  contracts: number;
  bytes: number;
}

/**
 * `decp-global.json` in the 2024 layout (`{"marches":{"marche":[…]}}`, one contract a line): the demo's real
 * contracts in turn, each copy with its own `id` (the real one and its number), a buyer and holders drawn
 * from the pools (holders' SIRETs of their SIREN's establishments 1 to 7); every other member as published.
 */
export async function generateDecp(opts: {
  dir: string;
  contracts: number;
  holders: ZipfPool;
  buyers: ZipfPool;
}): Promise<GeneratedDecp> {
  const templates = await decpTemplates();
  const file = new TextFileWriter(path.join(opts.dir, 'decp-global.json'));
  const records = new TextFileWriter(path.join(opts.dir, 'decp-records.ndjson'));
  await file.write('{"marches":{"marche":[\n');
  for (let n = 0; n < opts.contracts; n++) {
    const t = templates[n % templates.length]!;
    const holders = Array.from({ length: t.holders }, (_, k) =>
      siretOf(opts.holders.draw(), 1 + ((n + k) % 7)),
    );
    const buyer = siretOf(opts.buyers.draw(), 1);
    const contract = fill(t.text, (slot) =>
      slot === 'id' ? `${t.id}-${n + 1}` : slot === 'buyer' ? buyer : holders[Number(slot.slice(7))]!,
    );
    await file.write(n === 0 ? contract : `,\n${contract}`);
    await records.write(`${contract}\n`);
  }
  await file.write('\n]}}\n');
  await file.close();
  await records.close();
  return { file: file.file, records: records.file, contracts: opts.contracts, bytes: file.bytes };
}
