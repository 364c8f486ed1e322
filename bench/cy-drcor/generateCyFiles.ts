import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { ORGANISATIONS_COLUMNS, REGISTERED_OFFICE_COLUMNS } from '../../ingest/cy-drcor/cyDrcorColumns.ts';
import { mulberry32 } from '../core/mulberry32.ts';

const TYPES = ['C', 'C', 'C', 'C', 'O', 'P', 'B', 'N'] as const;
const STATUSES = ['Εγγεγραμμένη', 'Διαγραμμένη', 'Υπο Εκκαθάριση', 'Δημοσιεύτηκε η Τρίμηνη'];
const WORDS = ['ΔΕΙΓΜΑ', 'SAMPLE', 'ΘΑΛΑΣΣΑ', 'MARINE', 'ΚΥΠΡΟΣ', 'TRADING', 'HOLDINGS', 'ΑΚΙΝΗΤΑ'];

async function writeLines(file: string, lines: Iterable<string>): Promise<void> {
  const out = createWriteStream(file);
  out.write('\ufeff');
  for (const line of lines) if (!out.write(`${line}\r\n`)) await once(out, 'drain');
  out.end();
  await once(out, 'finish');
}

/**
 * An organisations file of `rows` rows and its registered-office file, in the layout of the constructed demo
 * files (BOM, CRLF, Greek text, quoted names with commas, about 0.1% of records split after the name).
 */
export async function generateCyFiles(files: { organisations: string; offices: string }, rows: number) {
  const random = mulberry32(357);
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
  await writeLines(
    files.organisations,
    (function* () {
      yield ORGANISATIONS_COLUMNS.known!.join(',');
      for (let i = 0; i < rows; i++) {
        const name = `"${pick(WORDS)} ${pick(WORDS)}, ${i.toString(36).toUpperCase()} ΛΙΜΙΤΕΔ"`;
        const rest = `${100_000 + i},${pick(TYPES)},,Ιδιωτική,,,14/03/2012,${pick(STATUSES)},14/03/2012,${i}`;
        if (random() < 0.001) {
          yield `${name},,,,,,,,,,`;
          yield `${rest},`;
        } else yield `${name},${rest}`;
      }
    })(),
  );
  await writeLines(
    files.offices,
    (function* () {
      yield REGISTERED_OFFICE_COLUMNS.known!.join(',');
      for (let i = 0; i < rows; i++) yield `${i},Οδός Δείγματος ${i % 200},,"Λεμεσός, 3030, Λεμεσός, Κύπρος"`;
    })(),
  );
}
