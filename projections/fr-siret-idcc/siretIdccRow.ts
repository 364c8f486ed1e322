import type { EntityRecordedData } from '../../schemas/events/entityEvents.ts';
import { idccCode } from '../../schemas/events/frSiretIdccEvents.ts';

/** One establishment's declared agreement, as the read table holds it. */
export interface SiretIdccRow {
  /** `<siret>-<idcc>`, the entity id. */
  id: string;
  siren: string;
  siret: string;
  /** 4 digits (`0016`, `9999`). */
  idcc: string;
  /** `YYYY-MM`, the DSN month the file describes. */
  mois: string | null;
}

/** A row of the file's read table, or null when its SIRET or IDCC is unreadable (set aside on ingest). */
export function siretIdccRow(data: EntityRecordedData): SiretIdccRow | null {
  const r = data.record as Record<string, string | null>;
  const siret = r.siret ?? '';
  const idcc = idccCode(r.idcc);
  if (!/^\d{14}$/.test(siret) || idcc === null) return null;
  return { id: data.id, siren: siret.slice(0, 9), siret, idcc, mois: r.mois ?? null };
}
