import {
  CORDIS_PROGRAMMES,
  type CordisProgramme,
  EU_CORDIS_REGISTER,
  euCordisStreamOf,
  ORGANIZATION_KNOWN_COLUMNS,
  ORGANIZATION_REQUIRED_COLUMNS,
  PROJECT_KNOWN_COLUMNS,
  PROJECT_REQUIRED_COLUMNS,
} from '../../schemas/events/euCordisEvents.ts';
import type { SnapshotCompletedData } from '../../schemas/events/snapshotEvents.ts';
import type { PassContext } from '../core/datedPass.ts';
import { type BlockPassChoice, type LinedPassFile, runFilesPass } from '../core/filesPass.ts';
import { countsAboveZero } from '../core/setAsideWarning.ts';
import { emptyCordisSetAside, readCordisOrganizations, readCordisProjects } from './readEuCordisFiles.ts';

/** One programme's two files, as extracted from `cordis-<programme>projects-csv.zip`. */
export interface CordisProgrammeFiles {
  project: string;
  organization: string;
}

export type CordisFiles = Partial<Record<CordisProgramme, CordisProgrammeFiles>>;

/**
 * One snapshot pass of CORDIS over the programmes given (Horizon 2020, Horizon Europe, or both), file roles
 * `h2020-project`, `h2020-organization`, `horizon-project`, `horizon-organization`: each file fingerprinted
 * (its SHA-256 in the report and in its `fichier` entity; the pass's fingerprint is the sorted manifest of
 * them all), its rows recorded as `projet` and `participation` entities, the rows set aside counted by reason
 * in the report (`lignesEcartees`, `ecartees`). A missing required column, or a file without a usable row,
 * refuses the pass before anything is published. A pass that records every row (the first, or `recordAll`)
 * records them in block events, each row with its own file's SHA-256 (the programmes' files share kinds) and
 * the physical line its record starts on.
 */
export async function ingestEuCordis(
  opts: PassContext & { files: CordisFiles; snapshotDate: string } & BlockPassChoice,
): Promise<SnapshotCompletedData> {
  const setAside = emptyCordisSetAside();
  const files: LinedPassFile[] = [];
  for (const programme of Object.keys(CORDIS_PROGRAMMES) as CordisProgramme[]) {
    const f = opts.files[programme];
    if (!f) continue;
    const stem = programme.toLowerCase();
    files.push(
      {
        role: `${stem}-project`,
        path: f.project,
        read: (file, onHeader) => readCordisProjects(file, onHeader, setAside),
        columns: { required: PROJECT_REQUIRED_COLUMNS, known: PROJECT_KNOWN_COLUMNS },
      },
      {
        role: `${stem}-organization`,
        path: f.organization,
        read: (file, onHeader) => readCordisOrganizations(file, onHeader, setAside),
        columns: { required: ORGANIZATION_REQUIRED_COLUMNS, known: ORGANIZATION_KNOWN_COLUMNS },
      },
    );
  }
  if (files.length === 0) throw new Error('eu.cordis: no programme given (h2020 or horizon)');
  return runFilesPass({
    ...opts,
    register: EU_CORDIS_REGISTER,
    files,
    blocks: true,
    streamOf: euCordisStreamOf,
    setAside: [{ fields: () => countsAboveZero({ ...setAside }), because: 'CORDIS rows set aside' }],
    report: () => ({
      lignesEcartees: Object.values(setAside).reduce((a, b) => a + b, 0),
      ecartees: { ...setAside },
    }),
  });
}
