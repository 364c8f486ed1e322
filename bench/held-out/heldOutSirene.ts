import fs from 'node:fs/promises';
import path from 'node:path';
import { ETABLISSEMENT_LAYOUT, UNITE_LEGALE_LAYOUT } from '../../ingest/fr-sirene/frSireneColumns.ts';

/**
 * Sirene stock files (the current layouts, ../shared/FORMATS.md §1) holding one unnamed, active, diffusible
 * unit per SIREN checked, so that the routes answer for it: of a legal person's category (5710), or a sole
 * proprietor's (1000) when the upstream file publishes the SIREN under a person's name. No establishment (the
 * blocks checked read their own registers). The units are not real Sirene rows: they stand for the INSEE
 * stock, which this check does not have, and carry no name.
 */
export async function writeHeldOutSirene(
  dir: string,
  units: ReadonlyMap<string, 'personne_morale' | 'personne_physique'>,
): Promise<{ unitesLegales: string; etablissements: string }> {
  const unitesLegales = path.join(dir, 'StockUniteLegale_utf8.csv');
  const etablissements = path.join(dir, 'StockEtablissement_utf8.csv');
  const columns = UNITE_LEGALE_LAYOUT.known;
  const lines = [columns.join(',')];
  for (const [siren, kind] of [...units].sort()) {
    const values: Record<string, string> = {
      siren,
      statutDiffusionUniteLegale: 'O',
      dateCreationUniteLegale: '2000-01-01',
      dateDernierTraitementUniteLegale: '2026-01-01T00:00:00',
      etatAdministratifUniteLegale: 'A',
      categorieJuridiqueUniteLegale: kind === 'personne_physique' ? '1000' : '5710',
      nicSiegeUniteLegale: '00010',
    };
    lines.push(columns.map((c) => values[c] ?? '').join(','));
  }
  await fs.writeFile(unitesLegales, `${lines.join('\n')}\n`);
  await fs.writeFile(etablissements, `${ETABLISSEMENT_LAYOUT.known.join(',')}\n`);
  return { unitesLegales, etablissements };
}
