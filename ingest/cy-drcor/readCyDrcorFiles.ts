import { ORGANISATION, REGISTERED_OFFICE } from '../../schemas/events/cyDrcorEvents.ts';
import type { HeaderSink } from '../core/filesPass.ts';
import { type DelimitedRecord, readDelimited } from '../core/readDelimited.ts';
import type { SnapshotRow } from '../core/snapshotPass.ts';
import { openUpstreamFile } from '../core/upstreamFile.ts';
import { cyRegistrationId } from './cyRegistrationNumber.ts';

const NAME = 'ORGANISATION_NAME';

/** Rows the organisations reader set aside, reported once the file is read. */
export interface CySetAside {
  /** Former names (`NAME_STATUS_CODE` set and not `ACR`) and later rows of a number already read. */
  formerOrRepeated: number;
  /** No usable type code or number (a business-name row whose type code is `Εμπορική Επωνυμία`, ...). */
  unidentified: number;
  /** Split records whose second half could not be placed. */
  unjoined: number;
}

async function* records(file: string, onHeader?: HeaderSink) {
  let header: string[] = [];
  const sink = (columns: string[]) => {
    header = columns;
    onHeader?.(columns);
  };
  for await (const record of readDelimited(await openUpstreamFile(file), {
    delimiter: ',',
    onHeader: sink,
  })) {
    yield { record, header };
  }
}

const filled = (r: DelimitedRecord) => Object.values(r).filter((v) => v !== null && v.trim() !== '');

/**
 * The second half of a record the source split after its name: its values are aligned to the end of the
 * record once the empty padding on the right is dropped (opensanctions' observation of the real file).
 */
function rejoin(header: string[], name: string, tail: DelimitedRecord): DelimitedRecord | null {
  const cells = header.map((c) => tail[c] ?? '');
  while (cells.length > 0 && cells[cells.length - 1] === '') cells.pop();
  const pad = header.length - cells.length - 1;
  if (pad < 0) return null;
  const values = [name, ...Array<string>(pad).fill(''), ...cells];
  return Object.fromEntries(header.map((c, i) => [c, values[i] === '' ? null : (values[i] ?? null)]));
}

/** Types kept whole: companies (C) and overseas companies (O), legal persons. */
const LEGAL_PERSON_TYPES = ['C', 'O'];
/** What is kept of a partnership or business name (often natural persons trading under their names). */
const UNNAMED_FIELDS = [
  'REGISTRATION_NO',
  'ORGANISATION_TYPE_CODE',
  'ORGANISATION_TYPE',
  'ORGANISATION_SUB_TYPE',
];

/**
 * `organisations_NN.csv`: `,`, RFC 4180, UTF-8 with BOM, one name of an organisation a row. The current name
 * is kept (`NAME_STATUS_CODE` `ACR` or empty), once per registration number; values trimmed. A partnership
 * or business name keeps its number and type only: its name and office never enter the log. The offices of
 * the legal persons kept are added to `officesOfLegalPersons`, for readRegisteredOffices.
 */
export async function* readOrganisations(
  file: string,
  onHeader?: HeaderSink,
  setAside: CySetAside = { formerOrRepeated: 0, unidentified: 0, unjoined: 0 },
  officesOfLegalPersons: Set<string> = new Set(),
): AsyncGenerator<SnapshotRow> {
  const seen = new Set<string>();
  let pending: string | null = null;
  for await (const { record: raw, header } of records(file, onHeader)) {
    const values = filled(raw);
    if (values.length === 0) continue;
    let record: DelimitedRecord | null = raw;
    if (values.length === 1 && raw[NAME]?.trim()) {
      if (pending !== null) setAside.unjoined++;
      pending = raw[NAME]!.trim();
      continue;
    }
    if (pending !== null) {
      record = rejoin(header, pending, raw);
      pending = null;
      if (!record) {
        setAside.unjoined++;
        continue;
      }
    }
    const row = trimmed(record);
    const id = cyRegistrationId(row.ORGANISATION_TYPE_CODE ?? null, row.REGISTRATION_NO ?? null);
    if (!id) {
      setAside.unidentified++;
      continue;
    }
    const nameStatus = row.NAME_STATUS_CODE;
    if ((nameStatus && nameStatus !== 'ACR') || seen.has(id)) {
      setAside.formerOrRepeated++;
      continue;
    }
    seen.add(id);
    if (!LEGAL_PERSON_TYPES.includes(row.ORGANISATION_TYPE_CODE!)) {
      yield {
        kind: ORGANISATION,
        id,
        record: Object.fromEntries(UNNAMED_FIELDS.map((k) => [k, row[k] ?? null])),
      };
      continue;
    }
    if (row.ADDRESS_SEQ_NO) officesOfLegalPersons.add(row.ADDRESS_SEQ_NO);
    yield { kind: ORGANISATION, id, record: row };
  }
  if (pending !== null) setAside.unjoined++;
}

function trimmed(record: DelimitedRecord): DelimitedRecord {
  const out: DelimitedRecord = {};
  for (const [k, v] of Object.entries(record)) {
    const t = v?.trim() ?? '';
    out[k] = t === '' ? null : t;
  }
  return out;
}

/**
 * `registered_office_NN.csv`: one address a row, keyed by `ADDRESS_SEQ_NO`. Given `kept` (the offices of
 * the companies read before), any other address (a sole trader's) is left out of the log.
 */
export async function* readRegisteredOffices(
  file: string,
  onHeader?: HeaderSink,
  kept?: ReadonlySet<string>,
): AsyncGenerator<SnapshotRow> {
  for await (const { record } of records(file, onHeader)) {
    const row = trimmed(record);
    if (!row.ADDRESS_SEQ_NO || (kept && !kept.has(row.ADDRESS_SEQ_NO))) continue;
    yield { kind: REGISTERED_OFFICE, id: row.ADDRESS_SEQ_NO, record: row };
  }
}
