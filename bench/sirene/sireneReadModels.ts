import { PROJECTIONS } from '../../app/readSide.ts';
import type { Projection } from '../../projections/core/projection.ts';
import { etablissementsProjection } from '../../projections/fr-sirene-etablissements/etablissementsProjection.ts';
import { unitesLegalesProjection } from '../../projections/fr-sirene-unites-legales/unitesLegalesProjection.ts';
import { FR_SIRENE_REGISTER } from '../../schemas/events/frSireneEvents.ts';

/**
 * Every read model `serve` builds from Sirene's passes, in the manifests' order: the units and
 * establishments tables, the search index (fr-sirene-recherche) and the companies list (fr-entreprises-liste,
 * whose handlers write its source tables and then recompute the served rows with refreshListe), and any read
 * model a manifest adds later.
 */
export const SIRENE_READ_MODELS: readonly Projection[] = PROJECTIONS.filter((p) =>
  p.registers.includes(FR_SIRENE_REGISTER),
);

/** The two read models keyed like the design floor's tables (by siren and by siret). */
export const KEYED_READ_MODELS: readonly Projection[] = [unitesLegalesProjection, etablissementsProjection];
