import type { LiveProfileRecord } from '../../schemas/europe/euLiveRegister.ts';
import type { ProfileMatch } from '../../schemas/europe/euProfileRow.ts';

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
