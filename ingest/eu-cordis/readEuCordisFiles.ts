import {
  CORDIS_PARTICIPATION,
  CORDIS_PROJECT,
  type CordisRecord,
  cordisParticipationId,
  ORGANISATION_ID_COLUMNS,
  PARTICIPATION_KEPT_COLUMNS,
  PROJECT_KEPT_COLUMNS,
} from '../../schemas/events/euCordisEvents.ts';
import { readCordisVat } from '../../schemas/records/cordisVat.ts';
import { readDelimitedNumbered } from '../core/readDelimited.ts';
import type { LinedSnapshotRow } from '../core/snapshotRow.ts';
import { openUpstreamFile } from '../core/upstreamFile.ts';

/** What reading the files set aside, by reason (kept in `SnapshotCompleted.report`). */
export interface CordisSetAside {
  /** Participations without a VAT number (the service matches by it). */
  sans_tva: number;
  /** Participations whose VAT number is unreadable (a French one failing its key or Luhn digit). */
  tva_illisible: number;
  /** Rows without their key (`id`, `projectID` or `organisationID`). */
  sans_identifiant: number;
  /** A second row of the same grant, or of the same participation. */
  doublons: number;
}

export function emptyCordisSetAside(): CordisSetAside {
  return { sans_tva: 0, tva_illisible: 0, sans_identifiant: 0, doublons: 0 };
}

/**
 * The kept columns in canonical order (code unit): a record built in that order is its own canonical JSON,
 * digested with one JSON.stringify and no sorted copy (canonicalJson).
 */
const PROJECT_KEPT_SORTED = [...PROJECT_KEPT_COLUMNS].sort();
const PARTICIPATION_KEPT_SORTED = [...PARTICIPATION_KEPT_COLUMNS].sort();

/**
 * The kept columns of a row (`columns` in canonical order), trimmed, empty → null; columns the file lacks
 * are left out (never invented).
 */
function keep(row: Record<string, string | null>, columns: readonly string[]): CordisRecord {
  const record: CordisRecord = {};
  for (const c of columns) {
    if (!(c in row)) continue;
    const v = row[c]?.trim() ?? '';
    record[c] = v === '' ? null : v;
  }
  return record;
}

/** project.csv as `projet` rows, one per grant. */
export async function* readCordisProjects(
  file: string,
  onHeader: (columns: string[]) => void,
  setAside: CordisSetAside,
): AsyncGenerator<LinedSnapshotRow> {
  const seen = new Set<string>();
  for await (const { record: row, line } of readDelimitedNumbered(await openUpstreamFile(file), {
    delimiter: ';',
    onHeader,
  })) {
    const record = keep(row, PROJECT_KEPT_SORTED);
    const id = record.id;
    if (!id || !/^\d+$/.test(id)) {
      setAside.sans_identifiant++;
      continue;
    }
    if (seen.has(id)) {
      setAside.doublons++;
      continue;
    }
    seen.add(id);
    // The physical line its record starts on (the header's is 1; an objective can span several lines), kept
    // by a block pass for `sed -n '<line>p'`.
    yield { kind: CORDIS_PROJECT, id, record, line };
  }
}

/**
 * organization.csv as `participation` rows, one per organisation and grant, only those with a readable VAT
 * number: the others are counted by reason and never enter the log.
 */
export async function* readCordisOrganizations(
  file: string,
  onHeader: (columns: string[]) => void,
  setAside: CordisSetAside,
): AsyncGenerator<LinedSnapshotRow> {
  const seen = new Set<string>();
  let idColumn = 'organisationID';
  const onOrganizationHeader = (columns: string[]) => {
    onHeader(columns);
    const found = ORGANISATION_ID_COLUMNS.find((c) => columns.includes(c));
    if (!found)
      throw new Error(`organization: no ${ORGANISATION_ID_COLUMNS.join(' or ')} column; pass refused`);
    idColumn = found;
  };
  for await (const { record: row, line } of readDelimitedNumbered(await openUpstreamFile(file), {
    delimiter: ';',
    onHeader: onOrganizationHeader,
  })) {
    const record = keep(row, PARTICIPATION_KEPT_SORTED);
    if (idColumn === 'id') {
      const v = row[idColumn]?.trim() ?? '';
      record.organisationID = v === '' ? null : v;
    }
    if (!record.projectID || !/^\d+$/.test(record.projectID) || !record.organisationID) {
      setAside.sans_identifiant++;
      continue;
    }
    const vat = readCordisVat(record.vatNumber);
    if ('unreadable' in vat) {
      setAside[vat.unreadable]++;
      continue;
    }
    const id = cordisParticipationId(record);
    if (seen.has(id)) {
      setAside.doublons++;
      continue;
    }
    seen.add(id);
    yield { kind: CORDIS_PARTICIPATION, id, record, line };
  }
}
