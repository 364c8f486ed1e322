import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { LONG_ACCOUNTS_COLUMNS, REGISTERED_COLUMNS } from '../../ingest/lt-jar/ltJarColumns.ts';
import { isValidLtCompanyCode } from '../../schemas/identifiers/ltCompanyCode.ts';
import { mulberry32 } from '../core/mulberry32.ts';

async function writeLines(
  file: string,
  header: string,
  lines: (write: (l: string) => Promise<void>) => Promise<void>,
) {
  const out = createWriteStream(file);
  const write = async (line: string) => {
    if (!out.write(`${line}\n`)) await once(out, 'drain');
  };
  await write(header);
  await lines(write);
  out.end();
  await once(out, 'finish');
}

/** The `count` first valid 9-digit codes from 300000000 (the check digit makes about 10 in 11 valid). */
export function validCodes(count: number): string[] {
  const codes: string[] = [];
  for (let n = 300_000_000; codes.length < count; n++) {
    if (isValidLtCompanyCode(String(n))) codes.push(String(n));
  }
  return codes;
}

const STATUSES = [
  ['0', 'Teisinis stat neįregistruotas'],
  ['5', 'Bankrutuojantis'],
  ['10', 'Išregistruotas'],
] as const;
const LINES = [
  ['IST024', 'PELNO (NUOSTOLIŲ) ATASKAITA', 'ISLT00001', 'PARDAVIMO PAJAMOS'],
  ['IST024', 'PELNO (NUOSTOLIŲ) ATASKAITA', 'ISLT00017', 'PELNAS (NUOSTOLIAI) PRIEŠ APMOKESTINIMĄ'],
  ['IST024', 'PELNO (NUOSTOLIŲ) ATASKAITA', 'ISLT00019', 'GRYNASIS PELNAS (NUOSTOLIAI)'],
  ['BST210', 'BALANSAS', 'BSLT00001', 'ILGALAIKIS TURTAS'],
  ['BST210', 'BALANSAS', 'BSLT00021', 'TRUMPALAIKIS TURTAS'],
] as const;

/**
 * `JAR_IREGISTRUOTI.csv` with `companies` rows, and a long accounts file of `lines` lines (five a company,
 * cycling over the companies), in the published layouts (quoted names with doubled quotes, a BOM).
 */
export async function generateLtJarFiles(
  files: { registered: string; accounts: string },
  companies: number,
  lines: number,
  seed = 21,
): Promise<void> {
  const random = mulberry32(seed);
  const codes = validCodes(companies);
  const name = (i: number) => `"UAB ""Pavyzdys ${i.toString(36).toUpperCase()}"""`;
  await writeLines(files.registered, `\uFEFF${REGISTERED_COLUMNS.known!.join('|')}`, async (write) => {
    for (const [i, code] of codes.entries()) {
      const [stat, label] = STATUSES[random() < 0.9 ? 0 : random() < 0.5 ? 1 : 2]!;
      await write(
        `${code}|${name(i)}|Vilnius, Pavyzdžio g. ${i % 200}, LT-0${String(1000 + (i % 8999)).padStart(4, '0')}|2010-03-04|310|Uždaroji akcinė bendrovė|${stat}|${label}|2015-03-04|2026-05-27`,
      );
    }
  });
  await writeLines(files.accounts, LONG_ACCOUNTS_COLUMNS.known!.join('|'), async (write) => {
    for (let i = 0; i < lines; i++) {
      const company = Math.floor(i / LINES.length) % codes.length;
      const [standard, standardName, line, lineName] = LINES[i % LINES.length]!;
      await write(
        `${codes[company]}|${name(company)}|310|Uždaroji akcinė bendrovė|0|Teisinis stat neįregistruotas|FS0129|"Mažų ir labai mažų įmonių, netaikančių išimčių, finansinių ataskaitų rinkinys"|${standard}|${standardName}|${line}|${lineName}|${Math.floor(random() * 1_000_000)}|2024-01-01|2024-12-31|2025-04-28|2026-08-14`,
      );
    }
  });
}
