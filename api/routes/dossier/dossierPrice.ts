/** The dossier's base price in atomic units ($0.005): the identity, charged even when no block is served. */
export const DOSSIER_BASE_PRICE = 5_000;

/** No dossier costs more than $0.35, whatever blocks are served. */
export const DOSSIER_PRICE_CAP = 350_000;

/** The price of a dossier: the base plus the price of each block served, capped. Integers only. */
export function dossierPrice(servedBlockPrices: readonly number[]): number {
  const sum = servedBlockPrices.reduce((total, price) => total + price, DOSSIER_BASE_PRICE);
  return Math.min(DOSSIER_PRICE_CAP, sum);
}
