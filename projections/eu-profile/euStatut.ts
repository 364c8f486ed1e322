/**
 * `statut` of the European unified profile: a closed list of three values, the source's own label kept in
 * `statut_detail`.
 * - `actif`: registered and trading as far as the register says;
 * - `en_cessation`: still registered but in liquidation, bankruptcy or forced dissolution;
 * - `radie`: struck off / deleted from the register.
 */
export const EU_STATUTS = ['actif', 'en_cessation', 'radie'] as const;
export type EuStatut = (typeof EU_STATUTS)[number];
