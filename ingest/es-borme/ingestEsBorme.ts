import path from 'node:path';
import type { Knex } from 'knex';
import type { EventStore } from '../../ops/eventstore/port.ts';
import type { Logger } from '../../ops/logger.ts';
import { ACT, ES_BORME_REGISTER, esBormeStreamOf } from '../../schemas/events/esBormeEvents.ts';
import type { SnapshotCompletedData } from '../../schemas/events/snapshotEvents.ts';
import { type PassFile, runFilesPass } from '../core/filesPass.ts';
import type { SnapshotRow } from '../core/snapshotPass.ts';
import { type ParseReport, parseSectionA } from './parseSectionA.ts';
import { readPdfLines } from './readBormePdf.ts';

/** The role of a section A document in the pass: its base name (one document per day and province). */
export const documentRole = (file: string) => `documento:${path.basename(file)}`;

function readDocument(report: ParseReport) {
  return async function* (file: string): AsyncGenerator<SnapshotRow> {
    for (const act of parseSectionA(await readPdfLines(file), report)) {
      const year = act.fecha_publicacion?.slice(0, 4) ?? act.documento.split('-')[2];
      yield { kind: ACT, id: `${year}-${act.numero_acto}`, record: { ...act } };
    }
  };
}

/**
 * One pass of the BORME base: every section A document held (PDF, one per day and province). The base is the
 * whole set: a document left out of a pass drops its acts.
 */
export async function ingestEsBorme(opts: {
  knex: Knex;
  store: EventStore;
  logger: Logger;
  documents: readonly string[];
  snapshotDate: string;
  version?: string;
}): Promise<SnapshotCompletedData> {
  if (opts.documents.length === 0) throw new Error('es-borme: no section A document given');
  const report: ParseReport = { withoutHoja: 0 };
  const files: PassFile[] = opts.documents.map((file) => ({
    role: documentRole(file),
    path: file,
    read: readDocument(report),
  }));
  const done = await runFilesPass({
    ...opts,
    register: ES_BORME_REGISTER,
    version: opts.version ?? opts.snapshotDate,
    files,
    streamOf: esBormeStreamOf,
  });
  if (report.withoutHoja > 0) {
    opts.logger.warn(
      { register: ES_BORME_REGISTER, acts: report.withoutHoja },
      'acts set aside: no registry sheet (hoja) in their Datos registrales',
    );
  }
  return done;
}
