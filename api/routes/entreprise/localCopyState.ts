import type { Knex } from 'knex';
import { readSnapshotStates } from '../../../projections/core/snapshotState.ts';
import type { BlocAbsent } from '../../../schemas/enums/blocAbsent.ts';
import type { ProvenanceEntry } from '../../catalogue/route.ts';
import type { SnapshotReader } from '../../catalogue/snapshotReader.ts';

const DAY_MS = 86_400_000;

/** A block's local copy: servable with its provenance, or the reason it is not (`copie_indisponible`). */
export type LocalCopyState = { ok: true; provenance: ProvenanceEntry[] } | { ok: false; absent: BlocAbsent };

/**
 * Whether the read side holds a complete copy of a full-file register young enough to serve one block of the
 * profile, from projection state only (the freshness guard's rule, for a block rather than a route): no
 * completed pass, or one older than `maxAgeDays`, is `copie_indisponible`. Provenance names the pass's
 * version, date and file SHA-256.
 */
export async function readLocalCopyState(
  knex: Knex,
  copy: {
    bloc: string;
    register: string;
    projection: string;
    nomCourt: string;
    maxAgeDays: number;
    now?: Date;
    /** The service's cached reader (HandlerDeps.readSnapshots); unset: read from `knex`. */
    readSnapshots?: SnapshotReader | undefined;
  },
): Promise<LocalCopyState> {
  const read = copy.readSnapshots ?? ((q) => readSnapshotStates(knex, q));
  const [state] = await read({ projections: [copy.projection], registers: [copy.register] });
  const current = state?.current;
  if (!current) {
    return {
      ok: false,
      absent: {
        bloc: copy.bloc,
        raison: 'copie_indisponible',
        message: `Aucune copie complète de ${copy.nomCourt} n’est encore chargée. / No complete copy of ${copy.register} is loaded yet.`,
      },
    };
  }
  const now = copy.now ?? new Date();
  const ageDays = Math.floor((now.getTime() - Date.parse(`${current.snapshotDate}T00:00:00Z`)) / DAY_MS);
  if (ageDays > copy.maxAgeDays) {
    return {
      ok: false,
      absent: {
        bloc: copy.bloc,
        raison: 'copie_indisponible',
        message: `Copie ${copy.nomCourt} du ${current.snapshotDate} : ${ageDays} jours, au-delà du seuil de ${copy.maxAgeDays} jours. / Copy older than the ${copy.maxAgeDays}-day threshold.`,
      },
    };
  }
  return {
    ok: true,
    provenance: [
      {
        registre: copy.register,
        version: current.version,
        ...(current.sha256 === null ? {} : { empreinte_sha256: current.sha256 }),
        date_photo: current.snapshotDate,
      },
    ],
  };
}

/** The block's absence when its read table could not be read (never thrown: the profile is still served). */
export function unreadableCopy(bloc: string, nomCourt: string): BlocAbsent {
  return {
    bloc,
    raison: 'copie_indisponible',
    message: `Copie locale de ${nomCourt} illisible au moment de la requête. / Local copy unreadable at request time.`,
  };
}
