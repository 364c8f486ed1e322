/**
 * `statut` of the European unified profile: a closed list of three values, the source's own label kept in
 * `statut_detail`.
 * - `actif`: registered and trading as far as the register says;
 * - `en_cessation`: still registered but in liquidation, bankruptcy or forced dissolution; in Latvia, whose
 *   register file has no such state, derived from the legal events: a liquidation, an insolvency proceeding
 *   not ended, a reorganisation that makes the company disappear (absorbed, merged, divided, transformed),
 *   an economic-activity suspension (see lv-ur/lvStatut.ts among the projections);
 * - `radie`: struck off / deleted from the register.
 */
export const EU_STATUTS = ['actif', 'en_cessation', 'radie'] as const;
