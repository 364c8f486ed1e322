import path from 'node:path';
import type { Readable } from 'node:stream';
import iconv from 'iconv-lite';
import yauzl from 'yauzl';
import {
  ICPE_DROPPED_FIELDS,
  ICPE_INSTALLATION,
  type IcpeRecord,
} from '../../schemas/events/frIcpeEvents.ts';
import { isLuhnValid } from '../../schemas/params/luhn.ts';
import { type DelimitedRecordJson, delimitedRecordJson } from '../core/delimitedRecordJson.ts';
import { readDelimitedFields } from '../core/readDelimited.ts';
import type { LinedSnapshotRow } from '../core/snapshotRow.ts';

/** What reading the export noticed, for the pass report. */
export interface IcpeReadReport {
  /** Installations read into the pass (a valid SIRET, a code seen once). */
  installationsLues: number;
  /** Installations whose `numeroSiret` is empty or not a valid SIRET: they join no company, not logged. */
  installationsSansSiret: number;
  /** Lines of InstallationClassee.csv set aside: no `codeAiot`, or a `codeAiot` already read in its page. */
  lignesEcartees: number;
  /** Up to 5 examples of set-aside lines (line in InstallationClassee.csv and why), never their content. */
  exemplesEcartes: { ligne: number; motif: string }[];
  /**
   * Installations met again in a later page of the copy (a live export's pages shift while they are
   * downloaded): kept once, as the first page that holds them (in the pages' order) published them.
   */
  installationsEnDouble: number;
  /** Lines of rubriqueIC.csv and inspection.csv joined to an installation read into the pass. */
  rubriquesLues: number;
  inspectionsLues: number;
  /** Each page's lines of InstallationClassee.csv (its installations, the header apart), by file name. */
  installationsParPage: Record<string, number>;
}

export function emptyIcpeReport(): IcpeReadReport {
  return {
    installationsLues: 0,
    installationsSansSiret: 0,
    lignesEcartees: 0,
    exemplesEcartes: [],
    installationsEnDouble: 0,
    rubriquesLues: 0,
    inspectionsLues: 0,
    installationsParPage: {},
  };
}

/** The export's files the pass reads, and the columns each must have. */
const INSTALLATIONS = { name: 'InstallationClassee.csv', required: ['codeAiot', 'numeroSiret'] };
const RUBRIQUES = { name: 'rubriqueIC.csv', required: ['codeAiot', 'numeroRubrique'] };
const INSPECTIONS = { name: 'inspection.csv', required: ['codeAiot', 'dateInspection'] };

const SIRET = /^\d{14}$/;
const DROPPED: readonly string[] = ICPE_DROPPED_FIELDS;

/**
 * What the pages of one copy share as they are read one after the other: the report, and the codes already
 * read (an installation is kept once, from the first page that holds it).
 */
export class IcpeCopyReading {
  readonly report: IcpeReadReport = emptyIcpeReport();
  readonly seen = new Set<string>();
}

/**
 * The installations of one Géorisques export ZIP (`/api/v1/csv/installations_classees`: a department's, or
 * one page of the country's), as snapshot rows of kind `installation`, each with its line in
 * InstallationClassee.csv and that entry's name in the archive. The page's rubriques and inspection dates are
 * read first, grouped by `codeAiot` (a page describes its own installations: at most its 6,000), then its
 * installations are streamed and each gets its own; the groups of an installation another page already gave
 * are dropped with the page. The operator's name, street address and coordinates are dropped before
 * anything else is done; the inspection lines keep only their date. Each row comes with its record's
 * canonical JSON written from the line's fields (delimitedRecordJson.ts), its record only parsed from it if
 * something asks for it: the pass digests and logs that JSON as it is.
 */
export async function* readIcpePage(file: string, copy: IcpeCopyReading): AsyncGenerator<LinedSnapshotRow> {
  const { report, seen } = copy;
  const page = path.basename(file);
  const zip = await openZip(file);
  try {
    const entries = await entriesOf(zip, file);
    const groups = new IcpeGroups();
    await readGrouped(zip, entries, RUBRIQUES, (columns) => {
      const writer = delimitedRecordJson(columns, { drop: ['codeAiot'] });
      return (fields) => (writer.valueOf(fields, 'numeroRubrique') ? writer.json(fields) : null);
    }).then((lines) => groups.add('rubriques', lines));
    await readGrouped(zip, entries, INSPECTIONS, (columns) => {
      const writer = delimitedRecordJson(columns);
      return (fields) => {
        const date = writer.valueOf(fields, 'dateInspection');
        return date ? `{"dateInspection":${JSON.stringify(date)}}` : null;
      };
    }).then((lines) => groups.add('inspections', lines));
    const inPage = new Set<string>();
    let writer: DelimitedRecordJson | null = null;
    // The member's name as `unzip -l` lists it: `registres audit row` shows the line with `unzip -p`.
    const entry = entries.get(INSTALLATIONS.name)!.fileName;
    const lines = readDelimitedFields(await openLatin1(zip, entries, INSTALLATIONS), {
      delimiter: ';',
      onHeader: (columns) => {
        requireColumns(INSTALLATIONS, columns);
        writer = delimitedRecordJson(columns, { drop: DROPPED, members: ['rubriques', 'inspections'] });
      },
    });
    report.installationsParPage[page] = 0;
    for await (const { fields, line } of lines) {
      report.installationsParPage[page]++;
      const row = writer!;
      const setAside = (motif: string) => {
        report.lignesEcartees++;
        if (report.exemplesEcartes.length < 5) report.exemplesEcartes.push({ ligne: line, motif });
      };
      const code = row.valueOf(fields, 'codeAiot')?.trim() ?? '';
      if (code === '') {
        setAside('codeAiot absent');
        continue;
      }
      if (inPage.has(code)) {
        setAside('codeAiot déjà lu');
        continue;
      }
      inPage.add(code);
      if (seen.has(code)) {
        report.installationsEnDouble++;
        continue;
      }
      seen.add(code);
      // Its rubriques and inspections are no longer held once the installation is read.
      const group = groups.take(code);
      const siret = row.valueOf(fields, 'numeroSiret')?.trim() ?? '';
      if (!SIRET.test(siret) || !isLuhnValid(siret.slice(0, 9))) {
        report.installationsSansSiret++;
        continue;
      }
      report.installationsLues++;
      report.rubriquesLues += group?.rubriques.count ?? 0;
      report.inspectionsLues += group?.inspections.count ?? 0;
      const json = row.json(fields, {
        rubriques: `[${group?.rubriques.json ?? ''}]`,
        inspections: `[${group?.inspections.json ?? ''}]`,
      });
      yield new InstallationRow(code, json, line, entry);
    }
  } finally {
    zip.close();
  }
}

/**
 * An installation read: its record's canonical JSON, the record itself parsed from it only if a reader of the
 * row asks for it. A class, its getter on the prototype: an object literal with a getter of its own, made for
 * every row, lived long enough to fill the old generation (old space 71 -> 257 MiB at 140,000 installations).
 */
class InstallationRow implements LinedSnapshotRow {
  readonly kind = ICPE_INSTALLATION;
  constructor(
    readonly id: string,
    readonly json: string,
    readonly line: number,
    readonly entry: string,
  ) {}

  get record(): IcpeRecord {
    return JSON.parse(this.json) as IcpeRecord;
  }
}

/** An installation's items of one file: their JSON texts joined by commas, and how many. */
interface Items {
  json: string;
  count: number;
}

/** The rubriques and inspection dates of each installation not yet read, by `codeAiot`. */
class IcpeGroups {
  private readonly byCode = new Map<string, { rubriques: Items; inspections: Items }>();

  add(file: 'rubriques' | 'inspections', items: Map<string, Items>): void {
    for (const [code, these] of items) {
      let group = this.byCode.get(code);
      if (!group) {
        group = { rubriques: NO_ITEMS, inspections: NO_ITEMS };
        this.byCode.set(code, group);
      }
      group[file] = these;
    }
  }

  take(code: string): { rubriques: Items; inspections: Items } | undefined {
    const group = this.byCode.get(code);
    if (group) this.byCode.delete(code);
    return group;
  }
}

const NO_ITEMS: Items = { json: '', count: 0 };

/**
 * One file's items (the JSON text `itemOf` writes of a line, or null to skip it) grouped by `codeAiot`, each
 * installation's joined into one flat string. The export lists an installation's lines one after the other:
 * a run of lines of the same code is joined once it ends, so no list per installation is held meanwhile (a
 * code met again later has its new run appended).
 */
async function readGrouped(
  zip: yauzl.ZipFile,
  entries: Map<string, yauzl.Entry>,
  spec: { name: string; required: string[] },
  itemsOf: (columns: string[]) => (fields: readonly string[]) => string | null,
): Promise<Map<string, Items>> {
  const grouped = new Map<string, Items>();
  let itemOf: ((fields: readonly string[]) => string | null) | null = null;
  let codeOf: ((fields: readonly string[]) => string | null | undefined) | null = null;
  let runCode: string | null = null;
  let run: string[] = [];
  const endRun = () => {
    if (runCode === null || run.length === 0) return;
    const json = run.join(',');
    const earlier = grouped.get(runCode);
    if (earlier) grouped.set(runCode, { json: `${earlier.json},${json}`, count: earlier.count + run.length });
    else grouped.set(runCode, { json, count: run.length });
    run = [];
  };
  const lines = readDelimitedFields(await openLatin1(zip, entries, spec), {
    delimiter: ';',
    onHeader: (columns) => {
      requireColumns(spec, columns);
      itemOf = itemsOf(columns);
      const writer = delimitedRecordJson(columns);
      codeOf = (fields) => writer.valueOf(fields, 'codeAiot');
    },
  });
  for await (const { fields } of lines) {
    const code = codeOf!(fields)?.trim();
    const item = code ? itemOf!(fields) : null;
    if (!code || item === null) continue;
    if (code !== runCode) {
      endRun();
      runCode = code;
    }
    run.push(item);
  }
  endRun();
  return grouped;
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
