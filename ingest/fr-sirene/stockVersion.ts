import path from 'node:path';

export type VersionSource = 'option' | 'nom_de_fichier' | 'date_dernier_traitement';

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

export function isIsoDate(value: string): boolean {
  if (!ISO_DATE.test(value)) return false;
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value;
}

/**
 * The stock date a file name carries: `2025-11-01-StockUniteLegale_utf8.zip` (dated copies of the object
 * store) gives 2025-11-01; a year and month alone (`..._2024-04.csv`) gives the first of that month. Null
 * when the name carries no date.
 */
export function versionFromFileName(file: string): string | null {
  const name = path.basename(file);
  const day = /(?<!\d)(\d{4}-\d{2}-\d{2})(?!\d)/.exec(name)?.[1];
  if (day && isIsoDate(day)) return day;
  const month = /(?<!\d)(\d{4}-\d{2})(?![\d-])/.exec(name)?.[1];
  if (month && isIsoDate(`${month}-01`)) return `${month}-01`;
  return null;
}

/**
 * The version of a pass over several files, from their names: the one date they all carry. Null when no
 * name carries a date; an error when they disagree (two stocks of different dates are not one snapshot).
 */
export function versionFromFileNames(files: readonly string[]): string | null {
  const dates = [...new Set(files.map(versionFromFileName).filter((d): d is string => d !== null))];
  if (dates.length > 1) {
    throw new Error(
      `les noms de fichiers portent des dates différentes (${dates.join(', ')}) : préciser --version / file names carry different dates; give --version`,
    );
  }
  return dates[0] ?? null;
}
