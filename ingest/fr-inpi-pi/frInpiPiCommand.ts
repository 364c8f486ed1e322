import { pathsIngestSpec } from '../core/pathsIngestCommand.ts';

/** `registres ingest fr-inpi-pi <files or folders...> [--date YYYY-MM-DD] [--version <label>]` */
export const frInpiPiIngestSpec = pathsIngestSpec({
  label: 'fr.inpi-pi',
  summary:
    'INPI industrial property: French trademarks (ST.66 XML, TradeMark) and patents (fr-patent-document XML)',
  paths:
    'INPI XML files (.xml or .xml.gz: FR_FRNEWST66_<YYYY-WW>.xml, one fr-patent-document per file), ZIP archives of them (FR_FRST66_<YYYY-WW>.zip), or folders of them',
  dateOf: 'the latest file the copy holds',
  notes:
    'Each pass reads every file given: a title absent from them is dropped, so give the whole copy (stock and weekly files). Files are read newest first (reverse name order): the latest version of a title wins. Streamed, archives never extracted. Only titles with a holder’s SIREN are kept, as SIRENs: no inventor, representative, holder’s name or address is read.',
  rowsAre: 'titles',
  blocks: true,
  reportLines(report) {
    const r = report as { lignesEcartees?: number; titresSansSiren?: number };
    return [
      ...(r.lignesEcartees
        ? [`${r.lignesEcartees} documents or titles set aside (unreadable, no number)`]
        : []),
      ...(r.titresSansSiren ? [`${r.titresSansSiren} titles without a holder's SIREN (not kept)`] : []),
    ];
  },
  async load() {
    return (await import('./ingestFrInpiPi.ts')).ingestFrInpiPi;
  },
});
