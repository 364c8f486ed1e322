import { readFile } from 'node:fs/promises';
import {
  FR_GELS_LEGAL_PERSON,
  FR_GELS_MEASURE,
  FR_GELS_NATURAL_PERSON,
  type FrGelsRecord,
} from '../../schemas/events/frGelsEvents.ts';
import type { SnapshotRow } from '../core/snapshotPass.ts';
import { utcDateOf } from '../core/utcDateOf.ts';

/** What reading the publication noticed, for the pass report. */
export interface FrGelsReadReport {
  /** `DatePublication` as published. */
  datePublication: string | null;
  /** Legal persons read into the pass. */
  entitesLues: number;
  /** « Personne physique » measures: counted, never logged. */
  personnesPhysiquesEcartees: number;
  /** « Navire » measures (and any other nature than a person): counted, not logged. */
  naviresEcartes: number;
  /** Items set aside: no `IdRegistre`, no `Nom`, or a repeated id. */
  lignesEcartees: number;
  exemplesEcartes: { rang: number; motif: string }[];
}

export function emptyFrGelsReport(): FrGelsReadReport {
  return {
    datePublication: null,
    entitesLues: 0,
    personnesPhysiquesEcartees: 0,
    naviresEcartes: 0,
    lignesEcartees: 0,
    exemplesEcartes: [],
  };
}

/** The `Publications` object of the answer; throws a plain message when the file is not that answer. */
async function publicationsOf(file: string): Promise<Record<string, unknown>> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(await readFile(file, 'utf8'));
  } catch {
    throw new Error(`${file}: not a JSON document`);
  }
  const publications = (parsed as { Publications?: unknown } | null)?.Publications;
  if (!publications || typeof publications !== 'object' || Array.isArray(publications))
    throw new Error(`${file}: no "Publications" object (not an answer of the gels-avoirs API)`);
  return publications as Record<string, unknown>;
}

/**
 * The `PublicationDetail` items of one publication of the Registre national des gels (the whole answer is
 * about 11 MB: read at once), as snapshot rows of kind `mesure`: legal persons only; natural persons and
 * vessels counted in the report.
 */
export async function* readFrGelsJson(file: string, report: FrGelsReadReport): AsyncGenerator<SnapshotRow> {
  const publications = await publicationsOf(file);
  report.datePublication =
    typeof publications.DatePublication === 'string' ? publications.DatePublication : null;
  const items = Array.isArray(publications.PublicationDetail) ? publications.PublicationDetail : [];
  const seen = new Set<string>();
  let rank = 0;
  for (const item of items as unknown[]) {
    rank++;
    const setAside = (motif: string) => {
      report.lignesEcartees++;
      if (report.exemplesEcartes.length < 5) report.exemplesEcartes.push({ rang: rank, motif });
    };
    if (!item || typeof item !== 'object' || Array.isArray(item)) {
      setAside('mesure illisible');
      continue;
    }
    const { IdRegistre, ...record } = item as FrGelsRecord;
    if (record.Nature === FR_GELS_NATURAL_PERSON) {
      report.personnesPhysiquesEcartees++;
      continue;
    }
    if (record.Nature !== FR_GELS_LEGAL_PERSON) {
      report.naviresEcartes++;
      continue;
    }
    const id =
      typeof IdRegistre === 'number' || typeof IdRegistre === 'string' ? String(IdRegistre).trim() : '';
    if (!/^\d+$/.test(id)) {
      setAside('IdRegistre illisible');
      continue;
    }
    if (typeof record.Nom !== 'string' || record.Nom.trim() === '') {
      setAside('Nom absent');
      continue;
    }
    if (seen.has(id)) {
      setAside('IdRegistre déjà lu');
      continue;
    }
    seen.add(id);
    report.entitesLues++;
    yield { kind: FR_GELS_MEASURE, id, record: { IdRegistre: Number(id), ...record } };
  }
}

/** The publication's date (`DatePublication`) as a UTC date, YYYY-MM-DD; null when absent or unreadable. */
export async function frGelsFileDate(file: string): Promise<string | null> {
  const publications = await publicationsOf(file);
  return typeof publications.DatePublication === 'string' ? utcDateOf(publications.DatePublication) : null;
}
