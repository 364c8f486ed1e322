import type {
  LiveProfileAnswer,
  LiveProfileRecord,
  LiveSearchAnswer,
  LiveSearchRecord,
} from '../../schemas/europe/euLiveRegister.ts';
import type { EuProfileRow, ProfileMatch } from '../../schemas/europe/euProfileRow.ts';
import { nameMatchScore } from './nameMatchScore.ts';

/** A search by national identifier: the company of the profile record, if it is a legal person served. */
function profileAsMatches(record: LiveProfileRecord): ProfileMatch[] {
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

/** A search whose query is the register's identifier: answered by the profile read (one upstream call). */
export async function searchByIdentifier(
  profile: (id: string) => Promise<LiveProfileAnswer>,
  id: string,
): Promise<LiveSearchAnswer> {
  const { record, observation } = await profile(id);
  const matches = profileAsMatches(record);
  return { matches, total: matches.length, observation };
}

/**
 * The companies a register found by name, each scored against the query (nameMatchScore), best first (the
 * register's order among equals), at most `limit`: every live register ranks its answers the same way,
 * whatever order or page size it answers with.
 */
export function rankedByName(q: string, record: LiveSearchRecord, limit: number): ProfileMatch[] {
  return record.resultats
    .map((r) => ({ ...r, ...nameMatchScore(q, r.denomination) }))
    .sort((a, b) => b.score - a.score)
    .slice(0, limit);
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
