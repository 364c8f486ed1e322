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

/** The blocks the service can serve; every other block of the closed list is `source_non_integree`. */
export type DossierBlockSources = Partial<Record<BlocDossier, DossierBlockSource>>;
