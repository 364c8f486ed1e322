/**
 * The contract between the JOAFE ingester and the projections that read it. Entity events are the generic
 * ones, framed by a notice pass (ingest/core/noticePass.ts):
 *
 * - `register` = `fr.joafe`, `kind` = `annonce`, `id` = the notice id (`201500271011`);
 * - `record` = the `jo_associations` record as published, flat, its JSON-in-string members (`contenu`,
 *   `siege_social`) left as strings;
 * - stream `fr.joafe-<numero_rna>`. Only `source` = `joafe` records are association notices (the dataset
 *   also carries association accounts, `dca`).
 */
export const FR_JOAFE_REGISTER = 'fr.joafe';
export const JOAFE_NOTICE = 'annonce';

export function frJoafeStreamOf(rna: string): string {
  return `${FR_JOAFE_REGISTER}-${rna}`;
}
