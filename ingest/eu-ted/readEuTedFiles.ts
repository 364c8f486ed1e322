import { createReadStream } from 'node:fs';
import path from 'node:path';
import { createGunzip } from 'node:zlib';
import { extract } from 'tar-stream';
import { TED_AVIS } from '../../schemas/events/euTedEvents.ts';
import {
  isFrenchTedWinner,
  tedWinnerSiren,
  unidentifiedFrenchWinners,
} from '../../schemas/records/tedWinners.ts';
import { filesOfPaths } from '../core/filesOfPaths.ts';
import type { SnapshotRow } from '../core/snapshotPass.ts';
import { openUpstreamFile } from '../core/upstreamFile.ts';
import { parseXmlDocument } from '../core/xmlTree.ts';
import { readTedNotice, TedNoticeUnreadable } from './readTedNotice.ts';

/** What reading the notices noticed, for the pass report (counts only: never a winner's name). */
export interface TedReadReport {
  /** Notice files read (each `.xml` of a package counts as one). */
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
/** A TED daily or monthly package: a gzipped tar of notice XML files. */
const PACKAGE_FILE = /\.(tar\.gz|tgz)$/i;

/**
 * The notice files of the paths given: a file as is, a folder's `.xml` (or `.xml.gz`) files and packages
 * (`.tar.gz`), in name order. Sorted, so that a pass over the same files reads them in the same order.
 */
export async function tedNoticeFiles(paths: readonly string[]): Promise<string[]> {
  return filesOfPaths(paths, (n) => NOTICE_FILE.test(n) || PACKAGE_FILE.test(n), { recursive: true });
}

async function textOf(stream: AsyncIterable<unknown>): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * The notices' XML texts, by name: a notice file's, or each `.xml` entry of a package, read as it streams
 * (a daily package holds some 3,000 notices; one notice at a time is in memory).
 */
async function* noticeTexts(files: readonly string[]): AsyncGenerator<{ name: string; text: string }> {
  for (const file of files) {
    if (!PACKAGE_FILE.test(file)) {
      yield { name: path.basename(file), text: await textOf(await openUpstreamFile(file)) };
      continue;
    }
    const entries = extract();
    const input = createReadStream(file);
    const gunzip = createGunzip();
    // A truncated or corrupt package fails the pass (nothing is published), never yields half of it silently.
    input.on('error', (error) => entries.destroy(error));
    gunzip.on('error', (error) => entries.destroy(error));
    input.pipe(gunzip).pipe(entries);
    for await (const entry of entries) {
      if (entry.header.type === 'file' && /\.xml$/i.test(entry.header.name)) {
        yield { name: `${path.basename(file)}:${entry.header.name}`, text: await textOf(entry) };
      } else {
        entry.resume();
      }
    }
  }
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
  for await (const { name: file, text } of noticeTexts(files)) {
    report.fichiersLus++;
    let notice: ReturnType<typeof readTedNotice>;
    try {
      notice = readTedNotice(parseXmlDocument(text));
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
