import type { BlocAbsent } from '../../../schemas/enums/blocAbsent.ts';
import type { ProvenanceEntry } from '../../catalogue/route.ts';

/**
 * What one source contributes to the French profile or the dossier for one company: the block's value, or
 * why it is absent; and the provenance of what was read (added to the answer's `provenance[]`). Exactly one
 * of `value` and `absent` is non-null, but for members whose contract states an in-band state instead of an
 * absence (`groupe_lei` answers `indisponible`, never null).
 */
export interface BlockReading<T> {
  value: T | null;
  absent: BlocAbsent | null;
  provenance: ProvenanceEntry[];
}

export const served = <T>(value: T, provenance: ProvenanceEntry[]): BlockReading<T> => ({
  value,
  absent: null,
  provenance,
});

export const absentBlock = <T>(absent: BlocAbsent, provenance: ProvenanceEntry[] = []): BlockReading<T> => ({
  value: null,
  absent,
  provenance,
});
