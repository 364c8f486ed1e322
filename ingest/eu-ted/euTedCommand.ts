import { pathsIngestSpec } from '../core/pathsIngestCommand.ts';

/** `registres ingest eu-ted <files or folders...> [--date YYYY-MM-DD] [--version <label>]` */
export const euTedIngestSpec = pathsIngestSpec({
  label: 'eu.ted',
  summary:
    'TED award notices (eForms ContractAwardNotice and TED XML R2.0.9), the copy kept as notice XML files',
  paths:
    'notice XML files (.xml or .xml.gz), daily or monthly packages (.tar.gz, https://ted.europa.eu/packages/daily/…), or folders of them',
  dateOf: 'the latest package the files hold',
  notes:
    'Each pass reads every file given: a notice absent from them is dropped, so give the whole copy (the folder the packages are kept in). Packages are read as they stream, never extracted. Only award notices with a French winner are kept; winners are kept as their published identifier and country, never their name.',
  rowsAre: 'notices',
  reportLines(report) {
    const r = report as { lignesEcartees?: number; attributairesFrancaisSansIdentifiant?: number };
    return [
      ...(r.lignesEcartees
        ? [`${r.lignesEcartees} files set aside (unreadable, not a TED notice, older schema)`]
        : []),
      ...(r.attributairesFrancaisSansIdentifiant
        ? [
            `${r.attributairesFrancaisSansIdentifiant} French winners without a usable SIREN/SIRET (never matched)`,
          ]
        : []),
    ];
  },
  async load() {
    return (await import('./ingestEuTed.ts')).ingestEuTed;
  },
});
