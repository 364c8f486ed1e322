import { estonianDate } from './eeAriregisterProfile.ts';
import { ROLES } from './eeMandates.ts';

type Item = Record<string, unknown>;
const text = (v: unknown): string | null => (v === null || v === undefined || v === '' ? null : String(v));
const list = (v: unknown): Item[] => (Array.isArray(v) ? (v as Item[]) : []);

/** A role's standard representation right, as the law words it for that role (the card's general rule). */
export interface StandardRule {
  role: string;
  role_source: string | null;
  texte: string | null;
  /** The file publishes no start date for a standard rule. */
  depuis: null;
}

/** A special condition registered for this company, in the register's own words. */
export interface SpecialRule {
  type_source: string | null;
  type_libelle: string | null;
  texte: string | null;
  depuis: string | null;
  inscription: string | null;
}

export interface RepresentationRules {
  standard: StandardRule[];
  speciales: SpecialRule[];
}

/**
 * The representation rules of a company's card (`..._kaardile_kantud_isikud.json`): the standard rule of each
 * role (`esindusoiguse_normaalregulatsioonid`: `roll`, `sisu`) and the special conditions in force
 * (`esindusoiguse_eritingimused`, without an end date or ending after the snapshot; their texts had personal
 * codes masked at ingest). Null when the company's object carries neither list: the file did not publish
 * them, which is not the same as "no rule".
 */
export function eeRepresentationRules(
  doc: Item | undefined,
  snapshotDate: string | null,
): RepresentationRules | null {
  if (!doc || !('esindusoiguse_normaalregulatsioonid' in doc || 'esindusoiguse_eritingimused' in doc))
    return null;
  const standard = list(doc.esindusoiguse_normaalregulatsioonid).map((r): StandardRule => {
    const code = text(r.roll);
    return {
      role: (code && ROLES[code]?.role) || 'autre',
      role_source: code,
      texte: text(r.sisu),
      depuis: null,
    };
  });
  const speciales = list(doc.esindusoiguse_eritingimused)
    .filter((r) => {
      const end = estonianDate(r.lopp_kpv);
      return end === null || (snapshotDate !== null && end > snapshotDate);
    })
    .map(
      (r): SpecialRule => ({
        type_source: text(r.esinduse_tyyp),
        type_libelle: text(r.esinduse_tyyp_tekstina),
        texte: text(r.esinduse_sisu),
        depuis: estonianDate(r.algus_kpv),
        inscription: text(r.kande_nr),
      }),
    );
  return { standard, speciales };
}
