import type { RegisterSnapshotView, SnapshotReader } from '../catalogue/snapshotReader.ts';
import { isDatabaseOutage } from '../errors/databaseOutage.ts';

/**
 * Whether the snapshot facts of a free document were read now (`a_jour`), are the last ones this process read
 * before the database became unreachable (`derniere_connue`), or were never read by it (`inconnue`).
 */
export type SnapshotFactsState = 'a_jour' | 'derniere_connue' | 'inconnue';

export interface SnapshotFacts {
  views: RegisterSnapshotView[];
  /** `photos` of the answer: how current its snapshot facts are. */
  photos: { etat: SnapshotFactsState; lues_le: string | null; message?: string };
}

const LAST_KNOWN_MESSAGE =
  'Base du service injoignable : dernières photos connues de ce processus, lues à `lues_le`. / Service database unreachable: the last snapshots this process read, at `lues_le`.';
const UNKNOWN_MESSAGE =
  'Base du service injoignable : photos inconnues de ce processus pour l’instant. / Service database unreachable: no snapshot read by this process yet.';

/**
 * The snapshot facts the free documents (dictionary, closed lists) show, read through `read`; while the database
 * is unreachable (or not reached yet) they keep answering with the last facts read, marked as such, instead of
 * a 503: their other content needs no database.
 */
export function lastKnownSnapshots(
  read: SnapshotReader,
  opts: { databaseReady?: () => boolean; now?: () => Date } = {},
): (query: Parameters<SnapshotReader>[0]) => Promise<SnapshotFacts> {
  const now = opts.now ?? (() => new Date());
  const last = new Map<string, { views: RegisterSnapshotView[]; at: string }>();
  return async (query) => {
    const key = `${query.projections.join(',')}|${query.registers.join(',')}`;
    if (opts.databaseReady?.() !== false) {
      try {
        const views = await read(query);
        const at = now().toISOString();
        last.set(key, { views, at });
        return { views, photos: { etat: 'a_jour', lues_le: at } };
      } catch (err) {
        if (!isDatabaseOutage(err)) throw err;
      }
    }
    const known = last.get(key);
    return known
      ? {
          views: known.views,
          photos: { etat: 'derniere_connue', lues_le: known.at, message: LAST_KNOWN_MESSAGE },
        }
      : { views: [], photos: { etat: 'inconnue', lues_le: null, message: UNKNOWN_MESSAGE } };
  };
}
