import path from 'node:path';
import { gleifIngestSpec } from '../ingest/gleif/gleifCommand.ts';
import { GLEIF_ENTITIES, gleifProjection } from '../projections/gleif/gleifProjection.ts';
import { fileRegisterBench } from './core/fileRegisterBench.ts';
import { generateGoldenCopy } from './gleif/generateGoldenCopy.ts';

/**
 * The GLEIF golden copy at its published size: about 3 million LEI records (2,394,586 on 2023-06-05, growing),
 * 400,000 relationship records, 4.2 million reporting exceptions; about 4 GB of LEI XML.
 */
export const { description, run } = fileRegisterBench({
  name: 'gleif',
  description:
    'GLEIF: ingest of a full golden copy (LEI records, relationships, reporting exceptions; XML) end to end, rows/s and peak RSS',
  what: 'the GLEIF golden copy (XML)',
  sizes: {
    lei: { published: 3_000_000, help: 'LEI records of the generated lei2 file' },
    rr: { published: 400_000, help: 'relationship records of the generated rr file' },
    repex: { published: 4_200_000, help: 'reporting exceptions of the generated repex file' },
  },
  realFiles: {
    'lei2-file': 'lei2 golden copy',
    'rr-file': 'rr golden copy',
    'repex-file': 'repex golden copy',
  },
  async generate(dir, sizes) {
    const files = {
      lei2: path.join(dir, 'gleif-goldencopy-lei2-golden-copy.xml'),
      rr: path.join(dir, 'gleif-goldencopy-rr-golden-copy.xml'),
      repex: path.join(dir, 'gleif-goldencopy-repex-golden-copy.xml'),
    };
    await generateGoldenCopy(files, { lei: sizes.lei!, rr: sizes.rr!, repex: sizes.repex! });
    return files;
  },
  real: (files) => ({ lei2: files['lei2-file']!, rr: files['rr-file']!, repex: files['repex-file']! }),
  ingest: gleifIngestSpec,
  projection: gleifProjection,
  servedTable: GLEIF_ENTITIES,
});
