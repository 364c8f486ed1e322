import type { EntityRecordedData } from '../../schemas/events/entityEvents.ts';
import {
  INPI_MARQUE,
  type InpiPatentRecord,
  type InpiTrademarkRecord,
} from '../../schemas/events/frInpiPiEvents.ts';

/** One trademark or patent as the read table holds it, found by its holders' SIRENs. */
export interface InpiTitreRow {
  /** The entity id: `FR5189659` for a mark (office and number), `9307182` for a patent (never alike). */
  id: string;
  /** `marque` or `brevet`. */
  type: string;
  /** The mark's application number, the patent application's number. */
  numero: string;
  /** The mark's words; a patent's title. */
  libelle: string | null;
  /** A mark's status label as INPI publishes it; a patent's `@status`. */
  statut: string | null;
  /** YYYY-MM-DD when published so. */
  date_depot: string | null;
  titulaires_siren: string[];
  titulaires_non_identifies: number;
}

/** A title's row, or null when it names no holder's SIREN (the ingester keeps none such). */
export function inpiTitreRow(data: EntityRecordedData): InpiTitreRow | null {
  const holders = (data.record as { HolderSirens?: unknown }).HolderSirens;
  if (!Array.isArray(holders) || holders.length === 0) return null;
  const common = {
    id: data.id,
    type: data.kind,
    titulaires_siren: holders.filter((s): s is string => typeof s === 'string'),
    titulaires_non_identifies:
      Number((data.record as { HoldersUnidentified?: unknown }).HoldersUnidentified) || 0,
  };
  if (data.kind === INPI_MARQUE) {
    const r = data.record as unknown as InpiTrademarkRecord;
    return {
      ...common,
      numero: r.ApplicationNumber,
      libelle: r.MarkVerbalElementText,
      statut: r.MarkCurrentStatusCode,
      date_depot: r.ApplicationDate,
    };
  }
  const r = data.record as unknown as InpiPatentRecord;
  return {
    ...common,
    numero: r.id,
    libelle: r['invention-title'],
    statut: r.status,
    date_depot: r['application-date'],
  };
}
