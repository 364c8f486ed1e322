import type { LiveProfileRecord, LiveSearchRecord } from '../../schemas/europe/euLiveRegister.ts';
import type { EuProfileRow, ProfileMatch } from '../../schemas/europe/euProfileRow.ts';

/** A search by national identifier: the company of the profile record, if it is a legal person served. */
export function profileAsMatches(record: LiveProfileRecord): ProfileMatch[] {
  const row = record.profil;
  if (!row || row.personne_physique) return [];
  return [
    {
      id_national: row.id_national,
      denomination: row.denomination,
      statut: row.statut,
      ville: row.ville,
      score: 1,
      correspondance: 'identifiant_national',
    },
  ];
}

/**
 * A search observation's record from the companies a register found, parsed as profiles: legal persons only
 * (an undecided form, a sole trader or a natural person is dropped before anything is recorded).
 */
export function searchRecordOf(
  total: number | null,
  rows: readonly (EuProfileRow | null)[],
): LiveSearchRecord {
  const resultats = rows
    .filter((row): row is EuProfileRow => row !== null && !row.personne_physique)
    .map((row) => ({
      id_national: row.id_national,
      denomination: row.denomination,
      statut: row.statut,
      ville: row.ville,
    }));
  return { kind: 'eu-recherche', total, resultats };
}
