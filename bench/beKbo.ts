import path from 'node:path';
import { beKboIngestSpec } from '../ingest/be-kbo/beKboCommand.ts';
import { BE_KBO_DEMO_FILES } from '../ingest/be-kbo/beKboDemo.ts';
import { BE_KBO_PROFILES, beKboProjection } from '../projections/be-kbo/beKboProjection.ts';
import { generateBeKboFiles } from './be-kbo/generateBeKboFiles.ts';
import { fileRegisterBench } from './core/fileRegisterBench.ts';

/** enterprise.csv of a Full extract: about 1.95 million enterprises (half of them natural persons). */
export const { description, run } = fileRegisterBench({
  name: 'be-kbo',
  description:
    'Belgium (KBO/BCE): ingest of a Full extract (enterprise, denomination, address) end to end, rows/s and peak RSS',
  what: 'a KBO Full extract (enterprise, denomination, address)',
  sizes: {
    enterprises: {
      published: 1_950_000,
      help: 'rows of the generated enterprise.csv; denomination.csv and address.csv follow (about 1.3 and 1.25 a row)',
    },
  },
  async generate(dir, sizes) {
    const files = {
      enterprise: path.join(dir, 'enterprise.csv'),
      denomination: path.join(dir, 'denomination.csv'),
      address: path.join(dir, 'address.csv'),
      code: BE_KBO_DEMO_FILES.code,
    };
    await generateBeKboFiles(files, sizes.enterprises!);
    return files;
  },
  ingest: beKboIngestSpec,
  projection: beKboProjection,
  servedTable: BE_KBO_PROFILES,
});
