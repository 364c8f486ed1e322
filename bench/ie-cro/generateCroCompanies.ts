import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { COMPANIES_COLUMNS } from '../../ingest/ie-cro/ieCroColumns.ts';
import { mulberry32 } from '../core/mulberry32.ts';

const STATUSES = [
  ['1151', 'Normal '],
  ['1156', 'Strike Off Listed'],
  ['1158', 'Dissolved'],
] as const;
const WORDS = ['SAMPLE', 'CASTLE', 'HARBOUR', 'GREEN', 'CELTIC', 'ATLANTIC', 'RIVER', 'HILL', 'BAY', 'OAK'];

/**
 * A companies file of `rows` rows in the CRO layout (21 columns, quoted address lines with commas, padded
 * status labels, the no-address placeholder and repeated numbers at about the real file's rates).
 */
export async function generateCroCompanies(file: string, rows: number, seed = 20): Promise<void> {
  const random = mulberry32(seed);
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
  const out = createWriteStream(file);
  const write = async (line: string) => {
    if (!out.write(`${line}\n`)) await once(out, 'drain');
  };
  await write(COMPANIES_COLUMNS.known!.join(','));
  for (let i = 0; i < rows; i++) {
    // About 0.2% of the numbers are repeated (1,704 in 815k).
    const num = random() < 0.002 && i > 0 ? 100_000 + i - 1 : 100_000 + i;
    const [code, status] = pick(STATUSES);
    const name = `${pick(WORDS)} ${pick(WORDS)} ${i.toString(36).toUpperCase()} LIMITED`;
    const address =
      random() < 0.03
        ? '********NO ADDRESS DETAILS*******,,,'
        : `"UNIT ${i % 90}, ${pick(WORDS)} PARK",${pick(WORDS)} ROAD,DUBLIN ${i % 24},"DUBLIN ${i % 24}, DUBLIN"`;
    await write(
      `${num},${name},${code},${status},1153,LTD - Private Company Limited by Shares,2015-03-04,2025-03-04,${address},,2026-03-04,,2019-03-04,4719.0,D02 XY00,2019-03-04,2019-03-04,`,
    );
  }
  out.end();
  await once(out, 'finish');
}
