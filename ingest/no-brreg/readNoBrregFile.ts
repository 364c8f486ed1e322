import { streamArray } from 'stream-json/streamers/stream-array.js';
import type { NoBrregRecord } from '../../schemas/events/noBrregEvents.ts';
import { isValidNoOrgnr } from '../../schemas/identifiers/noOrgnr.ts';
import type { HeaderSink } from '../core/filesPass.ts';
import { readDelimited } from '../core/readDelimited.ts';
import type { SnapshotRow } from '../core/snapshotPass.ts';
import { openUpstreamFile } from '../core/upstreamFile.ts';

/** What a pass reports of the rows it set aside, by role: an organisation number failing its check digit. */
export type InvalidOrgnrCounts = Record<string, number>;

/**
 * Rows of a brreg bulk file, CSV (`lastned/csv`, `,`-delimited, UTF-8) or JSON (`lastned`, an array of the
 * REST API's objects), gzipped or not: the format is told by the name (`.json`, `.json.gz` are JSON). A row
 * whose organisation number is not 9 digits ending with the modulus-11 check digit (brreg issues none) is
 * set aside and counted under `role` in `invalid`: it never enters the log, so no route serves it.
 */
export async function* readBrregFile(
  file: string,
  kind: string,
  onHeader?: HeaderSink,
  invalid?: { role: string; counts: InvalidOrgnrCounts },
): AsyncGenerator<SnapshotRow> {
  const input = await openUpstreamFile(file);
  const setAside = () => {
    if (invalid) invalid.counts[invalid.role] = (invalid.counts[invalid.role] ?? 0) + 1;
  };
  if (/\.json(\.gz)?$/.test(file)) {
    for await (const { value } of input.pipe(streamArray.withParserAsStream())) {
      const record = flattenNoBrreg(value as Record<string, unknown>);
      const id = String(record.organisasjonsnummer ?? '');
      if (!isValidNoOrgnr(id)) {
        setAside();
        continue;
      }
      yield { kind, id, record };
    }
    return;
  }
  for await (const record of readDelimited(input, { delimiter: ',', onHeader })) {
    if (!record.organisasjonsnummer) continue;
    if (!isValidNoOrgnr(record.organisasjonsnummer)) {
      setAside();
      continue;
    }
    yield { kind, id: record.organisasjonsnummer, record };
  }
}

/** `{forretningsadresse: {poststed}}` → `{'forretningsadresse.poststed'}`; `_links` (API navigation) dropped. */
export function flattenNoBrreg(
  value: Record<string, unknown>,
  prefix = '',
  out: NoBrregRecord = {},
): NoBrregRecord {
  for (const [k, v] of Object.entries(value)) {
    if (k === '_links') continue;
    const key = prefix ? `${prefix}.${k}` : k;
    if (v !== null && typeof v === 'object' && !Array.isArray(v)) {
      flattenNoBrreg(v as Record<string, unknown>, key, out);
    } else {
      out[key] = v === '' || v === undefined ? null : v;
    }
  }
  return out;
}
