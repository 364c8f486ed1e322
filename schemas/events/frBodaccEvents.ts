/**
 * The contract between the BODACC ingester and the projections that read BODACC. Entity events are the
 * generic ones of ingest/core/entityEvents.ts, framed by a notice pass (ingest/core/noticePass.ts):
 *
 * - `register` = `fr.bodacc`, `kind` = `annonce`, `id` = the notice id (`B20220227446`);
 * - `record` = the notice as published by the `annonces-commerciales` dataset, flat, with its own field
 *   names; members that DILA publishes as JSON in strings (`listepersonnes`, `jugement`, `acte`,
 *   `parutionavisprecedent`, ...) stay strings, and `registre` stays a string (API v1) or an array (v2.1);
 * - the event is appended on the stream of each company the notice names: `fr.bodacc-<siren>`.
 */
export const FR_BODACC_REGISTER = 'fr.bodacc';
export const BODACC_NOTICE = 'annonce';

export function frBodaccStreamOf(siren: string): string {
  return `${FR_BODACC_REGISTER}-${siren}`;
}
