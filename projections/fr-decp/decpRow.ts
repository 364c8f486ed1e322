import type { EntityRecordedData } from '../../schemas/events/entityEvents.ts';
import { type DecpRecord, decpBuyerId, decpContractId, textOf } from '../../schemas/events/frDecpEvents.ts';
import { decpContractHolders, decpModificationsOf } from '../../schemas/records/decpHolders.ts';

/** One contract of the consolidated DECP file as the read table holds it. */
export interface DecpMarcheRow {
  /** The entity id (`uid`, or buyer SIRET + `id`; `#n` after it for the file's n-th publication of it). */
  id: string;
  /** The contract's identifier in the file (`uid`, or buyer SIRET + `id`), shared by its publications. */
  cle: string;
  /** Its publication's rank among those of `cle` in the file (1 for the first). */
  publication: number;
  /**
   * The contract the publication describes: `cle` and the holders' SIRENs (sorted). Publications of one `cle`
   * with the same holder companies are versions of one contract, of which the read model serves the latest
   * (`datePublicationDonnees`, then the later in the file); other holder companies under one `cle` are
   * another contract (a buyer numbering its lots alike), served too (docs/registers.md).
   */
  groupe: string;
  /** The contract's `id` as published (unique per buyer only). */
  marche_id: string | null;
  acheteur_siret: string | null;
  /** The buyer's SIREN when its SIRET is 14 digits. */
  acheteur_siren: string | null;
  acheteur_nom: string | null;
  nature: string | null;
  objet: string | null;
  procedure: string | null;
  code_cpv: string | null;
  /** `YYYY-MM-DD` of the published date (some copies add a zone, `2018-12-17+01:00`); null when unreadable. */
  date_notification: string | null;
  date_publication: string | null;
  /** `dureeMois` when an integer (`NC` and the like: null). */
  duree_mois: number | null;
  /** The initial `montant` in integer cents, as text (bigint); null when not exact in cents or unreadable. */
  montant_centimes: string | null;
  /** The initial `montant` as published. */
  montant_publie: string | null;
  /** The `montant` of the latest modification that publishes one (the contract's new amount), in cents. */
  montant_modifie_centimes: string | null;
  montant_modifie_publie: string | null;
  /** `dateNotificationModification` of that modification. */
  date_modification: string | null;
  lieu_execution_code: string | null;
  lieu_execution_type: string | null;
  lieu_execution_nom: string | null;
  source: string | null;
  /** The distinct SIRENs the holders' SIRETs give (initial holders and those of modifications). */
  titulaires_siren: string[];
  /** Distinct holders named (by identifier type and id, readable or not). */
  nombre_titulaires: number;
}

const BIGINT_MAX = 9_223_372_036_854_775_807n;

/** A contract's row, or null when it has no entity id (the ingester sets such contracts aside). */
export function decpMarcheRow(data: EntityRecordedData): DecpMarcheRow | null {
  const r = data.record as DecpRecord;
  if (!data.id) return null;
  const buyer = decpBuyerId(r);
  const acheteur = objectOf(r.acheteur);
  const lieu = objectOf(r.lieuExecution);
  const holders = decpContractHolders(r);
  const lastAmount = lastModifiedAmount(r);
  const cle = decpContractId(r) ?? data.id;
  const sirens = [...new Set(holders.flatMap((h) => (h.siren ? [h.siren] : [])))];
  const suffix = data.id.startsWith(`${cle}#`) ? Number(data.id.slice(cle.length + 1)) : 1;
  return {
    id: data.id,
    cle,
    publication: Number.isSafeInteger(suffix) && suffix > 0 ? suffix : 1,
    groupe: `${cle}|${[...sirens].sort().join(',')}`,
    marche_id: textOf(r.id),
    acheteur_siret: buyer,
    acheteur_siren: buyer && /^\d{14}$/.test(buyer) ? buyer.slice(0, 9) : null,
    acheteur_nom: textOf(acheteur.nom),
    nature: textOf(r.nature),
    objet: textOf(r.objet),
    procedure: textOf(r.procedure),
    code_cpv: textOf(r.codeCPV),
    date_notification: dateOf(r.dateNotification),
    date_publication: dateOf(r.datePublicationDonnees),
    duree_mois: monthsOf(r.dureeMois),
    montant_centimes: centsOf(textOf(r.montant)),
    montant_publie: textOf(r.montant),
    montant_modifie_centimes: lastAmount ? centsOf(lastAmount.montant) : null,
    montant_modifie_publie: lastAmount?.montant ?? null,
    date_modification: lastAmount?.date ?? null,
    lieu_execution_code: textOf(lieu.code),
    lieu_execution_type: textOf(lieu.typeCode),
    lieu_execution_nom: textOf(lieu.nom),
    source: textOf(r.source),
    titulaires_siren: sirens,
    nombre_titulaires: new Set(holders.map((h) => `${h.typeIdentifiant ?? ''}|${h.id ?? ''}`)).size,
  };
}

/**
 * The latest modification that publishes a `montant` (the contract's amount after it, in the DECP schema):
 * by `dateNotificationModification`, a later one in the list winning a tie or an unreadable date.
 */
function lastModifiedAmount(r: DecpRecord): { montant: string; date: string | null } | null {
  let best: { montant: string; date: string | null } | null = null;
  for (const m of decpModificationsOf(r)) {
    const montant = textOf(m.montant);
    if (!montant) continue;
    const date = dateOf(m.dateNotificationModification);
    if (!best?.date || !date || date >= best.date) best = { montant, date };
  }
  return best;
}

/**
 * A published decimal amount in integer cents, exactly (BigInt arithmetic, never a float): `77899.0` →
 * `7789900`, `127835.12` → `12783512`, `1.0e3` → `100000`. Null when it has a non-zero digit below the cent,
 * is not a decimal number, or exceeds a bigint.
 */
export function centsOf(text: string | null): string | null {
  const m = text?.match(/^(-?)(\d+)(?:\.(\d+))?(?:[eE]([+-]?\d+))?$/);
  if (!m) return null;
  const [, sign, whole, fraction = '', exponent = '0'] = m;
  const shift = Number(exponent) + 2;
  const digits = `${whole}${fraction}`;
  const point = whole!.length + shift;
  if (Math.abs(shift) > 40) return null;
  const integer = point <= 0 ? '0' : digits.slice(0, point).padEnd(point, '0');
  const rest = point <= 0 ? digits : digits.slice(Math.max(point, 0));
  if (/[1-9]/.test(rest)) return null;
  const cents = BigInt(integer);
  if (cents > BIGINT_MAX) return null;
  return `${sign === '-' && cents !== 0n ? '-' : ''}${cents}`;
}

function dateOf(value: unknown): string | null {
  const text = textOf(value);
  return text && /^\d{4}-\d{2}-\d{2}/.test(text) ? text.slice(0, 10) : null;
}

function monthsOf(value: unknown): number | null {
  const text = textOf(value);
  if (!text || !/^\d{1,6}(\.0+)?$/.test(text)) return null;
  return Number.parseInt(text, 10);
}

function objectOf(value: unknown): Record<string, unknown> {
  return value && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
}
