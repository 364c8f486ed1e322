import { createHash } from 'node:crypto';
import {
  type BALANCE_SHEET,
  BENEFICIAL_OWNER,
  type CASH_FLOW_STATEMENT,
  FINANCIAL_STATEMENT,
  type INCOME_STATEMENT,
  INSOLVENCY_PROCEEDING,
  type LIQUIDATION,
  MEMBER,
  OFFICER,
  REGISTER_ROW,
  REORGANIZATION,
  type SECURING_MEASURE,
  type SUSPENSION,
} from '../../schemas/events/lvUrEvents.ts';
import type { HeaderSink } from '../core/filesPass.ts';
import { type DelimitedRecord, readDelimited } from '../core/readDelimited.ts';
import type { SnapshotRow } from '../core/snapshotPass.ts';
import { openUpstreamFile } from '../core/upstreamFile.ts';

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

async function* rowsOf(file: string, onHeader?: HeaderSink): AsyncGenerator<DelimitedRecord> {
  yield* readDelimited(await openUpstreamFile(file), { delimiter: ';', onHeader });
}

/** `register/register.csv`: one legal entity a row. */
export async function* readRegister(file: string, onHeader?: HeaderSink): AsyncGenerator<SnapshotRow> {
  for await (const record of rowsOf(file, onHeader)) {
    if (record.regcode) yield { kind: REGISTER_ROW, id: record.regcode, record };
  }
}

/** `members/members.csv`: members (shareholders) of companies. */
export async function* readMembers(file: string, onHeader?: HeaderSink): AsyncGenerator<SnapshotRow> {
  for await (const row of rowsOf(file, onHeader)) {
    if (!row.id) continue;
    const record = isNaturalPerson(row) ? withoutPerson(row, { dropName: true }) : row;
    yield { kind: MEMBER, id: row.id, record };
  }
}

/** `officers/officers.csv`: board, council and other officers. */
export async function* readOfficers(file: string, onHeader?: HeaderSink): AsyncGenerator<SnapshotRow> {
  for await (const row of rowsOf(file, onHeader)) {
    if (!row.id) continue;
    const record = isNaturalPerson(row) ? withoutPerson(row, { dropName: false }) : row;
    yield { kind: OFFICER, id: row.id, record };
  }
}

const rowKey = (row: DelimitedRecord) =>
  row.id ?? createHash('sha256').update(JSON.stringify(row)).digest('hex');

/** A legal-events file (liquidations, suspensions and prohibitions, securing measures): one event a row. */
export function readCompanyEvents(kind: typeof LIQUIDATION | typeof SUSPENSION | typeof SECURING_MEASURE) {
  return async function* readEvents(file: string, onHeader?: HeaderSink): AsyncGenerator<SnapshotRow> {
    for await (const row of rowsOf(file, onHeader)) {
      if (row.legal_entity_registration_number) yield { kind, id: rowKey(row), record: row };
    }
  };
}

/** The columns of the insolvency file the service serves; the others (practitioners...) are not kept. */
const INSOLVENCY_COLUMNS = [
  'id',
  'proceeding_id',
  'debtor_registration_number',
  'proceeding_form',
  'proceeding_type',
  'proceeding_started_on',
  'proceeding_ended_on',
  'proceeding_resolution_name',
  'court_name',
  'court_case_initial_number',
];

/** `insolvency/insolvency_legal_person_proceeding.csv`: insolvency and legal-protection proceedings. */
export async function* readInsolvency(file: string, onHeader?: HeaderSink): AsyncGenerator<SnapshotRow> {
  for await (const row of rowsOf(file, onHeader)) {
    if (!row.debtor_registration_number) continue;
    const record: DelimitedRecord = {};
    for (const c of INSOLVENCY_COLUMNS) if (c in row) record[c] = row[c] ?? null;
    const id = row.id ?? row.proceeding_id ?? rowKey(record);
    yield { kind: INSOLVENCY_PROCEEDING, id, record };
  }
}

/** `financial_data/financial_statements.csv`: one filed annual report a row. */
export async function* readFinancialStatements(
  file: string,
  onHeader?: HeaderSink,
): AsyncGenerator<SnapshotRow> {
  for await (const row of rowsOf(file, onHeader)) {
    if (row.legal_entity_registration_number)
      yield { kind: FINANCIAL_STATEMENT, id: rowKey(row), record: row };
  }
}

/** `reorganizations/reorganizations.csv`: one reorganisation (source company → final company) a row. */
export async function* readReorganizations(file: string, onHeader?: HeaderSink): AsyncGenerator<SnapshotRow> {
  for await (const row of rowsOf(file, onHeader)) {
    if (row.source_entity_regcode || row.final_entity_regcode) {
      yield { kind: REORGANIZATION, id: rowKey(row), record: row };
    }
  }
}

/** A statement file of `financial_data/` (balance sheets, income or cash-flow statements): one report a row. */
export function readStatementLines(
  kind: typeof BALANCE_SHEET | typeof INCOME_STATEMENT | typeof CASH_FLOW_STATEMENT,
) {
  return async function* readLines(file: string, onHeader?: HeaderSink): AsyncGenerator<SnapshotRow> {
    for await (const row of rowsOf(file, onHeader)) {
      if (row.statement_id) yield { kind, id: row.statement_id, record: row };
    }
  };
}

/** `beneficial_owners/beneficial_owners.csv`: every beneficial owner is a natural person. */
export async function* readBeneficialOwners(
  file: string,
  onHeader?: HeaderSink,
): AsyncGenerator<SnapshotRow> {
  for await (const row of rowsOf(file, onHeader)) {
    if (!row.legal_entity_registration_number) continue;
    yield { kind: BENEFICIAL_OWNER, id: rowKey(row), record: withoutPerson(row, { dropName: true }) };
  }
}
