/** One entry of the register dictionary (GET /v1/provenance/registres). Each register folder owns its entry. */
export interface RegisterInfo {
  /** Stable code used in events, projections and routes, e.g. `fr.sirene`. */
  code: string;
  /** Short name used in `citation`. */
  nomCourt: string;
  nomComplet: string;
  producteur: string;
  pays: string;
  licence: string;
  licenceUrl: string;
  /** `copie_locale`: dated snapshots ingested here; `direct`: queried live. */
  mode: 'copie_locale' | 'direct';
  /** Whether each pass loads a full upstream file (then provenance carries its SHA-256). */
  photoComplete: boolean;
  /** Days after which a local copy is no longer served, or null when the contract sets none. */
  seuilFraicheurJours: number | null;
  sourceUrl: string;
}
