import { datedFileIngestSpec } from '../core/datedFileCommand.ts';

/** `registres ingest fr-ratios-inpi-bce <file> [--date YYYY-MM-DD]`: the version of a pass is its date. */
export const frRatiosInpiBceIngestSpec = datedFileIngestSpec({
  label: 'fr.ratios-inpi-bce',
  summary: 'annual-accounts ratios (INPI/BCE): the CSV export of data.economie.gouv.fr ratios_inpi_bce',
  file: 'ratios_inpi_bce.csv (";", UTF-8)',
  dateOf: 'export',
  versionOption: false,
  setAsideBecause: 'unreadable SIREN, closing date or statement type',
  async load() {
    const { estimateRatiosRows, ingestFrRatiosInpiBce } = await import('./ingestFrRatiosInpiBce.ts');
    return { ingest: ingestFrRatiosInpiBce, estimateRows: estimateRatiosRows };
  },
});
