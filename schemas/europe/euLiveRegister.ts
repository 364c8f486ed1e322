import type { EuProfileRow, ProfileMatch } from './euProfileRow.ts';

/**
 * A European register queried live (ARES, RPO, PRH, KRS, Zefix…): what the shared European routes need to
 * know of it. Each live register's manifest declares one (app/registers/); the routes are built from the list.
 */
export interface EuLiveRegister {
  pays: string;
  register: string;
  /** The national identifier's format, checked before any call, and its check digit when it has one. */
  idPattern: RegExp;
  idCheck?: (id: string) => boolean;
  /** The identifier as the register publishes it, from any accepted spelling (`CHE123456789` → `CHE-123.456.789`). */
  canonicalId?: (id: string) => string;
  idDescription: string;
  idLabel: string;
  /** How long an observation is served again from the read table without asking the register (ms). */
  maxAgeMs: number;
}

/** What a live register answered, and when: the observation a live answer's provenance names. */
export interface LiveObservation {
  url: string;
  observedAt: string;
  bodySha256: string;
  /** Served from an earlier observation (read table or this process's cache), not asked now. */
  cached: boolean;
}

/**
 * The record a profile observation keeps (`LiveRecordObserved.record`): the company in the unified profile's
 * terms (a natural person or sole trader as a bare identifier), `null` when the register does not know the
 * identifier, or `forme_indecise` when its legal form does not tell whether it is a legal person.
 */
export interface LiveProfileRecord {
  kind: 'eu-profil';
  pays: string;
  id_national: string;
  profil: EuProfileRow | null;
  forme_indecise?: { code: string | null; libelle: string | null };
}

/** The record a search observation keeps: the legal persons found (a natural person never enters the log). */
export interface LiveSearchRecord {
  kind: 'eu-recherche';
  /** The register's own count of matches, when it gives one. */
  total: number | null;
  resultats: Omit<ProfileMatch, 'score' | 'correspondance'>[];
}

export type LiveProfileAnswer = { record: LiveProfileRecord; observation: LiveObservation };

export interface LiveSearchAnswer {
  /** Legal persons only: sole traders and natural persons are dropped before anything is recorded. */
  matches: ProfileMatch[];
  /** The register's own count of matches, when it gives one. */
  total: number | null;
  observation: LiveObservation;
}

/** How the routes read one live register: built by the register's ingest folder, wired by the app. */
export interface EuLiveReader {
  readonly register: string;
  profile(id: string): Promise<LiveProfileAnswer>;
  /** Whether the register searches by name; one that does not (KRS) is asked in a search by identifier only. */
  readonly searchesByName: boolean;
  search(q: string, limit: number): Promise<LiveSearchAnswer>;
  /** The circuit breaker's state, for /health and /metrics. */
  circuit(): 'closed' | 'open' | 'half-open';
  /** Its detail routes' reads, by the route's segment (`comptes`, `comptes/{date_cloture}`, `evenements`). */
  readonly details?: Readonly<Record<string, LiveDetailReader>>;
}

/**
 * What a live detail route read (Slovak accounts, Swiss publications…): its members, or why the company is
 * not served. `observations` are every upstream answer the members come from (each a `LiveRecordObserved`
 * event already in the log); a live detail answer's provenance names them all.
 */
export type LiveDetailAnswer =
  | {
      outcome: 'servi';
      denomination: string | null;
      /** The route's own members, in body order. */
      members: Record<string, unknown>;
      observations: LiveObservation[];
    }
  | { outcome: 'inconnu' | 'personne_physique'; observations: LiveObservation[] }
  | { outcome: 'forme_indecise'; forme_code: string | null; observations: LiveObservation[] }
  /** The company is served, but the item the path names (a statement closing on a date) is not. */
  | { outcome: 'element_absent'; champ: string; message: string; observations: LiveObservation[] };

/** One live detail route's read: the company's identifier, and the route's other path parameters. */
export type LiveDetailReader = (
  id: string,
  params: Readonly<Record<string, string>>,
) => Promise<LiveDetailAnswer>;
