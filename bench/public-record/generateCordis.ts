import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { frenchVatOf } from '../../schemas/records/cordisVat.ts';
import type { ZipfPool } from './sirenPool.ts';
import { TextFileWriter } from './writeLines.ts';

const DEMO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../ingest/eu-cordis/demo');

/** A CSV file of CORDIS: every field double-quoted, `;` between them (the demo's SOURCE.txt). */
interface CordisCsv {
  header: string;
  columns: string[];
  rows: string[][];
}

const FIELD = /"((?:[^"]|"")*)"(?:;|$)/g;

function fieldsOf(line: string): string[] {
  return [...line.matchAll(FIELD)].map((m) => m[1]!.replaceAll('""', '"'));
}

const lineOf = (fields: readonly string[]) =>
  `${fields.map((f) => `"${f.replaceAll('"', '""')}"`).join(';')}\n`;

async function readCsv(name: string): Promise<CordisCsv> {
  const [header, ...rows] = (await fs.readFile(path.join(DEMO, name), 'utf8')).split('\n').filter((l) => l);
  return { header: `${header}\n`, columns: fieldsOf(header!), rows: rows.map(fieldsOf) };
}

export interface GeneratedCordis {
  /** By role of the ingest command (`h2020-project`, …). */
  files: Record<string, string>;
  projects: number;
  participations: number;
  bytes: number;
}

/** Share of participations given a French VAT number (about a tenth of CORDIS's participations are French). */
const FRENCH_SHARE = 0.12;

/**
 * The four CORDIS files (project.csv and organization.csv of Horizon 2020 and Horizon Europe), two thirds of
 * the rows in H2020's: the demo's real rows in turn, each copy with its own `id` / `projectID` (a project
 * every 5 participations) and `organisationID`; a French participation (one in about 8) takes a company
 * of the pool, its VAT number FR + key + SIREN and its organisationID derived from its SIREN. Every other
 * field as published (a row without VAT number stays without: set aside by the reader, as CORDIS's are).
 */
export async function generateCordis(opts: {
  dir: string;
  participations: number;
  companies: ZipfPool;
  random: () => number;
}): Promise<GeneratedCordis> {
  const files: Record<string, string> = {};
  let bytes = 0;
  let projects = 0;
  const h2020 = Math.round((opts.participations * 2) / 3);
  for (const [stem, count, firstProject] of [
    ['h2020', h2020, 600_000],
    ['horizon', opts.participations - h2020, 101_000_000],
  ] as const) {
    const project = await readCsv(`${stem}-project.csv`);
    const organization = await readCsv(`${stem}-organization.csv`);
    const projectCount = Math.max(1, Math.ceil(count / 5));
    const projectFile = new TextFileWriter(path.join(opts.dir, `${stem}-project.csv`));
    await projectFile.write(project.header);
    const idAt = project.columns.indexOf('id');
    for (let p = 0; p < projectCount; p++) {
      const row = [...project.rows[p % project.rows.length]!];
      row[idAt] = String(firstProject + p);
      await projectFile.write(lineOf(row));
    }
    await projectFile.close();
    const orgFile = new TextFileWriter(path.join(opts.dir, `${stem}-organization.csv`));
    await orgFile.write(organization.header);
    const at = (c: string) => organization.columns.indexOf(c);
    const [projectAt, orgAt, vatAt] = [at('projectID'), at('organisationID'), at('vatNumber')];
    for (let n = 0; n < count; n++) {
      const row = [...organization.rows[n % organization.rows.length]!];
      row[projectAt] = String(firstProject + Math.floor(n / 5));
      if (row[vatAt] !== '' && opts.random() < FRENCH_SHARE) {
        const rank = opts.companies.drawRank();
        row[vatAt] = frenchVatOf(opts.companies.sirenAt(rank));
        row[orgAt] = String(880_000_000 + rank);
      } else {
        row[orgAt] = String(900_000_000 + n);
      }
      await orgFile.write(lineOf(row));
    }
    await orgFile.close();
    files[`${stem}-project`] = projectFile.file;
    files[`${stem}-organization`] = orgFile.file;
    bytes += projectFile.bytes + orgFile.bytes;
    projects += projectCount;
  }
  return { files, projects, participations: opts.participations, bytes };
}
