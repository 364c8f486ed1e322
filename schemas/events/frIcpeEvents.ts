import { FILE_KIND } from './fileEvents.ts';

/**
 * The contract between the ICPE ingester and the projections that read it. The upstream is Géorisques'
 * export of the classified installations (installations classées pour la protection de l'environnement,
 * ministry of ecological transition): the ZIP answered by `GET /api/v1/csv/installations_classees`, five
 * `;`-separated ISO-8859-1 CSV files linked by `codeAiot` (InstallationClassee.csv, rubriqueIC.csv,
 * inspection.csv, metadataFichierInspection.csv, metadataFichierHorsInspection.csv). Entity events:
 *
 * - `register` = `fr.icpe`, `kind` = `installation`, `id` = `codeAiot` (10 digits, leading zeros kept);
 * - `record` = the installation's line of InstallationClassee.csv as published, minus ICPE_DROPPED_FIELDS
 *   (the operator's name, the street address and the coordinates never enter the log: real lines name
 *   natural persons, « MONSIEUR MARCQ GABRIEL », « MADAME LACROIX ANNE MARIE »), plus `rubriques` (its lines
 *   of rubriqueIC.csv, members as published minus `codeAiot`) and `inspections` (its lines of
 *   inspection.csv reduced to `dateInspection`: the report's file name may name people);
 * - each installation has its own stream `fr.icpe-<codeAiot>` (its operator, hence its SIRET, may change). An
 *   installation with no valid SIRET is counted in the read report, not logged: it joins no company.
 */
export const FR_ICPE_REGISTER = 'fr.icpe';
export const ICPE_INSTALLATION = 'installation';

/**
 * Days after which a copy is no longer served (the register dictionary's threshold): the export is made on
 * request from the inspection's current data and states no publication date, so the copy is dated by its
 * download; a month without one is tolerated, as the classification of a site changes over months.
 */
export const FR_ICPE_FRESHNESS_DAYS = 31;

/** Members of an InstallationClassee.csv line dropped before it is logged: who runs it and where exactly. */
export const ICPE_DROPPED_FIELDS = [
  'raisonSociale',
  'adresse1',
  'adresse2',
  'adresse3',
  'coordonneeX',
  'coordonneeY',
  'systemeCoordonnees',
  'longitude',
  'latitude',
] as const;

/** A rubrique line as the event carries it (rubriqueIC.csv's members as published, `codeAiot` removed). */
export type IcpeRubriqueRecord = Record<string, string | null>;

/**
 * An installation as the event carries it: InstallationClassee.csv's members as published (empty cells
 * null, ICPE_DROPPED_FIELDS removed), its `rubriques` and its `inspections` (one per inspection.csv line).
 */
export interface IcpeRecord {
  [member: string]: unknown;
  rubriques: IcpeRubriqueRecord[];
  inspections: { dateInspection: string }[];
}

/** An installation's stream, `fr.icpe-<codeAiot>`; a file of the pass (`fichier`, a page) `fr.icpe-fichier-<name>`. */
export function frIcpeStreamOf(row: { kind: string; id: string }): string {
  return row.kind === FILE_KIND
    ? `${FR_ICPE_REGISTER}-${FILE_KIND}-${row.id}`
    : `${FR_ICPE_REGISTER}-${row.id}`;
}
