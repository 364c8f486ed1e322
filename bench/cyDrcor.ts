import path from 'node:path';
import { cyDrcorIngestSpec } from '../ingest/cy-drcor/cyDrcorCommand.ts';
import { CY_DRCOR_PROFILES, cyDrcorProjection } from '../projections/cy-drcor/cyDrcorProjection.ts';
import { fileRegisterBench } from './core/fileRegisterBench.ts';
import { generateCyFiles } from './cy-drcor/generateCyFiles.ts';

/**
 * Organisations per generated file. The published row count was not found (the largest file, the officials,
 * is about 120 MB and is not read); Cyprus registers some 500,000 organisations and business names.
 */
export const { description, run } = fileRegisterBench({
  name: 'cy-drcor',
  description:
    'Cyprus (DRCOR): ingest of the organisations and registered-office files end to end (file → events → profile table), rows/s and peak RSS',
  what: 'the DRCOR organisations and registered offices',
  sizes: { rows: { published: 500_000, help: 'organisations of the generated files' } },
  realFiles: { organisations: 'organisations_NN.csv', offices: 'registered_office_NN.csv' },
  async generate(dir, sizes) {
    const files = {
      organisations: path.join(dir, 'organisations.csv'),
      offices: path.join(dir, 'registered_office.csv'),
    };
    await generateCyFiles(files, sizes.rows!);
    return files;
  },
  real: (files) => ({ organisations: files.organisations!, offices: files.offices! }),
  ingest: cyDrcorIngestSpec,
  projection: cyDrcorProjection,
  servedTable: CY_DRCOR_PROFILES,
});
