import type { EntityRecordedData } from '../../schemas/events/entityEvents.ts';
import type { TedRecord } from '../../schemas/events/euTedEvents.ts';
import { tedAwardSirens, unidentifiedFrenchWinners } from '../../schemas/records/tedWinners.ts';
import { centsOf } from '../fr-decp/decpRow.ts';

/** One award of a notice as the read table keeps it (in its `attributions` jsonb). */
export interface TedAttribution {
  lot: string | null;
  contrat: string | null;
  titre: string | null;
  /** The value published for this contract, in integer cents (text); null when withheld (`-1`) or unreadable. */
  montant_centimes: string | null;
  devise: string | null;
  /** The SIRENs the award's winners give. */
  attributaires_siren: string[];
  /** Winners of the award (a group: several), named by the notice, counted here. */
  nombre_attributaires: number;
}

/** One award notice with a French winner, as the read table holds it. */
export interface TedAvisRow {
  /** The publication number (`00251823-2024`). */
  id: string;
  format: string;
  type_avis: string | null;
  date_publication: string | null;
  titre: string | null;
  acheteur_nom: string | null;
  code_cpv: string | null;
  /** The distinct SIRENs of every award's winners: the notice is found by them (GIN index). */
  attributaires_siren: string[];
  /** French winners that give no SIREN: never matched, counted for the answer's `couverture`. */
  attributaires_non_identifies: number;
  /** The awards (jsonb). */
  attributions: TedAttribution[];
}

/**
 * A published amount in cents: exact (BigInt, never a float); a negative one (TED's `-1`: withheld until the
 * date of its `FieldsPrivacy`) or one not exact in cents is null, never shown.
 */
export function tedCentsOf(amount: string | null): string | null {
  const cents = centsOf(amount?.trim() ?? null);
  return cents === null || cents.startsWith('-') ? null : cents;
}

export function tedAvisRow(data: EntityRecordedData): TedAvisRow | null {
  if (!data.id) return null;
  const r = data.record as unknown as TedRecord;
  const awards = Array.isArray(r.Awards) ? r.Awards : [];
  const attributions: TedAttribution[] = awards.map((a) => ({
    lot: a.LotID ?? null,
    contrat: a.ContractID ?? null,
    titre: a.Title ?? null,
    montant_centimes: tedCentsOf(a.Amount ?? null),
    devise: a.Currency ?? null,
    attributaires_siren: tedAwardSirens(a),
    nombre_attributaires: a.Winners.length,
  }));
  return {
    id: data.id,
    format: r.Format,
    type_avis: r.NoticeType ?? null,
    date_publication: r.PublicationDate ?? null,
    titre: r.Title ?? null,
    acheteur_nom: r.BuyerName ?? null,
    code_cpv: r.MainCPV ?? null,
    attributaires_siren: [...new Set(attributions.flatMap((a) => a.attributaires_siren))],
    attributaires_non_identifies: unidentifiedFrenchWinners(awards),
    attributions,
  };
}
