/** The DECP read model's tables (decpProjection.ts writes them, decpTotals.ts keeps the totals). */
export const DECP_MARCHES_TABLE = 'fr_decp_marches';
/**
 * One row per contract and holder SIREN, with what the route sorts by: a holder's newest contracts are read
 * from its own index range (a few pages), never from every contract it holds.
 */
export const DECP_TITULAIRES_TABLE = 'fr_decp_titulaires';
/** One row per SIREN holding or awarding a contract: its counts and holder total (decpTotals.ts). */
export const DECP_TOTAUX_TABLE = 'fr_decp_totaux';
