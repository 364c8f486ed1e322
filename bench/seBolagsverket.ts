import path from 'node:path';
import { seBolagsverketIngestSpec } from '../ingest/se-bolagsverket/seBolagsverketCommand.ts';
import {
  SE_BOLAGSVERKET_PROFILES,
  seBolagsverketProjection,
} from '../projections/se-bolagsverket/seBolagsverketProjection.ts';
import { fileRegisterBench } from './core/fileRegisterBench.ts';
import { generateBolagsverketFile } from './se-bolagsverket/generateBolagsverketFile.ts';

/** bolagsverket_bulkfil.txt: about 2.96 million rows (977 MB), counted by a public reader on 2026-06-05. */
export const { description, run } = fileRegisterBench({
  name: 'se-bolagsverket',
  description: 'Sweden (Bolagsverket): ingest of the weekly bulk file end to end, rows/s and peak RSS',
  what: 'a Bolagsverket bulk file',
  sizes: {
    rows: {
      published: 2_960_000,
      help: 'rows of the generated bulk file (one in three a sole trader, left out)',
    },
  },
  async generate(dir, sizes) {
    const file = path.join(dir, 'bolagsverket_bulkfil.txt');
    await generateBolagsverketFile(file, sizes.rows!);
    return { bulkfil: file };
  },
  ingest: seBolagsverketIngestSpec,
  projection: seBolagsverketProjection,
  servedTable: SE_BOLAGSVERKET_PROFILES,
});
