import { datedFileIngestSpec } from '../core/datedFileCommand.ts';

/** `registres ingest eu-fsf <file> [--date YYYY-MM-DD] [--version <label>]` */
export const euFsfIngestSpec = datedFileIngestSpec({
  label: 'eu.fsf',
  summary:
    'EU consolidated list of persons, groups and entities subject to financial sanctions (FSF), XML 1.1',
  file: 'the XML 1.1 export of https://webgate.ec.europa.eu/fsd/fsf/public/files/xmlFullSanctionsList_1_1/content (<export generationDate=…><sanctionEntity>…); .gz or .zip read too',
  dateOf: 'export (default: its generationDate, UTC)',
  notes: 'Streamed. Legal persons (subjectType enterprise) only: natural persons are counted, never logged.',
  setAsideBecause: 'no logicalId, no or unknown subjectType, or a logicalId repeated in the file',
  load: async () => {
    const [{ ingestEuFsf }, { euFsfFileDate }] = await Promise.all([
      import('./ingestEuFsf.ts'),
      import('./readEuFsfXml.ts'),
    ]);
    return { ingest: ingestEuFsf, estimateRows: async () => null, fileDate: euFsfFileDate };
  },
});
