import type { LiveObservation } from '../europe/euLiveRegister.ts';

/** The INPI's Registre national des entreprises (RNE), read live for the French profile's `dirigeants`. */
export const FR_RNE_REGISTER = 'fr.rne';

/**
 * One officer as the RNE's parser keeps it, and as `dirigeants[]` serves it. A natural person is its role
 * only: no name, first names, birth date, nationality or address ever enters this record.
 */
export type Dirigeant =
  | ({ type: 'personne_physique' } & DirigeantRole)
  | ({
      type: 'personne_morale';
      /** The legal person's SIREN (9 digits), null when the RNE gives none (a foreign company). */
      siren: string | null;
      denomination: string | null;
    } & DirigeantRole);

interface DirigeantRole {
  /** The RNE's `roleEntreprise` code (`53`), null when not published. */
  code_fonction: string | null;
  /** Its label in the RNE's code list (`Directeur Général`), null for a code the list does not name. */
  fonction: string | null;
  /** The RNE's `actif` flag, null when not published. */
  actif: boolean | null;
  /** The second role (`secondRoleEntreprise`), null when none is published. */
  code_fonction_secondaire: string | null;
  fonction_secondaire: string | null;
}

/**
 * The share capital as the RNE publishes it (`personneMorale.identite.description`): the amount exactly as
 * written (a decimal string, never a float: `170348620.75`), its currency and whether it is variable.
 */
export interface RneCapital {
  /** `montantCapital` as a decimal string with at most two decimals; null when not published. */
  montant: string | null;
  /** `deviseCapital` (`EUR`), null when not published. */
  devise: string | null;
  /** `capitalVariable`, null when not published. */
  variable: boolean | null;
}

/** One capital event of the RNE's `historique[]` (`15M` Modification du capital social): its dates, no amount. */
export interface RneCapitalEvent {
  code: string;
  libelle: string | null;
  /** `dateEffet`, as a date (`YYYY-MM-DD`, the RNE's own day), null when not published. */
  date_effet: string | null;
  /** `dateIntegration`, when the RNE recorded it (UTC ISO 8601), null when not published. */
  date_integration: string | null;
  /** The filing (`numeroLiasse`) that carried it, null when not published. */
  numero_liasse: string | null;
}

/**
 * What a `LiveRecordObserved` of `GET /api/companies/{siren}` keeps (the raw body is only hashed): the
 * officers, stripped of every natural person's data, or why there are none to serve; and the share capital
 * with its dated changes (`capital`: null for a sole trader, a 404 or a company not disclosable).
 */
export interface RneDirigeantsRecord {
  kind: 'fr-rne-dirigeants';
  siren: string;
  /** False: the RNE answered 404, it holds no such company. */
  connu: boolean;
  /** The RNE marks the company not disclosable (`diffusionINSEE` other than `O`): nothing is kept. */
  non_diffusible: boolean;
  dirigeants: Dirigeant[];
  /** Absent from observations kept by an earlier parser: the RNE is asked again (see the reader). */
  capital: RneCapital | null;
  evenements_capital: RneCapitalEvent[];
}

/** How the French profile reads the RNE: built by ingest/fr-rne, wired by the app (HandlerDeps.live.french). */
export interface RneReader {
  readonly register: string;
  /**
   * The company's officers: an observation younger than the register's maximum age is served again from the
   * read table; otherwise the RNE is asked and its answer appended to the log first. Throws
   * `LiveUnavailableError` when the RNE cannot answer usably.
   */
  dirigeants(siren: string): Promise<{ record: RneDirigeantsRecord; observation: LiveObservation }>;
  /** How long an observation is served again without asking the RNE (ms). */
  readonly maxAgeMs: number;
  circuit(): 'closed' | 'open' | 'half-open';
}
