import path from 'node:path';
import { roOnrcIngestSpec } from '../ingest/ro-onrc/roOnrcCommand.ts';
import { RO_ONRC_PROFILES, roOnrcProjection } from '../projections/ro-onrc/roOnrcProjection.ts';
import { fileRegisterBench } from './core/fileRegisterBench.ts';
import { generateOdFirme } from './ro-onrc/generateOdFirme.ts';

/**
 * The published OD_FIRME.CSV is about 690 MB (CKAN `size`, FORMATS-MORE.md §3); at the ~180 bytes of a row that
 * is about 3.8 million traders (an estimate: the row count is not published).
 */
export const { description, run } = fileRegisterBench({
  name: 'ro-onrc',
  description:
    'Romania (ONRC): ingest of OD_FIRME.CSV end to end (file → events → unified-profile table), rows/s and peak RSS',
  what: 'OD_FIRME.CSV',
  sizes: { rows: { published: 3_800_000, help: 'rows of the generated OD_FIRME.CSV' } },
  realFiles: { file: 'OD_FIRME.CSV' },
  async generate(dir, sizes) {
    const file = path.join(dir, 'od_firme.csv');
    await generateOdFirme(file, sizes.rows!);
    return { firme: file };
  },
  real: (files) => ({ firme: files.file! }),
  ingest: roOnrcIngestSpec,
  projection: roOnrcProjection,
  servedTable: RO_ONRC_PROFILES,
});
