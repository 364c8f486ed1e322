import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { TED_AVIS } from '../../schemas/events/euTedEvents.ts';
import {
  isFrenchTedWinner,
  tedWinnerSiren,
  unidentifiedFrenchWinners,
} from '../../schemas/records/tedWinners.ts';
import type { SnapshotRow } from '../core/snapshotPass.ts';
import { openUpstreamFile } from '../core/upstreamFile.ts';
import { readTedNotice, TedNoticeUnreadable } from './readTedNotice.ts';
import { parseTedXml } from './tedXmlNode.ts';

/** What reading the notices noticed, for the pass report (counts only: never a winner's name). */
export interface TedReadReport {
  /** Notice files read. */
  fichiersLus: number;
  /** Files set aside: not well-formed XML, not a TED notice, an older schema, a publication number seen before. */
  lignesEcartees: number;
  /** Up to 5 examples of set-aside files (file name and why), never their content. */
  exemplesEcartes: { fichier: string; motif: string }[];
  /** Notices that award nothing (contract notices, prior information, forms without an award). */
  avisSansAttribution: number;
  /** Award notices none of whose winners is published as French: not kept. */
  avisSansAttributaireFrancais: number;
  /** Award notices kept: at least one French winner. */
  avisLus: number;
  /** Kept notices with at least one French winner that gives no SIREN (no identifier, or one not usable). */
  avisAvecAttributaireNonIdentifie: number;
  /** French winners that give no SIREN: never matched, never named. */
  attributairesFrancaisSansIdentifiant: number;
  /** French winners that give a SIREN. */
  attributairesIdentifies: number;
}

export function emptyTedReport(): TedReadReport {
  return {
    fichiersLus: 0,
    lignesEcartees: 0,
    exemplesEcartes: [],
    avisSansAttribution: 0,
    avisSansAttributaireFrancais: 0,
    avisLus: 0,
    avisAvecAttributaireNonIdentifie: 0,
    attributairesFrancaisSansIdentifiant: 0,
    attributairesIdentifies: 0,
  };
}

const NOTICE_FILE = /\.xml(\.gz)?$/i;

/**
 * The notice files of the paths given: a file as is, a folder's `.xml` (or `.xml.gz`) files, in name order
 * (a daily package once extracted). Sorted, so that a pass over the same files reads them in the same order.
 */
export async function tedNoticeFiles(paths: readonly string[]): Promise<string[]> {
  const files: string[] = [];
  for (const p of paths) {
    if ((await stat(p)).isDirectory()) {
      const names = (await readdir(p, { recursive: true })).filter((n) => NOTICE_FILE.test(n)).sort();
      files.push(...names.map((n) => path.join(p, n)));
    } else {
      files.push(p);
    }
  }
  return files;
}

async function textOfFile(file: string): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of await openUpstreamFile(file)) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** The award notices with a French winner among the files, as snapshot rows of kind `avis`. */
export async function* readEuTedFiles(
  files: readonly string[],
  report: TedReadReport,
): AsyncGenerator<SnapshotRow> {
  const seen = new Set<string>();
  const setAside = (file: string, motif: string) => {
    report.lignesEcartees++;
    if (report.exemplesEcartes.length < 5)
      report.exemplesEcartes.push({ fichier: path.basename(file), motif });
  };
  for (const file of files) {
    report.fichiersLus++;
    let notice: ReturnType<typeof readTedNotice>;
    try {
      notice = readTedNotice(parseTedXml(await textOfFile(file)));
    } catch (error) {
      setAside(file, error instanceof TedNoticeUnreadable ? error.message : 'XML illisible');
      continue;
    }
    if (!notice) {
      report.avisSansAttribution++;
      continue;
    }
    const winners = notice.record.Awards.flatMap((a) => a.Winners);
    if (winners.length === 0) {
      report.avisSansAttribution++;
      continue;
    }
    if (!winners.some(isFrenchTedWinner)) {
      report.avisSansAttributaireFrancais++;
      continue;
    }
    if (seen.has(notice.id)) {
      setAside(file, 'numéro de publication déjà lu');
      continue;
    }
    seen.add(notice.id);
    const unidentified = unidentifiedFrenchWinners(notice.record.Awards);
    report.avisLus++;
    if (unidentified > 0) report.avisAvecAttributaireNonIdentifie++;
    report.attributairesFrancaisSansIdentifiant += unidentified;
    report.attributairesIdentifies += winners.filter((w) => tedWinnerSiren(w) !== null).length;
    yield { kind: TED_AVIS, id: notice.id, record: { ...notice.record } };
  }
}
