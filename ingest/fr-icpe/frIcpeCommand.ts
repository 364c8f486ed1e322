import { pathsIngestSpec } from '../core/pathsIngestCommand.ts';

/** `registres ingest fr-icpe <files or folders...> [--date YYYY-MM-DD] [--version <label>]` */
export const frIcpeIngestSpec = pathsIngestSpec({
  label: 'fr.icpe',
  summary:
    'Géorisques classified installations (ICPE): the ZIPs of the CSV export (InstallationClassee.csv and its rubriques and inspections), a department’s or the country’s pages, as one pass',
  paths:
    'the ZIPs answered by https://www.georisques.gouv.fr/api/v1/csv/installations_classees (InstallationClassee.csv, rubriqueIC.csv, inspection.csv, …; `;`, ISO-8859-1), or folders of them: a department’s export (`departement=`), or every page (`page=1..`, `page_size=`, 6,000 by default) of the country’s',
  dateOf: 'the download (the export states none)',
  notes:
    'The files given are the copy, read as one pass: an installation none of them holds is dropped, so give every page of the download. Pages are read in natural name order (page_2 before page_10); an installation met again in a later page is kept once, from the first, and counted. Several ZIPs must read as one paged download (every page holds page_size installations but the last, which holds fewer), else the pass is refused before anything is published. The rubriques and inspection dates are grouped in memory by codeAiot, a page at a time, the installations streamed. The operator’s name, the street address and the coordinates are dropped before anything is logged; installations without a valid SIRET are counted, not logged.',
  rowsAre: 'rows (installations and pages)',
  blocks: true,
  reportLines(report) {
    const r = report as {
      installationsSansSiret?: number;
      lignesEcartees?: number;
      installationsEnDouble?: number;
      installationsParPage?: Record<string, number>;
    };
    const pages = Object.keys(r.installationsParPage ?? {}).length;
    return [
      `${pages} ${pages === 1 ? 'file' : 'pages'}, ${r.installationsSansSiret ?? 0} installations without a valid SIRET (not logged)`,
      ...(r.lignesEcartees
        ? [`${r.lignesEcartees} rows set aside (no codeAiot, or a codeAiot repeated in its page)`]
        : []),
      ...(r.installationsEnDouble
        ? [`${r.installationsEnDouble} installations met again in a later page (kept once, from the first)`]
        : []),
    ];
  },
  async load() {
    return (await import('./ingestFrIcpe.ts')).ingestFrIcpe;
  },
});
