import {
  QUALIOPI_DECLARATION,
  QUALIOPI_KEPT_COLUMNS,
  type QualiopiRecord,
  qualiopiDeclarationId,
} from '../../schemas/events/frQualiopiEvents.ts';
import { isLuhnValid } from '../../schemas/params/luhn.ts';
import { readDelimitedNumbered } from '../core/readDelimited.ts';
import type { SnapshotRow } from '../core/snapshotPass.ts';
import { openUpstreamFile } from '../core/upstreamFile.ts';

/** What reading the file noticed, for the pass report. */
export interface QualiopiReadReport {
  /** Rows read into the pass. */
  lignesLues: number;
  /** Rows set aside: no NDA, no readable SIREN (nor SIRET to take it from), SIREN and SIRET apart, a repeat. */
  lignesEcartees: number;
  /** Up to 5 examples of set-aside rows (line number and why), never their content. */
  exemplesEcartes: { ligne: number; motif: string }[];
}

export function emptyQualiopiReport(): QualiopiReadReport {
  return { lignesLues: 0, lignesEcartees: 0, exemplesEcartes: [] };
}

const REQUIRED = ['numeroDeclarationActivite', 'siren', 'siretEtablissementDeclarant'];
const SIREN = /^\d{9}$/;
const SIRET = /^\d{14}$/;
const NDA = /^[0-9A-Z]{8,14}$/;

/**
 * Rows of the data.gouv CSV of the public list of training organisations (`;`, UTF-8 with or without a BOM),
 * read by header name with the project's CSV reader, streamed, as snapshot rows of kind `declaration` with
 * their line. Only QUALIOPI_KEPT_COLUMNS are kept, before anything else is done: the name and addresses never
 * leave this function. The SIREN is the published one; when the row publishes none, the declaring
 * establishment's SIRET gives it; a row whose SIREN and SIRET disagree is set aside, never guessed at. The ids
 * seen are held in a set (about 165,000 rows).
 */
export async function* readQualiopiCsv(
  file: string,
  report: QualiopiReadReport,
): AsyncGenerator<SnapshotRow> {
  const onHeader = (names: string[]) => {
    const missing = REQUIRED.filter((c) => !names.includes(c));
    if (missing.length > 0) {
      throw new Error(`not the public list of training organisations: no ${missing.join(', ')} column`);
    }
  };
  const seen = new Set<string>();
  const setAside = (ligne: number, motif: string) => {
    report.lignesEcartees++;
    if (report.exemplesEcartes.length < 5) report.exemplesEcartes.push({ ligne, motif });
  };
  for await (const { record: row, line } of readDelimitedNumbered(await openUpstreamFile(file), {
    delimiter: ';',
    onHeader,
  })) {
    const record: QualiopiRecord = {};
    for (const column of QUALIOPI_KEPT_COLUMNS) {
      const value = row[column]?.trim() ?? '';
      record[column] = value === '' ? null : value;
    }
    const nda = record.numeroDeclarationActivite ?? '';
    if (!NDA.test(nda)) {
      setAside(line, 'numéro de déclaration illisible');
      continue;
    }
    const siret = record.siretEtablissementDeclarant ?? '';
    const published = record.siren ?? '';
    const siren = published !== '' ? published : SIRET.test(siret) ? siret.slice(0, 9) : '';
    if (!SIREN.test(siren) || !isLuhnValid(siren)) {
      setAside(line, 'siren illisible');
      continue;
    }
    if (SIRET.test(siret) && siret.slice(0, 9) !== siren) {
      setAside(line, 'siren et siret discordants');
      continue;
    }
    const id = qualiopiDeclarationId(siren, nda);
    if (seen.has(id)) {
      setAside(line, 'déclaration déjà lue');
      continue;
    }
    seen.add(id);
    report.lignesLues++;
    yield { kind: QUALIOPI_DECLARATION, id, record: { ...record, siren }, line };
  }
}
