import type { BlocDossier } from '../../../schemas/params/blocs.ts';
import type { HandlerDeps } from '../../catalogue/route.ts';
import type { BlockReading } from '../entreprise/blockReading.ts';
import type { UnitRow } from '../entreprise/unitFields.ts';

/** Where one block of the dossier comes from, and what serving it costs. */
export interface DossierBlockSource {
  /** Atomic units added to the dossier's price when the block is served; an absent block costs nothing. */
  price: number;
  /**
   * The local registers it reads, and their projections: a copy missing or too old makes the block absent
   * (`copie_indisponible`) instead of refusing the dossier.
   */
  registers: readonly string[];
  projections: readonly string[];
  /** The block for a company the coverage rules let through: its value, or why it is absent. */
  read(deps: HandlerDeps, unit: UnitRow): Promise<BlockReading<Record<string, unknown>>>;
}

/**
 * Where every block of the closed list comes from: each is served, or absent for one of the contract's
 * reasons (no data, not disclosable, an outage), never for want of a source.
 */
export type DossierBlockSources = Record<BlocDossier, DossierBlockSource>;
