import { readdirSync } from 'node:fs';
import path from 'node:path';
import { esBormeIngestSpec } from '../ingest/es-borme/esBormeCommand.ts';
import { ES_BORME_PROFILES, esBormeProjection } from '../projections/es-borme/esBormeProjection.ts';
import { fileRegisterBench } from './core/fileRegisterBench.ts';
import { generateBormeDays } from './es-borme/generateBormeDays.ts';

/**
 * A BORME day: about 2,300 section A acts. Acts are numbered through the year, and the real issue 183 of
 * 2026 (2026-09-22) reached act 424,395: 424,395 / 183 ≈ 2,300 a day, in about 50 province documents.
 * A pass reads the whole base held (every day's documents): `--days` scales it.
 */
export const { description, run } = fileRegisterBench({
  name: 'es-borme',
  description:
    'Spain (BORME): ingest of section A XML documents and their days’ sumarios, end to end (files → events → acts table), rows/s and peak RSS',
  what: 'BORME section A XML documents and sumarios',
  sizes: {
    acts: { published: 2_300, help: 'acts per generated day (a BORME issue, 24 province documents)' },
    days: { published: 1, help: 'days (issues) of the generated base, each with its sumario' },
  },
  realFiles: {
    dir: 'directory of recorded files: the sumarios (sumario_*.json, BORME-S-*.xml) and the BORME-A-*.xml (or .pdf) documents they list',
  },
  async generate(dir, sizes) {
    return generateBormeDays(dir, sizes.days!, sizes.acts!);
  },
  real(files) {
    const names = readdirSync(files.dir!).sort();
    const full = (n: string) => path.join(files.dir!, n);
    return {
      documento: names.filter((n) => /^BORME-A-.*\.(xml|pdf)$/i.test(n)).map(full),
      sumario: names.filter((n) => /^(sumario.*|BORME-S-.*)\.(json|xml)$/i.test(n)).map(full),
    };
  },
  ingest: esBormeIngestSpec,
  projection: esBormeProjection,
  servedTable: ES_BORME_PROFILES,
});
