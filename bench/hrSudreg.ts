import path from 'node:path';
import { hrSudregIngestSpec } from '../ingest/hr-sudreg/hrSudregCommand.ts';
import { HR_SUDREG_PROFILES, hrSudregProjection } from '../projections/hr-sudreg/hrSudregProjection.ts';
import { fileRegisterBench } from './core/fileRegisterBench.ts';
import { generateSudregEntries } from './hr-sudreg/generateSudregEntries.ts';
import { generateSudregSnapshot } from './hr-sudreg/generateSudregSnapshot.ts';

/**
 * The daily snapshot: one `detalji_subjekta` answer per subject of the court register. The register counts
 * roughly 600,000 subjects, deleted ones included (an estimate: check `GET /counts` on first live access).
 */
export const { description, run } = fileRegisterBench({
  name: 'hr-sudreg',
  description:
    'Croatia (Sudski registar): ingest of a daily snapshot of detalji_subjekta answers, end to end, rows/s and peak RSS',
  what: 'a sudreg daily snapshot (detalji_subjekta) and the state-bodies entries files',
  sizes: {
    subjects: { published: 600_000, help: 'subjects of the generated snapshot (about 1.5 KB each)' },
    entries: {
      published: 8,
      help: 'court-register entries per subject, with their types, texts and procedures (0: the snapshot alone; 8 is an estimate)',
      zero: true,
    },
  },
  realFiles: { detalji: 'a recorded snapshot (JSON array of detalji_subjekta answers)' },
  async generate(dir, sizes) {
    const file = path.join(dir, 'detalji_subjekta.json');
    await generateSudregSnapshot(file, sizes.subjects!);
    const entries =
      sizes.entries! > 0 ? await generateSudregEntries(dir, sizes.subjects!, sizes.entries!) : {};
    return { detalji: file, ...entries };
  },
  real: (files) => ({ detalji: files.detalji! }),
  ingest: hrSudregIngestSpec,
  projection: hrSudregProjection,
  servedTable: HR_SUDREG_PROFILES,
});
