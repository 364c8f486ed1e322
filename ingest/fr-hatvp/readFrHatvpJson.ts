import { HATVP_KEPT, HATVP_ORGANISATION, type HatvpRecord } from '../../schemas/events/frHatvpEvents.ts';
import { isLuhnValid } from '../../schemas/params/luhn.ts';
import { jsonValuesAt } from '../core/jsonValuesAt.ts';
import type { SnapshotRow } from '../core/snapshotPass.ts';
import { openUpstreamFile } from '../core/upstreamFile.ts';

/** What reading the file noticed, for the pass report. */
export interface HatvpReadReport {
  /** Publications read into the pass (registered under a SIREN). */
  publicationsLues: number;
  /** Publications set aside: a SIREN that is not 9 digits passing the Luhn check, or a SIREN read already. */
  lignesEcartees: number;
  /** Up to 5 examples of set-aside publications (rank in the file and why), never their content. */
  exemplesEcartes: { rang: number; motif: string }[];
  /**
   * Publications registered under another identifier, by `typeIdentifiantNational` (`RNA`, `HATVP`…, `absent`
   * when the member is missing): counted, not logged (HATVP_OTHER_IDENTIFIERS_REASON).
   */
  autresIdentifiants: Record<string, number>;
}

export function emptyHatvpReport(): HatvpReadReport {
  return { publicationsLues: 0, lignesEcartees: 0, exemplesEcartes: [], autresIdentifiants: {} };
}

const SIREN = /^\d{9}$/;

/**
 * The publications of `agora_repertoire_opendata.json` (`{"publications": [...]}`, about 137 MB), streamed one
 * publication at a time, as snapshot rows of kind `organisation` keyed by SIREN. Each publication is reduced
 * to the HATVP_KEPT members before anything else is done with it: no person it names (dirigeants,
 * collaborateurs, clients, contacts, officials met) reaches the log. Publications under another identifier
 * than a SIREN are counted by type, not read. The SIRENs seen are held in a set (a few thousand).
 */
export async function* readHatvpJson(file: string, report: HatvpReadReport): AsyncGenerator<SnapshotRow> {
  const publications = jsonValuesAt(
    await openUpstreamFile(file),
    (path) => path.length === 2 && path[0] === 'publications',
  );
  const seen = new Set<string>();
  let rank = 0;
  const setAside = (motif: string) => {
    report.lignesEcartees++;
    if (report.exemplesEcartes.length < 5) report.exemplesEcartes.push({ rang: rank, motif });
  };
  for await (const { value } of publications) {
    rank++;
    if (!isObject(value)) {
      setAside('publication illisible');
      continue;
    }
    const type =
      typeof value.typeIdentifiantNational === 'string' ? value.typeIdentifiantNational.trim() : '';
    if (type !== 'SIREN') {
      const key = type === '' ? 'absent' : type;
      report.autresIdentifiants[key] = (report.autresIdentifiants[key] ?? 0) + 1;
      continue;
    }
    const siren = typeof value.identifiantNational === 'string' ? value.identifiantNational.trim() : '';
    if (!SIREN.test(siren) || !isLuhnValid(siren)) {
      setAside('siren illisible');
      continue;
    }
    if (seen.has(siren)) {
      setAside('siren déjà lu');
      continue;
    }
    seen.add(siren);
    report.publicationsLues++;
    // Its position: the publication's number in the file (from 1, publications set aside or skipped counted).
    yield { kind: HATVP_ORGANISATION, id: siren, record: organisationOf(value), line: rank };
  }
}

/** The publication reduced to what may be logged (HATVP_KEPT), values as published. */
export function organisationOf(publication: Record<string, unknown>): HatvpRecord {
  const out = kept(publication, HATVP_KEPT.organisation);
  if (publication.publierMonAdressePhysique === false) delete out.adresse;
  if (isObject(out.activites)) out.activites = kept(out.activites, HATVP_KEPT.secteurs);
  if (Array.isArray(out.exercices)) out.exercices = out.exercices.map(exerciceOf);
  return out;
}

function exerciceOf(exercice: unknown): unknown {
  const current = isObject(exercice) ? exercice.publicationCourante : undefined;
  if (!isObject(current)) return {};
  const out = kept(current, HATVP_KEPT.exercice);
  if (Array.isArray(out.activites)) {
    out.activites = out.activites.map((activite) => {
      const published = isObject(activite) ? activite.publicationCourante : undefined;
      return { publicationCourante: isObject(published) ? kept(published, HATVP_KEPT.activite) : {} };
    });
  }
  return { publicationCourante: out };
}

function kept(from: Record<string, unknown>, names: readonly string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const name of names) if (name in from) out[name] = from[name];
  return out;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
