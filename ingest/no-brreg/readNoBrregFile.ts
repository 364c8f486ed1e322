import { streamArray } from 'stream-json/streamers/stream-array.js';
import type { NoBrregRecord } from '../../schemas/events/noBrregEvents.ts';
import type { HeaderSink } from '../core/filesPass.ts';
import { readDelimited } from '../core/readDelimited.ts';
import type { SnapshotRow } from '../core/snapshotPass.ts';
import { openUpstreamFile } from '../core/upstreamFile.ts';

/**
 * Rows of a brreg bulk file, CSV (`lastned/csv`, `,`-delimited, UTF-8) or JSON (`lastned`, an array of the
 * REST API's objects), gzipped or not: the format is told by the name (`.json`, `.json.gz` are JSON).
 */
export async function* readBrregFile(
  file: string,
  kind: string,
  onHeader?: HeaderSink,
): AsyncGenerator<SnapshotRow> {
  const input = await openUpstreamFile(file);
  if (/\.json(\.gz)?$/.test(file)) {
    for await (const { value } of input.pipe(streamArray.withParserAsStream())) {
      const record = flattenNoBrreg(value as Record<string, unknown>);
      yield { kind, id: String(record.organisasjonsnummer), record };
    }
    return;
  }
  for await (const record of readDelimited(input, { delimiter: ',', onHeader })) {
    if (!record.organisasjonsnummer) continue;
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
