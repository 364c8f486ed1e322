import type { Knex } from 'knex';
import { readSnapshotStates } from '../../../projections/core/snapshotState.ts';
import { EU_FSF_ENTITIES_TABLE, euFsfProjection } from '../../../projections/eu-fsf/euFsfProjection.ts';
import { FR_GELS_ENTITIES_TABLE, frGelsProjection } from '../../../projections/fr-gels/frGelsProjection.ts';
import { EU_FSF_REGISTER } from '../../../schemas/events/euFsfEvents.ts';
import { FR_GELS_REGISTER } from '../../../schemas/events/frGelsEvents.ts';
import { identifierKey, legalNameKey } from '../../../schemas/sanctions/legalNameKey.ts';
import type {
  SanctionsCandidate,
  SanctionsHit,
  SanctionsListVersion,
  SanctionsScreening,
} from '../../../schemas/sanctions/sanctionsScreening.ts';

/** The sanctions lists screened: their register, read table and read model. */
const LISTS = [
  { register: EU_FSF_REGISTER, table: EU_FSF_ENTITIES_TABLE, projection: euFsfProjection.name },
  { register: FR_GELS_REGISTER, table: FR_GELS_ENTITIES_TABLE, projection: frGelsProjection.name },
] as const;

interface ListedRow {
  entree: string;
  nom: string;
  noms: string[];
  cles_noms: string[];
  cles_identifiants: string[];
}

/** A candidate's keys: its name's, and its identifiers' (typed as the lists' keys are). */
function keysOf(candidate: SanctionsCandidate): { name: string; identifiers: Map<string, string> } {
  const identifiers = new Map<string, string>();
  const add = (type: string, value: string | null | undefined) => {
    const key = value ? identifierKey(type, value) : null;
    if (key && value) identifiers.set(key, value);
  };
  const ids = candidate.identifiants ?? {};
  add('siren', ids.siren);
  add('lei', ids.lei);
  add('num', ids.lei);
  add('rna', ids.rna);
  for (const other of ids.autres ?? []) add('num', other);
  return { name: typeof candidate.nom === 'string' ? legalNameKey(candidate.nom) : '', identifiers };
}

/**
 * Screens legal persons against the sanctions lists held here (the EU consolidated financial sanctions list,
 * the Registre national des gels). A hit is an entry whose published identifier equals one of the
 * candidate's (`identifiant`), else an entry one of whose names or aliases has the candidate's name key
 * (`nom_exact_normalise`: accents, case, punctuation and legal forms set aside); an entry found by identifier
 * is not reported again by name. No fuzzy match: a near name is not a hit. The lists' versions are returned
 * for provenance; a list never ingested has a null version (and gives no hit).
 */
export async function screenLegalPersons(
  knex: Knex,
  candidates: readonly SanctionsCandidate[],
): Promise<SanctionsScreening> {
  const keyed = candidates.map(keysOf);
  const names = [...new Set(keyed.map((k) => k.name).filter((n) => n !== ''))];
  const identifiers = [...new Set(keyed.flatMap((k) => [...k.identifiers.keys()]))];
  const states = await readSnapshotStates(knex, {
    projections: LISTS.map((l) => l.projection),
    registers: LISTS.map((l) => l.register),
  });
  const listes: SanctionsListVersion[] = states.map((s) => ({
    liste: s.register,
    version: s.current?.version ?? null,
    date: s.current?.snapshotDate ?? null,
    sha256: s.current?.sha256 ?? null,
  }));
  const resultats: SanctionsHit[] = [];
  if (names.length === 0 && identifiers.length === 0) return { resultats, listes };
  for (const list of LISTS) {
    const date = listes.find((l) => l.liste === list.register)?.date ?? null;
    const rows = await knex<ListedRow>(list.table)
      .select('entree', 'nom', 'noms', 'cles_noms', 'cles_identifiants')
      .whereRaw('cles_noms && ?::text[] or cles_identifiants && ?::text[]', [names, identifiers])
      .orderBy('entree');
    keyed.forEach((candidate, rank) => {
      for (const row of rows) {
        const hit = hitOf(candidate, row);
        if (hit)
          resultats.push({
            liste: list.register,
            entree: row.entree,
            nom_liste: row.nom,
            ...hit,
            candidat: rank,
            date_liste: date,
          });
      }
    });
  }
  resultats.sort(
    (a, b) =>
      a.candidat - b.candidat || Number(a.methode !== 'identifiant') - Number(b.methode !== 'identifiant'),
  );
  return { resultats, listes };
}

function hitOf(
  candidate: ReturnType<typeof keysOf>,
  row: ListedRow,
): Pick<SanctionsHit, 'methode' | 'valeur_rapprochee'> | null {
  const byId = row.cles_identifiants.find((k) => candidate.identifiers.has(k));
  if (byId) return { methode: 'identifiant', valeur_rapprochee: candidate.identifiers.get(byId)! };
  if (candidate.name === '' || !row.cles_noms.includes(candidate.name)) return null;
  const published = row.noms.find((n) => legalNameKey(n) === candidate.name) ?? row.nom;
  return { methode: 'nom_exact_normalise', valeur_rapprochee: published };
}
