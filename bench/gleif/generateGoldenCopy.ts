import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { GLEIF_DEMO_DELTAS, GLEIF_DEMO_FILES } from '../../ingest/gleif/gleifDemo.ts';

/** The `n`-th LEI of a generated copy: 18 characters (`BENCH` + base 36) and 2 digits, never a real LEI. */
export const benchLei = (n: number) => `BENCH${n.toString(36).toUpperCase().padStart(13, '0')}00`;

/** The record elements of the real golden-copy XML files shipped as demo data, verbatim. */
async function realRecords(
  files: readonly string[],
  element: string,
): Promise<{ head: string; records: string[] }> {
  const pattern = new RegExp(`<${element}[\\s>][\\s\\S]*?</${element}>`, 'g');
  const records: string[] = [];
  let head = '';
  for (const file of files) {
    const text = await readFile(file, 'utf8');
    head ||= text.slice(0, text.search(new RegExp(`<${element}[\\s>]`)));
    records.push(...(text.match(pattern) ?? []));
  }
  return { head, records };
}

async function writeCopy(
  file: string,
  parts: { head: string; records: string[]; tail: string },
  count: number,
  rewrite: (record: string, n: number) => string,
): Promise<void> {
  const out = createWriteStream(file);
  const write = async (text: string) => {
    if (!out.write(text)) await once(out, 'drain');
  };
  await write(parts.head.replace(/<(\w+:)?RecordCount>\d+/, (m) => m.replace(/\d+$/, String(count))));
  for (let n = 0; n < count; n++) await write(`${rewrite(parts.records[n % parts.records.length]!, n)}\n`);
  await write(parts.tail);
  out.end();
  await once(out, 'finish');
}

/**
 * A golden copy at scale, in the XML form GLEIF publishes, from the real records of the demo files repeated
 * with rewritten LEIs: `lei` LEI records (each its own LEI), `rr` relationships (child n, parent another
 * generated LEI), `repex` exceptions (two categories per LEI, direct and ultimate, as the real file has).
 */
export async function generateGoldenCopy(
  files: { lei2: string; rr: string; repex: string },
  counts: { lei: number; rr: number; repex: number },
): Promise<void> {
  const lei = await realRecords([GLEIF_DEMO_FILES.lei2, GLEIF_DEMO_DELTAS.lei2[0]!], 'lei:LEIRecord');
  await writeCopy(files.lei2, { ...lei, tail: '  </lei:LEIRecords>\n</lei:LEIData>\n' }, counts.lei, (r, n) =>
    r.replace(/<lei:LEI>[^<]*<\/lei:LEI>/, `<lei:LEI>${benchLei(n)}</lei:LEI>`),
  );
  const rr = await realRecords([GLEIF_DEMO_FILES.rr, GLEIF_DEMO_DELTAS.rr[0]!], 'rr:RelationshipRecord');
  await writeCopy(
    files.rr,
    { ...rr, tail: '  </rr:RelationshipRecords>\n</rr:RelationshipData>\n' },
    counts.rr,
    (r, n) => {
      let node = 0;
      return r.replace(/<rr:NodeID>[^<]*<\/rr:NodeID>/g, () =>
        node++ === 0
          ? `<rr:NodeID>${benchLei(n % counts.lei)}</rr:NodeID>`
          : `<rr:NodeID>${benchLei((n * 7 + 1) % counts.lei)}</rr:NodeID>`,
      );
    },
  );
  const repex = await realRecords([GLEIF_DEMO_FILES.repex, GLEIF_DEMO_DELTAS.repex[0]!], 'repex:Exception');
  await writeCopy(
    files.repex,
    { ...repex, tail: '  </repex:ReportingExceptions>\n</repex:ReportingExceptionData>\n' },
    counts.repex,
    (r, n) =>
      r
        .replace(
          /<repex:LEI>[^<]*<\/repex:LEI>/,
          `<repex:LEI>${benchLei(Math.floor(n / 2) % counts.lei)}</repex:LEI>`,
        )
        .replace(
          /<repex:ExceptionCategory>[^<]*</,
          `<repex:ExceptionCategory>${n % 2 === 0 ? 'DIRECT' : 'ULTIMATE'}_ACCOUNTING_CONSOLIDATION_PARENT<`,
        ),
  );
}
