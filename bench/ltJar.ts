import path from 'node:path';
import { ltJarIngestSpec } from '../ingest/lt-jar/ltJarCommand.ts';
import { LT_JAR_PROFILES, ltJarProjection } from '../projections/lt-jar/ltJarProjection.ts';
import { fileRegisterBench } from './core/fileRegisterBench.ts';
import { generateLtJarFiles } from './lt-jar/generateLtJarFiles.ts';

/**
 * JAR_IREGISTRUOTI.csv: about 230,000 rows (40 MB). A long accounts file (`JAR_FA_RODIKLIAI_*_n.csv`) is about
 * 138 MB, the largest published: at about 280 bytes a line, some 500,000 lines (an estimate).
 */
export const { description, run } = fileRegisterBench({
  name: 'lt-jar',
  description:
    'Lithuania (JAR): ingest of the register file and of the largest file, a long accounts file, end to end, rows/s and peak RSS',
  what: 'JAR_IREGISTRUOTI and a long accounts file',
  sizes: {
    companies: { published: 230_000, help: 'rows of the generated register file' },
    lines: { published: 500_000, help: 'lines of the generated long accounts file (about 138 MB)' },
  },
  async generate(dir, sizes) {
    const files = {
      registered: path.join(dir, 'JAR_IREGISTRUOTI.csv'),
      accounts: path.join(dir, 'JAR_FA_RODIKLIAI_PLNA_2025_n.csv'),
    };
    await generateLtJarFiles(files, sizes.companies!, sizes.lines!);
    return { iregistruoti: files.registered, finansai: [files.accounts] };
  },
  ingest: ltJarIngestSpec,
  projection: ltJarProjection,
  servedTable: LT_JAR_PROFILES,
});
