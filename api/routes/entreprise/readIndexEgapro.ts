import type { Knex } from 'knex';
import { batchedKeyRead, rowsByKey } from '../../../ops/database/batchedKeyReads.ts';
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
  /** The SIREN asked for. */
  demande: string;
  siren: string;
  annee: number;
  note: number | null;
  est_ues: boolean;
  ues_nom: string | null;
  membre: boolean;
}

/**
 * The declarations that give a company its index: its own, and those of every UES that lists it (`membre`),
 * by year, latest first, its own first. The SIRENs asked for at the same moment share one statement
 * (batchedKeyReads.ts); each is looked up by both indexes (SIREN, and the GIN index of the UES members).
 */
const declarations = batchedKeyRead<DeclarationRow, DeclarationRow[]>({
  name: 'registres_fr_egapro_declarations',
  sql: (places) => `
    select k.siren as demande, d.siren, d.annee, d.note, d.est_ues, d.ues_nom, d.siren <> k.siren as membre
      from (select distinct unnest(array[${places}]::text[]) as siren) as k
      join lateral (
        select siren, annee, note, est_ues, ues_nom from ${EGAPRO_INDEX_TABLE} where siren = k.siren
        union all
        select siren, annee, note, est_ues, ues_nom from ${EGAPRO_INDEX_TABLE}
         where ues_membres @> array[k.siren] and siren <> k.siren
      ) as d on true
     order by demande, d.annee desc, membre, d.siren`,
  group: rowsByKey((row) => row.demande),
});

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
    const rows = (await declarations.load(knex, siren)) ?? [];
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
