import type { Knex } from 'knex';
import { batchedKeyRead, rowsByKey } from '../../../ops/database/batchedKeyReads.ts';
import {
  SIRET_IDCC_TABLE,
  siretIdccProjection,
} from '../../../projections/fr-siret-idcc/siretIdccProjection.ts';
import {
  FR_SIRET_IDCC_FRESHNESS_DAYS,
  FR_SIRET_IDCC_REGISTER,
} from '../../../schemas/events/frSiretIdccEvents.ts';
import type { SnapshotReader } from '../../catalogue/snapshotReader.ts';
import { absentBlock, type BlockReading, served } from './blockReading.ts';
import { IDCC_STATE_NOTES, monthNote } from './idccStateNotes.ts';
import { readLocalCopyState, unreadableCopy } from './localCopyState.ts';

export const CONVENTIONS_COLLECTIVES_BLOC = 'conventions_collectives';

/** A note of `conventions_collectives_notes` (schemas/responses/conventionsCollectives.ts). */
export interface ConventionNote {
  /** The state code the note explains; null for the note on the file's month. */
  idcc: string | null;
  note: string;
}

/** The two profile members the SIRET-IDCC file feeds. */
export interface ConventionsCollectives {
  conventions_collectives: string[];
  conventions_collectives_notes: ConventionNote[];
}

interface CodeRow {
  siren: string;
  idcc: string;
  mois: string | null;
}

/**
 * The distinct (IDCC, month) pairs of each SIREN's establishments, sorted; the SIRENs asked for at the same
 * moment share one statement (batchedKeyReads.ts).
 */
const declaredCodes = batchedKeyRead<CodeRow, CodeRow[]>({
  name: 'registres_fr_siret_idcc_codes',
  sql: (places) =>
    `select distinct siren, idcc, mois from ${SIRET_IDCC_TABLE} where siren in (${places}) order by siren, idcc, mois`,
  group: rowsByKey((row) => row.siren),
});

/**
 * The distinct IDCC codes the company's establishments declare (SIREN = the SIRET's first 9 digits), sorted,
 * with notes: the DSN month of the file, then the meaning of each state code present (5100, 5501, 9998,
 * 9999). Absent `aucune_donnee` when the (complete) file names none of its establishments;
 * `copie_indisponible` when no complete copy young enough is held or the table cannot be read. Never throws.
 */
export async function readConventionsCollectives(
  knex: Knex,
  siren: string,
  opts: { now?: Date; readSnapshots?: SnapshotReader } = {},
): Promise<BlockReading<ConventionsCollectives>> {
  try {
    const copy = await readLocalCopyState(knex, {
      bloc: CONVENTIONS_COLLECTIVES_BLOC,
      register: FR_SIRET_IDCC_REGISTER,
      projection: siretIdccProjection.name,
      nomCourt: 'SIRET-IDCC',
      maxAgeDays: FR_SIRET_IDCC_FRESHNESS_DAYS,
      now: opts.now,
      readSnapshots: opts.readSnapshots,
    });
    if (!copy.ok) return absentBlock(copy.absent);
    const rows = (await declaredCodes.load(knex, siren)) ?? [];
    if (rows.length === 0) {
      return absentBlock(
        {
          bloc: CONVENTIONS_COLLECTIVES_BLOC,
          raison: 'aucune_donnee',
          message:
            'Aucun établissement de cette entreprise dans le fichier SIRET-IDCC. / No establishment of this company in the SIRET-IDCC file.',
        },
        copy.provenance,
      );
    }
    const codes = [...new Set(rows.map((r) => r.idcc))];
    const months = [...new Set(rows.flatMap((r) => (r.mois ? [r.mois] : [])))].sort();
    const notes: ConventionNote[] = [{ idcc: null, note: monthNote(months) }];
    for (const idcc of codes) {
      const note = IDCC_STATE_NOTES[idcc];
      if (note) notes.push({ idcc, note });
    }
    return served({ conventions_collectives: codes, conventions_collectives_notes: notes }, copy.provenance);
  } catch {
    return absentBlock(unreadableCopy(CONVENTIONS_COLLECTIVES_BLOC, 'SIRET-IDCC'));
  }
}
