/**
 * The contract between the RNA ingester and the projections that read RNA. Entity events are the generic
 * ones of a snapshot pass (ingest/core/snapshotPass.ts), one pass per monthly stock (waldec and import files
 * together):
 *
 * - `register` = `fr.rna`;
 * - `kind` = `waldec` (rna_waldec rows) or `import` (rna_import rows, associations declared before Waldec);
 * - `id` = the RNA number (`W` + 9 characters); an import row without one keeps its old number;
 * - `record` = the CSV row keyed by its header names as published, values as strings, empty cells null;
 *   `0001-01-01` (no date) is kept as published, the read side maps it to null;
 * - stream `fr.rna-<id>`.
 */
export const FR_RNA_REGISTER = 'fr.rna';
export const RNA_WALDEC = 'waldec';
export const RNA_IMPORT = 'import';

export type RnaRecord = Record<string, string | null>;

export function frRnaStreamOf(row: { id: string }): string {
  return `${FR_RNA_REGISTER}-${row.id}`;
}
