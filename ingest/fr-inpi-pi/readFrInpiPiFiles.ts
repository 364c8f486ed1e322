import { createReadStream } from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { createGunzip } from 'node:zlib';
import yauzl from 'yauzl';
import { INPI_BREVET, INPI_MARQUE } from '../../schemas/events/frInpiPiEvents.ts';
import { CompactIdSet } from '../core/compactIdSet.ts';
import { filesOfPaths } from '../core/filesOfPaths.ts';
import type { LinedSnapshotRow } from '../core/snapshotRow.ts';
import { xmlElementsNamed } from '../core/xmlTree.ts';
import {
  isTrademarkDeletion,
  PATENT_ELEMENT,
  readInpiPatent,
  readInpiTrademark,
  TRADEMARK_ELEMENT,
  UNREAD_ELEMENTS,
} from './readInpiTitles.ts';

/** What reading the files noticed, for the pass report (counts only: never a holder's name). */
export interface InpiPiReadReport {
  /** XML documents read (a `.xml` file, each `.xml` entry of a `.zip`). */
  fichiersLus: number;
  /** Documents or titles set aside: not well-formed XML, a title without its number. */
  lignesEcartees: number;
  /** Up to 5 examples (document and why), never their content. */
  exemplesEcartes: { fichier: string; motif: string }[];
  marquesLues: number;
  brevetsLus: number;
  /** Titles met again in an older document: the newest version was read, these are not. */
  versionsAnterieures: number;
  /** Marks deleted by the newest document naming them (ST.66 `operationCode="Delete"`). */
  marquesSupprimees: number;
  /** Titles none of whose holders gives a SIREN (natural persons, foreign companies): not kept. */
  titresSansSiren: number;
  /** Kept titles that also have a holder without a SIREN (counted, never named). */
  titresAvecTitulaireNonIdentifie: number;
}

export function emptyInpiPiReport(): InpiPiReadReport {
  return {
    fichiersLus: 0,
    lignesEcartees: 0,
    exemplesEcartes: [],
    marquesLues: 0,
    brevetsLus: 0,
    versionsAnterieures: 0,
    marquesSupprimees: 0,
    titresSansSiren: 0,
    titresAvecTitulaireNonIdentifie: 0,
  };
}

const XML_FILE = /\.xml(\.gz)?$/i;
const ZIP_FILE = /\.zip$/i;

/**
 * The files of the paths given: a file as is, a folder's `.xml`, `.xml.gz` and `.zip` files (recursively).
 * Newest first: in reverse name order (INPI names its weekly files `..._<YYYY-WW>`), so that the first
 * version of a title read is its latest.
 */
export async function inpiPiFiles(paths: readonly string[]): Promise<string[]> {
  const files = await filesOfPaths(paths, (n) => XML_FILE.test(n) || ZIP_FILE.test(n), { recursive: true });
  return files.sort((a, b) => (a < b ? 1 : a > b ? -1 : 0));
}

/** A file of the copy and its SHA-256 (of its bytes as published: the `.zip`, the `.gz`, the `.xml`). */
export interface InpiPiFile {
  path: string;
  sha256: string;
}

/** An XML document of the copy: its file, its member when the file is a ZIP archive, and its bytes. */
interface XmlDocument {
  file: InpiPiFile;
  /** The ZIP entry's name (`unzip -l`); undefined for a `.xml` or `.xml.gz` file. */
  entry?: string;
  bytes: Readable;
}

/** The XML documents of the files: a file's bytes, or each `.xml` entry of a ZIP archive (read as it streams). */
async function* xmlDocuments(files: readonly InpiPiFile[]): AsyncGenerator<XmlDocument> {
  for (const file of files) {
    if (!ZIP_FILE.test(file.path)) {
      const bytes = createReadStream(file.path);
      yield { file, bytes: file.path.endsWith('.gz') ? bytes.pipe(createGunzip()) : bytes };
      continue;
    }
    const zip = await new Promise<yauzl.ZipFile>((resolve, reject) =>
      yauzl.open(file.path, { lazyEntries: true, autoClose: true }, (e, z) =>
        e || !z ? reject(e ?? new Error(`cannot open ${file.path}`)) : resolve(z),
      ),
    );
    try {
      for (;;) {
        const entry = await new Promise<yauzl.Entry | null>((resolve, reject) => {
          zip.once('entry', resolve);
          zip.once('end', () => resolve(null));
          zip.once('error', reject);
          zip.readEntry();
        });
        zip.removeAllListeners('entry').removeAllListeners('end').removeAllListeners('error');
        if (!entry) break;
        if (!/\.xml$/i.test(entry.fileName)) continue;
        const bytes = await new Promise<Readable>((resolve, reject) =>
          zip.openReadStream(entry, (e, s) =>
            e || !s ? reject(e ?? new Error('unreadable entry')) : resolve(s),
          ),
        );
        yield { file, entry: entry.fileName, bytes };
      }
    } finally {
      zip.close();
    }
  }
}

const TITLE_ELEMENTS = new Set([TRADEMARK_ELEMENT, PATENT_ELEMENT]);

/**
 * The trademarks and patents of the files, newest version first, as snapshot rows of kinds `marque` and
 * `brevet`: only titles with at least one holder's SIREN (a record without one is never matched to a
 * company, by name or otherwise). Each row names where an auditor finds its title: its file's SHA-256, the
 * ZIP entry it was read from (a `.zip`), and the physical line its start tag opens on in that document
 * (xmlElementsNamed; EntitiesRecordedData.lines). The ids seen are held in a CompactIdSet (12 bytes each:
 * the 3 million French marks in about 100 MB).
 */
export async function* readFrInpiPiFiles(
  files: readonly InpiPiFile[],
  report: InpiPiReadReport,
): AsyncGenerator<LinedSnapshotRow> {
  const seen = new CompactIdSet(1 << 20);
  const setAside = (document: string, motif: string) => {
    report.lignesEcartees++;
    if (report.exemplesEcartes.length < 5) report.exemplesEcartes.push({ fichier: document, motif });
  };
  for await (const { file, entry, bytes } of xmlDocuments(files)) {
    report.fichiersLus++;
    const where = entry === undefined ? {} : { entry };
    try {
      for await (const element of xmlElementsNamed(bytes, TITLE_ELEMENTS, { skip: UNREAD_ELEMENTS })) {
        const isMark = element.name === TRADEMARK_ELEMENT;
        const title = isMark ? readInpiTrademark(element) : readInpiPatent(element);
        if (!title) {
          setAside(
            nameOf(file, entry),
            isMark ? 'marque sans ApplicationNumber' : 'brevet sans numéro de demande',
          );
          continue;
        }
        const kind = isMark ? INPI_MARQUE : INPI_BREVET;
        if (!seen.add(`${kind}:${title.id}`)) {
          report.versionsAnterieures++;
          continue;
        }
        if (isMark && isTrademarkDeletion(element)) {
          report.marquesSupprimees++;
          continue;
        }
        if (title.record.HolderSirens.length === 0) {
          report.titresSansSiren++;
          continue;
        }
        if (isMark) report.marquesLues++;
        else report.brevetsLus++;
        if (title.record.HoldersUnidentified > 0) report.titresAvecTitulaireNonIdentifie++;
        yield {
          kind,
          id: title.id,
          record: { ...title.record },
          line: element.line,
          fileSha256: file.sha256,
          ...where,
        };
      }
    } catch {
      bytes.destroy();
      // A document cut short or not XML is set aside (and warned of); the titles read before the fault are kept.
      setAside(nameOf(file, entry), 'XML illisible');
    }
  }
}

/** A document's name in the report: the file's, `<archive>:<entry>` for a ZIP's member. */
const nameOf = (file: InpiPiFile, entry: string | undefined) =>
  entry === undefined ? path.basename(file.path) : `${path.basename(file.path)}:${entry}`;
