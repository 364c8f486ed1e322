import type { Readable } from 'node:stream';
import iconv from 'iconv-lite';
import yauzl from 'yauzl';
import {
  ICPE_DROPPED_FIELDS,
  ICPE_INSTALLATION,
  type IcpeRecord,
  type IcpeRubriqueRecord,
} from '../../schemas/events/frIcpeEvents.ts';
import { isLuhnValid } from '../../schemas/params/luhn.ts';
import { type DelimitedRecord, readDelimited, readDelimitedNumbered } from '../core/readDelimited.ts';
import type { LinedSnapshotRow } from '../core/snapshotRow.ts';

/** What reading the export noticed, for the pass report. */
export interface IcpeReadReport {
  /** Installations read into the pass (a valid SIRET, a code seen once). */
  installationsLues: number;
  /** Installations whose `numeroSiret` is empty or not a valid SIRET: they join no company, not logged. */
  installationsSansSiret: number;
  /** Lines of InstallationClassee.csv set aside: no `codeAiot`, or a `codeAiot` already read. */
  lignesEcartees: number;
  /** Up to 5 examples of set-aside lines (line in InstallationClassee.csv and why), never their content. */
  exemplesEcartes: { ligne: number; motif: string }[];
  /** Lines of rubriqueIC.csv and inspection.csv joined to an installation read into the pass. */
  rubriquesLues: number;
  inspectionsLues: number;
}

export function emptyIcpeReport(): IcpeReadReport {
  return {
    installationsLues: 0,
    installationsSansSiret: 0,
    lignesEcartees: 0,
    exemplesEcartes: [],
    rubriquesLues: 0,
    inspectionsLues: 0,
  };
}

/** The export's files the pass reads, and the columns each must have. */
const INSTALLATIONS = { name: 'InstallationClassee.csv', required: ['codeAiot', 'numeroSiret'] };
const RUBRIQUES = { name: 'rubriqueIC.csv', required: ['codeAiot', 'numeroRubrique'] };
const INSPECTIONS = { name: 'inspection.csv', required: ['codeAiot', 'dateInspection'] };

const SIRET = /^\d{14}$/;
const DROPPED = new Set<string>(ICPE_DROPPED_FIELDS);

/**
 * The installations of one Géorisques export (the ZIP of `/api/v1/csv/installations_classees`), as snapshot
 * rows of kind `installation`, each with its line in InstallationClassee.csv. The rubriques and inspection
 * dates are read first, grouped by `codeAiot` (some 137,000 installations for the whole country), then the
 * installations are streamed and each gets its own. The operator's name, street address and coordinates are
 * dropped before anything else is done; the inspection lines keep only their date.
 */
export async function* readIcpeZip(file: string, report: IcpeReadReport): AsyncGenerator<LinedSnapshotRow> {
  const zip = await openZip(file);
  try {
    const entries = await entriesOf(zip, file);
    // Held as one JSON text per installation until it is read: a few strings, not hundreds of thousands of
    // objects, stay in the heap for the whole pass.
    const rubriques = await groupByCode(zip, entries, RUBRIQUES, (r) => {
      const rubrique = rubriqueOf(r);
      return rubrique ? JSON.stringify(rubrique) : null;
    });
    const inspections = await groupByCode(zip, entries, INSPECTIONS, (r) =>
      r.dateInspection ? JSON.stringify({ dateInspection: r.dateInspection }) : null,
    );
    const seen = new Set<string>();
    const lines = readDelimitedNumbered(await openLatin1(zip, entries, INSTALLATIONS), {
      delimiter: ';',
      onHeader: (columns) => requireColumns(INSTALLATIONS, columns),
    });
    for await (const { record, line } of lines) {
      const setAside = (motif: string) => {
        report.lignesEcartees++;
        if (report.exemplesEcartes.length < 5) report.exemplesEcartes.push({ ligne: line, motif });
      };
      const code = record.codeAiot?.trim() ?? '';
      if (code === '') {
        setAside('codeAiot absent');
        continue;
      }
      if (seen.has(code)) {
        setAside('codeAiot déjà lu');
        continue;
      }
      seen.add(code);
      const siret = record.numeroSiret?.trim() ?? '';
      if (!SIRET.test(siret) || !isLuhnValid(siret.slice(0, 9))) {
        report.installationsSansSiret++;
        continue;
      }
      const itsRubriques = JSON.parse(`[${rubriques.get(code) ?? ''}]`) as IcpeRubriqueRecord[];
      const itsInspections = JSON.parse(`[${inspections.get(code) ?? ''}]`) as { dateInspection: string }[];
      report.installationsLues++;
      report.rubriquesLues += itsRubriques.length;
      report.inspectionsLues += itsInspections.length;
      const published: IcpeRecord = {
        ...withoutOperator(record),
        rubriques: itsRubriques,
        inspections: itsInspections,
      };
      yield { kind: ICPE_INSTALLATION, id: code, record: published, line };
    }
  } finally {
    zip.close();
  }
}

function withoutOperator(line: DelimitedRecord): Record<string, string | null> {
  const out: Record<string, string | null> = {};
  for (const [k, v] of Object.entries(line)) if (!DROPPED.has(k)) out[k] = v;
  return out;
}

function rubriqueOf(line: DelimitedRecord): IcpeRubriqueRecord | null {
  if (!line.numeroRubrique) return null;
  const { codeAiot: _code, ...rest } = line;
  return rest;
}

async function groupByCode(
  zip: yauzl.ZipFile,
  entries: Map<string, yauzl.Entry>,
  spec: { name: string; required: string[] },
  itemOf: (line: DelimitedRecord) => string | null,
): Promise<Map<string, string>> {
  const grouped = new Map<string, string[]>();
  const lines = readDelimited(await openLatin1(zip, entries, spec), {
    delimiter: ';',
    onHeader: (columns) => requireColumns(spec, columns),
  });
  for await (const line of lines) {
    const code = line.codeAiot?.trim();
    const item = code ? itemOf(line) : null;
    if (!code || item === null) continue;
    const list = grouped.get(code);
    if (list) list.push(item);
    else grouped.set(code, [item]);
  }
  // Each installation's items joined once: one flat string each, the lists left to the collector.
  const joined = new Map<string, string>();
  for (const [code, list] of grouped) joined.set(code, list.join(','));
  return joined;
}

function requireColumns(spec: { name: string; required: string[] }, columns: string[]): void {
  const missing = spec.required.filter((c) => !columns.includes(c));
  if (missing.length > 0) {
    throw new Error(`${spec.name}: column(s) ${missing.join(', ')} missing from the header`);
  }
}

function openZip(file: string): Promise<yauzl.ZipFile> {
  return new Promise((resolve, reject) =>
    yauzl.open(file, { lazyEntries: true, autoClose: false }, (err, zip) =>
      err || !zip ? reject(err ?? new Error(`cannot open ${file}`)) : resolve(zip),
    ),
  );
}

/** The archive's entries by file name (the directory part, if any, ignored). */
function entriesOf(zip: yauzl.ZipFile, file: string): Promise<Map<string, yauzl.Entry>> {
  return new Promise((resolve, reject) => {
    const entries = new Map<string, yauzl.Entry>();
    zip.on('entry', (entry: yauzl.Entry) => {
      entries.set(entry.fileName.split('/').pop() ?? entry.fileName, entry);
      zip.readEntry();
    });
    zip.once('end', () => {
      const missing = [INSTALLATIONS, RUBRIQUES, INSPECTIONS].filter((s) => !entries.has(s.name));
      if (missing.length > 0) {
        reject(
          new Error(`${file}: not a Géorisques ICPE export (no ${missing.map((s) => s.name).join(', ')})`),
        );
      } else resolve(entries);
    });
    zip.once('error', reject);
    zip.readEntry();
  });
}

/** One CSV of the export, decoded from ISO-8859-1 (the export's encoding). */
function openLatin1(
  zip: yauzl.ZipFile,
  entries: Map<string, yauzl.Entry>,
  spec: { name: string },
): Promise<Readable> {
  const entry = entries.get(spec.name)!;
  return new Promise((resolve, reject) =>
    zip.openReadStream(entry, (err, stream) =>
      err || !stream
        ? reject(err ?? new Error(`${spec.name}: unreadable entry`))
        : resolve(stream.pipe(iconv.decodeStream('latin1')) as unknown as Readable),
    ),
  );
}
