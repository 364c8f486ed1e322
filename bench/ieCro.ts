import path from 'node:path';
import { ieCroIngestSpec } from '../ingest/ie-cro/ieCroCommand.ts';
import { IE_CRO_PROFILES, ieCroProjection } from '../projections/ie-cro/ieCroProjection.ts';
import { fileRegisterBench } from './core/fileRegisterBench.ts';
import { generateCroCompanies } from './ie-cro/generateCroCompanies.ts';

/** Ireland's companies file: about 815,000 rows (814,897 on 2026-05-04). */
export const { description, run } = fileRegisterBench({
  name: 'ie-cro',
  description:
    'Ireland (CRO): ingest of the companies file end to end (file → events → unified-profile table), rows/s and peak RSS',
  what: 'the CRO companies file',
  sizes: { rows: { published: 815_000, help: 'rows of the generated companies file' } },
  realFiles: { file: 'companies.csv(.zip)' },
  async generate(dir, sizes) {
    const file = path.join(dir, 'companies.csv');
    await generateCroCompanies(file, sizes.rows!);
    return { companies: file };
  },
  real: (files) => ({ companies: files.file! }),
  ingest: ieCroIngestSpec,
  projection: ieCroProjection,
  servedTable: IE_CRO_PROFILES,
});
