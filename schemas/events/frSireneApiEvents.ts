/**
 * The contract of INSEE's API Sirene as the service reads it live: its register code, the companies a search
 * observes (the record of its LiveRecordObserved events) and the search port the routes are given.
 */
/** The live register code of INSEE's Sirene API (the same units as the `fr.sirene` stock, queried live). */
export const FR_SIRENE_API_REGISTER = 'fr.sirene.api';

/** A head office found by the API, with its legal unit's current values (the `/siret` answer embeds them). */
export interface LiveCompany {
  siren: string;
  denomination: string | null;
  etat: string | null;
  activite_principale: string | null;
  commune: string | null;
  code_postal: string | null;
}

export interface LiveSearchResult {
  companies: LiveCompany[];
  /** `header.total` of the answer: every match of the query upstream (0 on a 404). */
  total: number;
  observedAt: string;
  url: string;
}

export interface SireneApiSearch {
  search(request: { text: string; siren: string | null; limit: number }): Promise<LiveSearchResult>;
}
