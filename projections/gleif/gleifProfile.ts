import type { EuProfileRow } from '../../schemas/europe/euProfileRow.ts';
import { naturalPersonRow } from '../../schemas/europe/euProfileRow.ts';
import type { EuStatut } from '../../schemas/europe/euStatut.ts';
import { gleifEntityRow } from './gleifRows.ts';

/**
 * `Entity.EntityStatus` → the unified `statut`: `ACTIVE` → `actif`, `INACTIVE` (the entity no longer exists
 * or is no longer legally registered) → `radie`. The LEI's registration status never enters it: a `LAPSED`
 * LEI is a registration not renewed, not a closed company. Anything else: no `statut`.
 */
export function gleifStatut(entityStatus: string | null): EuStatut | null {
  if (entityStatus === 'ACTIVE') return 'actif';
  if (entityStatus === 'INACTIVE') return 'radie';
  return null;
}

/**
 * An LEI record as a unified-profile row, keyed by the LEI (`id_national` and `lei`). `statut_detail` is the
 * entity status and, after a slash, the LEI's registration status (`ACTIVE / LAPSED`). A sole proprietor is a
 * natural person: kept as a bare identifier.
 */
export function gleifProfile(lei: string, record: Readonly<Record<string, unknown>>): EuProfileRow {
  const e = gleifEntityRow(lei, record);
  if (e.categorie === 'SOLE_PROPRIETOR') return { ...naturalPersonRow(lei), lei };
  const detail = [e.statut_entite, e.statut_enregistrement].filter((s) => s !== null).join(' / ');
  return {
    id_national: lei,
    personne_physique: false,
    denomination: e.denomination,
    forme_code: e.forme_code,
    forme_libelle: e.forme_autre,
    statut: gleifStatut(e.statut_entite),
    statut_detail: detail === '' ? null : detail,
    date_creation: e.date_creation,
    adresse: e.adresse,
    code_postal: e.code_postal,
    ville: e.ville,
    pays_adresse: e.pays_adresse,
    tva: null,
    lei,
    lien_registre: `https://search.gleif.org/#/record/${lei}`,
  };
}
