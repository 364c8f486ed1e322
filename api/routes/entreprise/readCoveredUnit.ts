import type { Knex } from 'knex';
import { readUnit } from './readEtablissements.ts';
import { assertCovered } from './sireneCoverage.ts';
import { identityOf, type UnitRow } from './unitFields.ts';

/**
 * The legal unit of a per-company French route, once the coverage rules have let it through: every route about
 * one SIREN refuses what the profile refuses (unknown, restricted diffusion, sole proprietor, group without
 * legal personality, incomplete identity), before anything is read or charged.
 */
export async function readCoveredUnit(knex: Knex, siren: string): Promise<UnitRow> {
  const unit = await readUnit(knex, siren);
  assertCovered(siren, unit, identityOf);
  return unit;
}
