import { createHash } from 'node:crypto';
import { open } from 'node:fs/promises';
import path from 'node:path';
import { ACCOUNT_LINE, LEGAL_ENTITY, type LtAccountLine } from '../../schemas/events/ltJarEvents.ts';
import { isValidLtCompanyCode } from '../../schemas/identifiers/ltCompanyCode.ts';
import { ltJarFormDecision } from '../../schemas/legalForms/ltJarLegalForms.ts';
import type { HeaderSink } from '../core/filesPass.ts';
import { type DelimitedRecord, readDelimited } from '../core/readDelimited.ts';
import type { SnapshotRow } from '../core/snapshotPass.ts';
import { openUpstreamFile } from '../core/upstreamFile.ts';
import { LEGACY_PROFIT_LOSS_INDICATORS } from './ltJarColumns.ts';

/** What a pass reports of the rows it set aside (a code without a valid check digit). */
export interface SetAside {
  invalidCodes: number;
}

/** Columns that name or locate a natural person's business: they never enter the log. */
const PERSONAL_COLUMNS = ['ja_pavadinimas', 'adresas'];

/**
 * `JAR_IREGISTRUOTI.csv`: one registered legal entity a row. A sole trader's or undecided form's row keeps no
 * name and no address. A code that is not 9 digits with a valid check digit is set aside (counted).
 */
export function readRegistered(setAside: SetAside) {
  return async function* read(file: string, onHeader?: HeaderSink): AsyncGenerator<SnapshotRow> {
    for await (const row of readDelimited(await openUpstreamFile(file), { delimiter: '|', onHeader })) {
      const code = row.ja_kodas?.trim() ?? '';
      if (!isValidLtCompanyCode(code)) {
        setAside.invalidCodes++;
        continue;
      }
      const decision = ltJarFormDecision(row.form_kodas ?? null, row.form_pavadinimas ?? null);
      const record: DelimitedRecord = { ...row, ja_kodas: code };
      if (decision !== 'personne_morale') for (const c of PERSONAL_COLUMNS) delete record[c];
      yield { kind: LEGAL_ENTITY, id: code, record };
    }
  };
}

/** Whether a file of accounts is in the long `|` layout (its header line holds a `|`), not the legacy comma one. */
export async function isLongAccountsFile(file: string): Promise<boolean> {
  const handle = await open(file, 'r');
  try {
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(4096), 0, 4096, 0);
    return (buffer.subarray(0, bytesRead).toString('utf8').split(/\r?\n/)[0] ?? '').includes('|');
  } finally {
    await handle.close();
  }
}

const lineId = (line: LtAccountLine) => createHash('sha256').update(JSON.stringify(line)).digest('hex');

/** A long file's row as a line of its filing. */
function longLine(row: DelimitedRecord, byla: string): LtAccountLine {
  return {
    ja_kodas: row.ja_kodas!.trim(),
    template_id: row.template_id ?? null,
    template_name: row.template_name ?? null,
    standard_id: row.standard_id ?? null,
    standard_name: row.standard_name ?? null,
    line_type_id: row.line_type_id!,
    line_name: row.line_name ?? null,
    reiksme: row.reiksme ?? null,
    beginning_date: row.beginning_date ?? null,
    turning_date: row.turning_date ?? null,
    reg_date: row.reg_date ?? null,
    byla,
  };
}

/** A legacy profit-and-loss row (one filing) as its three indicators, each a line named after its column. */
function legacyLines(row: DelimitedRecord, byla: string): LtAccountLine[] {
  return LEGACY_PROFIT_LOSS_INDICATORS.map((column) => ({
    ja_kodas: row.obj_kodas!.trim(),
    template_id: row.template_id ?? null,
    template_name: row.template_name ?? null,
    standard_id: row.standard_id ?? null,
    standard_name: row.standard_name ?? null,
    line_type_id: column,
    line_name: null,
    reiksme: row[column] ?? null,
    beginning_date: row.laikotarpis_nuo ?? null,
    turning_date: row.laikotarpis_iki ?? null,
    reg_date: row.reg_date ?? null,
    byla,
  }));
}

/**
 * A file of annual accounts, legacy (`,`, one filing a row) or long (`|`, one line a row), told apart by its
 * header line. A line of a code without a valid check digit, or without a line code, is set aside.
 */
export function readAccounts(setAside: SetAside) {
  return async function* read(file: string, onHeader?: HeaderSink): AsyncGenerator<SnapshotRow> {
    const byla = path.basename(file);
    const long = await isLongAccountsFile(file);
    const rows = readDelimited(await openUpstreamFile(file), { delimiter: long ? '|' : ',', onHeader });
    for await (const row of rows) {
      const code = (long ? row.ja_kodas : row.obj_kodas)?.trim() ?? '';
      if (!isValidLtCompanyCode(code)) {
        setAside.invalidCodes++;
        continue;
      }
      if (long && !row.line_type_id) continue;
      for (const line of long ? [longLine(row, byla)] : legacyLines(row, byla)) {
        if (!long && line.reiksme === null) continue;
        yield { kind: ACCOUNT_LINE, id: lineId(line), record: { ...line } };
      }
    }
  };
}
