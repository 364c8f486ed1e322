import { COMPANY } from '../../schemas/events/ieCroEvents.ts';
import type { HeaderSink } from '../core/filesPass.ts';
import { readDelimited } from '../core/readDelimited.ts';
import type { SnapshotRow } from '../core/snapshotPass.ts';
import { openUpstreamFile } from '../core/upstreamFile.ts';
import { croCompanyNumber } from './croCompanyNumber.ts';

/** Rows the reader set aside, reported once the file is read. */
export interface CroSetAside {
  /** A `company_num` seen again: the first row is kept (the file holds about 1,700 such rows). */
  duplicates: number;
  /** No usable `company_num`. */
  unnumbered: number;
}

/**
 * `companies.csv` of the CRO (plain, or the ZIP CKAN serves under a `.csv` name): `,`-delimited, RFC 4180
 * quoting, UTF-8, one company a row. Values are kept as published, trimmed of the padding some cells carry
 * (`Normal ` has a trailing space). Each company is kept once, under its number without leading zeros.
 */
export async function* readCroCompanies(
  file: string,
  onHeader?: HeaderSink,
  setAside: CroSetAside = { duplicates: 0, unnumbered: 0 },
): AsyncGenerator<SnapshotRow> {
  const seen = new Set<number>();
  for await (const row of readDelimited(await openUpstreamFile(file), { delimiter: ',', onHeader })) {
    const id = croCompanyNumber(row.company_num);
    if (!id) {
      setAside.unnumbered++;
      continue;
    }
    const key = Number(id);
    if (seen.has(key)) {
      setAside.duplicates++;
      continue;
    }
    seen.add(key);
    const record: Record<string, string | null> = {};
    for (const [k, v] of Object.entries(row)) {
      const t = v?.trim() ?? '';
      record[k] = t === '' ? null : t;
    }
    record.company_num = id;
    yield { kind: COMPANY, id, record };
  }
}
