import type { EuStatut } from './euStatut.ts';

/**
 * One company of a European local copy, in the unified profile's terms. Every register's read model fills
 * its own table of this shape (`eu_<cc>_entreprises`). A sole trader or natural person is kept as a bare
 * identifier (`personne_physique`, no name, no address) so the profile can refuse it by its own code.
 */
export interface EuProfileRow {
  id_national: string;
  personne_physique: boolean;
  denomination: string | null;
  forme_code: string | null;
  forme_libelle: string | null;
  statut: EuStatut | null;
  statut_detail: string | null;
  /** YYYY-MM-DD */
  date_creation: string | null;
  adresse: string | null;
  code_postal: string | null;
  ville: string | null;
  pays_adresse: string | null;
  tva: string | null;
  lei: string | null;
  lien_registre: string | null;
}

/** What is kept of a sole trader or natural person: the identifier only. */
export function naturalPersonRow(id: string): EuProfileRow {
  return {
    id_national: id,
    personne_physique: true,
    denomination: null,
    forme_code: null,
    forme_libelle: null,
    statut: null,
    statut_detail: null,
    date_creation: null,
    adresse: null,
    code_postal: null,
    ville: null,
    pays_adresse: null,
    tva: null,
    lei: null,
    lien_registre: null,
  };
}

/**
 * What is kept of an entity whose legal form does not tell whether it is a legal person (a branch of a foreign
 * entity, a form in no verified list): a bare identifier like a natural person's (never found by name), with
 * its form, which is why it is refused (404 `forme_juridique_non_servie`).
 */
export function undecidedFormRow(id: string, code: string | null, libelle: string | null): EuProfileRow {
  return { ...naturalPersonRow(id), forme_code: code, forme_libelle: libelle ?? '' };
}

/** One company found by a European search, with how well it matches. */
export interface ProfileMatch {
  id_national: string;
  denomination: string | null;
  statut: string | null;
  ville: string | null;
  /** The country of the registered address (what a copy covering several countries files a match under). */
  pays_adresse?: string | null;
  /** 0 to 1 */
  score: number;
  correspondance: 'identifiant_national' | 'denomination_exacte' | 'denomination_approchee';
}
