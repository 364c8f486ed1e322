import path from 'node:path';
import type { Knex } from 'knex';
import type { EventStore } from '../../ops/eventstore/port.ts';
import type { Logger } from '../../ops/logger.ts';
import {
  ACT,
  DIARIO,
  ES_BORME_REGISTER,
  type EsBormeDiario,
  esBormeStreamOf,
} from '../../schemas/events/esBormeEvents.ts';
import type { SnapshotCompletedData } from '../../schemas/events/snapshotEvents.ts';
import { type PassFile, runFilesPass } from '../core/filesPass.ts';
import { countsAboveZero } from '../core/setAsideWarning.ts';
import type { SnapshotRow } from '../core/snapshotPass.ts';
import { type ParseReport, parseSectionA, type SectionAHeader, sectionAHeader } from './parseSectionA.ts';
import { readSectionAXml } from './readSectionAXml.ts';
import { type BormeDiario, isIndexDocument, readSumario } from './readSumario.ts';

/** The role of a section A document in the pass: its base name (one document per day and province). */
export const documentRole = (file: string) => `documento:${path.basename(file)}`;
/** The role of a day's sumario in the pass: its base name. */
export const sumarioRole = (file: string) => `sumario:${path.basename(file)}`;

/** BOE's own names: `BORME-A-<year>-<diario number>-<province code>.pdf`, the XML saved under the same id. */
const DOCUMENT_NAME = /^(BORME-A-(\d{4})-(\d+)-\d+)\.(xml|pdf)$/i;

interface HeldDocument {
  id: string;
  /** `<year>-<diario number>`: the day's issue it belongs to. */
  issue: string;
  format: 'xml' | 'pdf';
  file: string;
}

function heldDocument(file: string): HeldDocument {
  const m = DOCUMENT_NAME.exec(path.basename(file));
  if (!m) {
    throw new Error(
      `es-borme: ${path.basename(file)} is not named as BOE names a section A document (BORME-A-2026-183-28.xml or .pdf)`,
    );
  }
  return { id: m[1]!, issue: `${m[2]}-${Number(m[3])}`, format: m[4]!.toLowerCase() as 'xml' | 'pdf', file };
}

const issueOf = (d: BormeDiario) => `${d.fecha_publicacion.slice(0, 4)}-${d.numero}`;

async function readActs(doc: HeldDocument, report: ParseReport) {
  if (doc.format === 'xml') return readSectionAXml(doc.file, report);
  // pdf.js is loaded only when a PDF is read (the XML is preferred wherever it exists).
  const { readPdfLines } = await import('./readBormePdf.ts');
  const lines = await readPdfLines(doc.file);
  return { header: sectionAHeader(lines), acts: parseSectionA(lines, report) };
}

function readDocument(doc: HeldDocument, diario: BormeDiario | undefined, report: ParseReport) {
  const check = (header: SectionAHeader) => {
    if (header.documento !== doc.id)
      throw new Error(`es-borme: ${path.basename(doc.file)} holds ${header.documento}`);
    if (
      diario &&
      (header.borme_numero !== diario.numero || header.fecha_publicacion !== diario.fecha_publicacion)
    ) {
      throw new Error(
        `es-borme: ${doc.id} says BORME ${header.borme_numero} of ${header.fecha_publicacion}, its sumario ${diario.identificador} ${diario.numero} of ${diario.fecha_publicacion}`,
      );
    }
  };
  return async function* (): AsyncGenerator<SnapshotRow> {
    const { header, acts } = await readActs(doc, report);
    check(header);
    for (const act of acts) {
      const year = act.fecha_publicacion?.slice(0, 4) ?? act.documento.split('-')[2];
      yield { kind: ACT, id: `${year}-${act.numero_acto}`, record: { ...act } };
    }
  };
}

/**
 * Which document of each id the pass reads: the XML where it is given, else the PDF (`-99`, the day's
 * alphabetical index, holds no act and is left out).
 */
function chooseDocuments(files: readonly string[], logger: Logger): Map<string, HeldDocument> {
  const chosen = new Map<string, HeldDocument>();
  for (const doc of files.map(heldDocument)) {
    if (isIndexDocument(doc.id)) {
      logger.info({ register: ES_BORME_REGISTER, documento: doc.id }, 'alphabetical index: no act, not read');
      continue;
    }
    const held = chosen.get(doc.id);
    if (held?.format === doc.format) throw new Error(`es-borme: ${doc.id}.${doc.format} given twice`);
    if (!held || doc.format === 'xml') chosen.set(doc.id, doc);
    if (held) logger.info({ register: ES_BORME_REGISTER, documento: doc.id }, 'XML and PDF given: XML read');
  }
  return chosen;
}

/**
 * One pass of the BORME base: every section A document held (XML preferred, PDF where only the PDF is held),
 * and the sumarios of their days. Each sumario given is checked: every section A document it lists must be
 * given (a missing one fails the pass: it is not an empty province), and no document of its day may be
 * missing from it. The base is the whole set: a document left out of a pass drops its acts.
 */
export async function ingestEsBorme(opts: {
  knex: Knex;
  store: EventStore;
  logger: Logger;
  documents: readonly string[];
  sumarios?: readonly string[];
  snapshotDate: string;
  version?: string;
}): Promise<SnapshotCompletedData> {
  if (opts.documents.length === 0) throw new Error('es-borme: no section A document given');
  const report: ParseReport = { withoutHoja: 0 };
  const documents = chooseDocuments(opts.documents, opts.logger);

  const days: { file: string; diarios: BormeDiario[] }[] = [];
  const byIssue = new Map<string, BormeDiario>();
  for (const file of opts.sumarios ?? []) {
    const diarios = await readSumario(file);
    for (const d of diarios) {
      if (byIssue.has(issueOf(d))) throw new Error(`es-borme: sumario ${d.identificador} given twice`);
      byIssue.set(issueOf(d), d);
      const missing = d.documentos.filter((item) => !documents.has(item.identificador));
      if (missing.length > 0) {
        throw new Error(
          `es-borme: sumario ${d.identificador} (${d.fecha_publicacion}) lists ${missing.length} section A document(s) not given: ${missing.map((i) => i.identificador).join(', ')}; pass refused`,
        );
      }
    }
    days.push({ file, diarios });
  }
  const unlisted: string[] = [];
  for (const doc of documents.values()) {
    const diario = byIssue.get(doc.issue);
    if (!diario) unlisted.push(doc.id);
    else if (!diario.documentos.some((i) => i.identificador === doc.id)) {
      throw new Error(
        `es-borme: ${doc.id} is not in its day's sumario ${diario.identificador}; pass refused`,
      );
    }
  }
  if ((opts.sumarios ?? []).length > 0 && unlisted.length > 0) {
    opts.logger.warn(
      { register: ES_BORME_REGISTER, documentos: unlisted.length },
      'documents read without their day’s sumario: their day is not checked for completeness',
    );
  }

  const files: PassFile[] = [];
  const documentFile = (doc: HeldDocument): PassFile => ({
    role: documentRole(doc.file),
    path: doc.file,
    read: readDocument(doc, byIssue.get(doc.issue), report),
  });
  for (const { file, diarios } of days) {
    for (const d of diarios)
      for (const item of d.documentos) files.push(documentFile(documents.get(item.identificador)!));
    files.push({
      role: sumarioRole(file),
      path: file,
      async *read() {
        for (const d of diarios) {
          const record: EsBormeDiario = {
            identificador: d.identificador,
            numero: d.numero,
            fecha_publicacion: d.fecha_publicacion,
            documentos: d.documentos.map((i) => ({ ...i, format: documents.get(i.identificador)!.format })),
          };
          yield { kind: DIARIO, id: d.identificador, record: { ...record } };
        }
      },
    });
  }
  for (const id of unlisted) files.push(documentFile(documents.get(id)!));

  return runFilesPass({
    ...opts,
    register: ES_BORME_REGISTER,
    files,
    streamOf: esBormeStreamOf,
    setAside: [
      {
        fields: () => countsAboveZero({ acts: report.withoutHoja }),
        because: 'acts set aside: no registry sheet (hoja) in their Datos registrales',
      },
    ],
  });
}
