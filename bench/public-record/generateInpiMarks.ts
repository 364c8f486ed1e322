import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ZipfPool } from './sirenPool.ts';
import { TextFileWriter } from './writeLines.ts';

const NOTICE = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../test/fixtures/fr-inpi-pi/inpi_notice_FR5189659.xml',
);
/** The real notice's application number and holder SIREN (test/fixtures/fr-inpi-pi/SOURCE.txt). */
const NUMBER = '5189659';
const SIREN = '612035832';
/** ST.66's transaction wrapper, as a real ST.66 bulk file has it (SOURCE.txt). */
const OPEN =
  '<?xml version="1.0" encoding="UTF-8"?>\n<Transaction><TradeMarkTransactionBody><TransactionContentDetails><TransactionData><TradeMarkDetails>\n';
const CLOSE =
  '</TradeMarkDetails></TransactionData></TransactionContentDetails></TradeMarkTransactionBody></Transaction>\n';

export interface GeneratedInpiMarks {
  file: string;
  /** Each mark's `TradeMark` element on one line, for the COPY baseline. */
  records: string;
  marks: number;
  bytes: number;
}

/**
 * A weekly ST.66 file of INPI (`FR_FRNEWST66_<YYYY-WW>.xml`): the real notice FR5189659 repeated, every
 * element and value as published but the application number (its own for each mark) and the holder's SIREN
 * (drawn from `holders`, in the applicant's and the current holder's identifiers alike).
 */
export async function generateInpiMarks(opts: {
  dir: string;
  marks: number;
  holders: ZipfPool;
}): Promise<GeneratedInpiMarks> {
  const notice = (await fs.readFile(NOTICE, 'utf8')).replace(/^<\?xml[^>]*>\s*/, '');
  const [head, tail] = notice.split(`<ApplicationNumber>${NUMBER}</ApplicationNumber>`) as [string, string];
  const tailParts = tail.split(SIREN);
  const file = new TextFileWriter(path.join(opts.dir, 'FR_FRNEWST66_2026-48.xml'));
  const records = new TextFileWriter(path.join(opts.dir, 'inpi-marks-records.txt'));
  await file.write(OPEN);
  for (let n = 0; n < opts.marks; n++) {
    const mark = `${head}<ApplicationNumber>${6_000_000 + n}</ApplicationNumber>${tailParts.join(opts.holders.draw())}`;
    await file.write(mark);
    await records.write(`${mark.replace(/\n/g, ' ')}\n`);
  }
  await file.write(CLOSE);
  await file.close();
  await records.close();
  return { file: file.file, records: records.file, marks: opts.marks, bytes: file.bytes };
}
