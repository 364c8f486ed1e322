import { isRoNaturalPerson, roPractitionerRole } from '../../schemas/enums/roOnrc.ts';
import { FIRM, PRACTITIONER, STATUS, STATUS_LABEL } from '../../schemas/events/roOnrcEvents.ts';
import type { HeaderSink, LinedPassFile } from '../core/filesPass.ts';
import type { DelimitedRecord } from '../core/readDelimited.ts';
import type { LinedSnapshotRow } from '../core/snapshotRow.ts';
import { openUpstreamFile } from '../core/upstreamFile.ts';
import { type CaretRecord, readCaretFile } from './readCaretFile.ts';
import { isLegalPersonRepresentative } from './representativePerson.ts';

/** Where a reader reports the lines it set aside (wrong field count): the role and the line number. */
export type SetAsideSink = (role: string, line: number) => void;

function rowsOf(role: string, setAside: SetAsideSink) {
  return async function* rows(file: string, onHeader?: HeaderSink): AsyncGenerator<CaretRecord> {
    yield* readCaretFile(await openUpstreamFile(file), {
      onHeader,
      onSetAside: (line) => setAside(role, line),
    });
  };
}

/** N_STARE_FIRMA: the status nomenclature, id = the code. */
export function readStatusLabels(setAside: SetAsideSink): LinedPassFile['read'] {
  const rows = rowsOf('n_stare_firma', setAside);
  return async function* read(file, onHeader): AsyncGenerator<LinedSnapshotRow> {
    for await (const { record, line } of rows(file, onHeader)) {
      if (record.COD) yield { kind: STATUS_LABEL, id: record.COD, record, line };
    }
  };
}

/** What is kept of a natural person trading (PFA, II, IF, an `F` number): identifiers and form, no name nor address. */
const NATURAL_PERSON_KEPT = ['CUI', 'COD_INMATRICULARE', 'DATA_INMATRICULARE', 'EUID', 'FORMA_JURIDICA'];

/**
 * OD_FIRME: one registered trader a row, id = its registration number (the CUI may be missing). A natural
 * person's name (it is the trader's name) and address (often a home) never enter the log.
 */
export function readFirms(setAside: SetAsideSink): LinedPassFile['read'] {
  const rows = rowsOf('firme', setAside);
  return async function* read(file, onHeader): AsyncGenerator<LinedSnapshotRow> {
    for await (const { record: row, line } of rows(file, onHeader)) {
      if (!row.COD_INMATRICULARE) continue;
      let record = row;
      if (isRoNaturalPerson(row.FORMA_JURIDICA ?? null, row.COD_INMATRICULARE)) {
        record = {};
        for (const c of NATURAL_PERSON_KEPT) if (c in row) record[c] = row[c] ?? null;
      }
      yield { kind: FIRM, id: row.COD_INMATRICULARE, record, line };
    }
  };
}

/** OD_STARE_FIRMA: one status code of a company a row. */
export function readStatuses(setAside: SetAsideSink): LinedPassFile['read'] {
  const rows = rowsOf('stare_firma', setAside);
  return async function* read(file, onHeader): AsyncGenerator<LinedSnapshotRow> {
    for await (const { record, line } of rows(file, onHeader)) {
      if (record.COD_INMATRICULARE && record.COD) {
        yield { kind: STATUS, id: `${record.COD_INMATRICULARE}|${record.COD}`, record, line };
      }
    }
  };
}

/**
 * OD_REPREZENTANTI_LEGALI: only the insolvency and liquidation roles are read, and of each only the company,
 * the role and, for a legal person, its name. A natural person's name, birth date, birthplace and residence
 * are dropped here, before anything is logged; the other representatives are not read at all. Rows of the
 * same company, role and holder are numbered in file order to keep their ids apart.
 */
export function readPractitioners(setAside: SetAsideSink): LinedPassFile['read'] {
  const rows = rowsOf('reprezentanti_legali', setAside);
  return async function* read(file, onHeader): AsyncGenerator<LinedSnapshotRow> {
    const seen = new Map<string, number>();
    for await (const { record: row, line } of rows(file, onHeader)) {
      if (!row.COD_INMATRICULARE || !roPractitionerRole(row.CALITATE ?? null)) continue;
      const legal = isLegalPersonRepresentative(row);
      const record: DelimitedRecord = {
        COD_INMATRICULARE: row.COD_INMATRICULARE,
        CALITATE: row.CALITATE ?? null,
        PERSOANA: legal ? 'juridica' : 'fizica',
        PERSOANA_IMPUTERNICITA: legal ? (row.PERSOANA_IMPUTERNICITA ?? null) : null,
      };
      const key = `${row.COD_INMATRICULARE}|${row.CALITATE}|${record.PERSOANA_IMPUTERNICITA ?? ''}`;
      const n = (seen.get(key) ?? 0) + 1;
      seen.set(key, n);
      const id = `${row.COD_INMATRICULARE}|${row.CALITATE}|${legal ? record.PERSOANA_IMPUTERNICITA : 'fizica'}|${n}`;
      yield { kind: PRACTITIONER, id, record, line };
    }
  };
}
