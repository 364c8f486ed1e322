import { createHash } from 'node:crypto';
import { type DelimitedRecord, readDelimited } from '../core/readDelimited.ts';
import type { SnapshotRow } from '../core/snapshotPass.ts';
import { openUpstreamFile } from '../core/upstreamFile.ts';
import { BENEFICIAL_OWNER, MEMBER, OFFICER, REGISTER_ROW } from './urEvents.ts';

const IDENTIFYING = ['latvian_identity_number_masked', 'birth_date'];
const NAMES = ['name', 'forename', 'surname'];

function withoutPerson(row: DelimitedRecord, opts: { dropName: boolean }): DelimitedRecord {
  const out: DelimitedRecord = {};
  for (const [k, v] of Object.entries(row)) {
    if (IDENTIFYING.includes(k)) continue;
    if (opts.dropName && NAMES.includes(k)) continue;
    out[k] = v;
  }
  return out;
}

const isNaturalPerson = (row: DelimitedRecord) => row.entity_type === 'NATURAL_PERSON';

async function* rowsOf(file: string): AsyncGenerator<DelimitedRecord> {
  yield* readDelimited(await openUpstreamFile(file), { delimiter: ';' });
}

/** `register/register.csv`: one legal entity a row. */
export async function* readRegister(file: string): AsyncGenerator<SnapshotRow> {
  for await (const record of rowsOf(file)) {
    if (record.regcode) yield { kind: REGISTER_ROW, id: record.regcode, record };
  }
}

/** `members/members.csv`: members (shareholders) of companies. */
export async function* readMembers(file: string): AsyncGenerator<SnapshotRow> {
  for await (const row of rowsOf(file)) {
    if (!row.id) continue;
    const record = isNaturalPerson(row) ? withoutPerson(row, { dropName: true }) : row;
    yield { kind: MEMBER, id: row.id, record };
  }
}

/** `officers/officers.csv`: board, council and other officers. */
export async function* readOfficers(file: string): AsyncGenerator<SnapshotRow> {
  for await (const row of rowsOf(file)) {
    if (!row.id) continue;
    const record = isNaturalPerson(row) ? withoutPerson(row, { dropName: false }) : row;
    yield { kind: OFFICER, id: row.id, record };
  }
}

/** `beneficial_owners/beneficial_owners.csv`: every beneficial owner is a natural person. */
export async function* readBeneficialOwners(file: string): AsyncGenerator<SnapshotRow> {
  for await (const row of rowsOf(file)) {
    if (!row.legal_entity_registration_number) continue;
    const id = row.id ?? createHash('sha256').update(JSON.stringify(row)).digest('hex');
    yield { kind: BENEFICIAL_OWNER, id, record: withoutPerson(row, { dropName: true }) };
  }
}
