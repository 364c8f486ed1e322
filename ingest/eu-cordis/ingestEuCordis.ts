import path from 'node:path';
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
import { FILE_KIND, type FileRecord } from '../../schemas/events/fileEvents.ts';
import type { SnapshotCompletedData } from '../../schemas/events/snapshotEvents.ts';
import { datedPass, type PassContext } from '../core/datedPass.ts';
import { type ColumnSpec, checkHeader, manifestSha256 } from '../core/filesPass.ts';
import { countsAboveZero, warnSetAside } from '../core/setAsideWarning.ts';
import { runSnapshotPass, type SnapshotRow } from '../core/snapshotPass.ts';
import { sha256OfFile } from '../core/upstreamFile.ts';
import {
  type CordisSetAside,
  emptyCordisSetAside,
  readCordisOrganizations,
  readCordisProjects,
} from './readEuCordisFiles.ts';

/** One programme's two files, as extracted from `cordis-<programme>projects-csv.zip`. */
export interface CordisProgrammeFiles {
  project: string;
  organization: string;
}

export type CordisFiles = Partial<Record<CordisProgramme, CordisProgrammeFiles>>;

interface RoleFile {
  role: string;
  path: string;
  columns: ColumnSpec;
  read: (file: string, onHeader: (c: string[]) => void, s: CordisSetAside) => AsyncIterable<SnapshotRow>;
}

/** File roles: `h2020-project`, `h2020-organization`, `horizon-project`, `horizon-organization`. */
function roleFilesOf(files: CordisFiles): RoleFile[] {
  const out: RoleFile[] = [];
  for (const programme of Object.keys(CORDIS_PROGRAMMES) as CordisProgramme[]) {
    const f = files[programme];
    if (!f) continue;
    const stem = programme.toLowerCase();
    out.push({
      role: `${stem}-project`,
      path: f.project,
      columns: { required: PROJECT_REQUIRED_COLUMNS, known: PROJECT_KNOWN_COLUMNS },
      read: readCordisProjects,
    });
    out.push({
      role: `${stem}-organization`,
      path: f.organization,
      columns: { required: ORGANIZATION_REQUIRED_COLUMNS, known: ORGANIZATION_KNOWN_COLUMNS },
      read: readCordisOrganizations,
    });
  }
  return out;
}

/**
 * One snapshot pass of CORDIS over the programmes given (Horizon 2020, Horizon Europe, or both): each file
 * fingerprinted (its SHA-256 in the report and in its `fichier` entity; the pass's fingerprint is the sorted
 * manifest of them all), its rows recorded as `projet` and `participation` entities, the rows set aside
 * counted by reason in the report (`lignesEcartees`, `ecartees`). A missing required column, or a file
 * without a row, refuses the pass before anything is published.
 */
export async function ingestEuCordis(
  opts: PassContext & { files: CordisFiles; snapshotDate: string; onProgress?: (rows: number) => void },
): Promise<SnapshotCompletedData> {
  const roles = roleFilesOf(opts.files);
  if (roles.length === 0) throw new Error('eu.cordis: no programme given (h2020 or horizon)');
  const fingerprints: { role: string; nom: string; sha256: string }[] = [];
  for (const f of roles) {
    fingerprints.push({ role: f.role, nom: path.basename(f.path), sha256: await sha256OfFile(f.path) });
  }
  const setAside = emptyCordisSetAside();
  const lines: Record<string, number> = {};
  const unknownColumns: Record<string, string[]> = {};
  async function* rows(): AsyncGenerator<SnapshotRow> {
    for (const [i, f] of roles.entries()) {
      let n = 0;
      const onHeader = (columns: string[]) => {
        const unknown = checkHeader(f.role, columns, f.columns);
        if (unknown.length > 0) unknownColumns[f.role] = unknown;
      };
      for await (const row of f.read(f.path, onHeader, setAside)) {
        n++;
        yield row;
      }
      if (n === 0) throw new Error(`${f.role}: ${f.path} holds no usable row; pass refused`);
      lines[f.role] = n;
      const record: FileRecord = { ...fingerprints[i]!, lignes: n };
      yield { kind: FILE_KIND, id: f.role, record: { ...record } };
    }
  }
  const done = await runSnapshotPass({
    ...datedPass(opts, EU_CORDIS_REGISTER, opts.snapshotDate),
    fileSha256: manifestSha256(fingerprints),
    rows: rows(),
    streamOf: euCordisStreamOf,
    onProgress: opts.onProgress,
    report: () => ({
      fichiers: fingerprints.map((f) => ({ ...f, lignes: lines[f.role] ?? 0 })),
      lignesEcartees: Object.values(setAside).reduce((a, b) => a + b, 0),
      ecartees: { ...setAside },
      ...(Object.keys(unknownColumns).length > 0 ? { colonnes_inconnues: unknownColumns } : {}),
    }),
  });
  warnSetAside(opts.logger, EU_CORDIS_REGISTER, [
    { fields: () => countsAboveZero({ ...setAside }), because: 'CORDIS rows set aside' },
  ]);
  return done;
}
