import type { Knex } from 'knex';
import { EGAPRO_INDEX_TABLE, egaproProjection } from '../../../projections/fr-egapro/egaproProjection.ts';
import { FR_EGAPRO_FRESHNESS_DAYS, FR_EGAPRO_REGISTER } from '../../../schemas/events/frEgaproEvents.ts';
import type { SnapshotReader } from '../../catalogue/snapshotReader.ts';
import { absentBlock, type BlockReading, served } from './blockReading.ts';
import { readLocalCopyState, unreadableCopy } from './localCopyState.ts';

export const INDEX_EGAPRO_BLOC = 'index_egapro';

/** One year of `index_egapro[]` (schemas/responses/indexEgapro.ts). */
export interface IndexEgaproItem {
  annee: number;
  /** Null when the export publishes `NC` (not computable). */
  note: number | null;
  /** Present when the index is a UES's: the declaring company's SIREN and the UES's name. */
  ues?: { siren_declarant: string; nom: string | null };
}

interface DeclarationRow {
  siren: string;
  annee: number;
  note: number | null;
  est_ues: boolean;
  ues_nom: string | null;
  membre: boolean;
}

/**
 * The company's Egapro index, one item per year, latest first. The company's own declaration comes first; a
 * year it did not declare itself but a UES listing it did gives the UES's index, marked `ues` (the index is
 * computed on the whole UES, and the law has the UES declare it for its members). Absent `aucune_donnee`
 * when the (complete) export names the company nowhere; `copie_indisponible` when no complete copy young
 * enough is held or the table cannot be read. Never throws.
 */
export async function readIndexEgapro(
  knex: Knex,
  siren: string,
  opts: { now?: Date; readSnapshots?: SnapshotReader } = {},
): Promise<BlockReading<IndexEgaproItem[]>> {
  try {
    const copy = await readLocalCopyState(knex, {
      bloc: INDEX_EGAPRO_BLOC,
      register: FR_EGAPRO_REGISTER,
      projection: egaproProjection.name,
      nomCourt: 'Egapro',
      maxAgeDays: FR_EGAPRO_FRESHNESS_DAYS,
      now: opts.now,
      readSnapshots: opts.readSnapshots,
    });
    if (!copy.ok) return absentBlock(copy.absent);
    const { rows } = await knex.raw<{ rows: DeclarationRow[] }>(
      `select siren, annee, note, est_ues, ues_nom, siren <> ? as membre
         from ${EGAPRO_INDEX_TABLE}
        where siren = ? or ues_membres @> array[?]::text[]
        order by annee desc, (siren <> ?), siren`,
      [siren, siren, siren, siren],
    );
    if (rows.length === 0) {
      return absentBlock(
        {
          bloc: INDEX_EGAPRO_BLOC,
          raison: 'aucune_donnee',
          message:
            'Aucune déclaration Egapro pour cette entreprise ni pour une UES qui la compte. / No Egapro declaration for this company or a UES listing it.',
        },
        copy.provenance,
      );
    }
    const items: IndexEgaproItem[] = [];
    for (const row of rows) {
      // Rows come by year, the company's own declaration first: the first row of a year is the one served.
      if (items.at(-1)?.annee === row.annee) continue;
      const ues = row.est_ues || row.membre;
      items.push({
        annee: row.annee,
        note: row.note,
        ...(ues ? { ues: { siren_declarant: row.siren, nom: row.ues_nom } } : {}),
      });
    }
    return served(items, copy.provenance);
  } catch {
    return absentBlock(unreadableCopy(INDEX_EGAPRO_BLOC, 'Egapro'));
  }
}
