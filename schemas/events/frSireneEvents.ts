/**
 * The contract between the Sirene ingester and every projection that reads Sirene (profile, establishments,
 * search, lists). Entity events are the generic ones of ingest/core/entityEvents.ts:
 *
 * - `register` = `fr.sirene`;
 * - `kind` = `unite_legale` (id = siren, from StockUniteLegale) or `etablissement` (id = siret, from
 *   StockEtablissement);
 * - `record` = the CSV row keyed by its header names exactly as published (`siren`,
 *   `denominationUniteLegale`, `etablissementSiege`, ...), every value a string as written in the file,
 *   empty cells as null; columns unknown to the ingester are kept too. In the log the row is stored as its
 *   values (EntityValuesData), the header's names, sorted, declared once per pass in
 *   `SnapshotStarted.columns`; the event store reads it back as this record;
 * - both kinds of one company go to the company's stream `fr.sirene-<siren>`.
 */
export const FR_SIRENE_REGISTER = 'fr.sirene';
export const UNITE_LEGALE = 'unite_legale';
export const ETABLISSEMENT = 'etablissement';

export type SireneRecord = Record<string, string | null>;

export function frSireneStreamOf(row: { kind: string; id: string }): string {
  return `${FR_SIRENE_REGISTER}-${row.id.slice(0, 9)}`;
}
