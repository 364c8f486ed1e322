import type { Knex } from 'knex';
import { type BlockReading, served } from '../entreprise/blockReading.ts';
import { etablissementsList } from '../entreprise/etablissementsList.ts';
import type { UnitRow } from '../entreprise/unitFields.ts';

/** The `etablissements` block: what GET /v1/entreprise/{siren}/etablissements serves (without `geo`). */
export async function readEtablissementsBlock(
  knex: Knex,
  unit: UnitRow,
): Promise<BlockReading<Record<string, unknown>>> {
  return served(await etablissementsList(knex, unit, false), []);
}
