import type { Signal } from '../../../projections/fr-bodacc-annonces/signalOf.ts';
import { SIGNAUX_KYB, type SignalKyb } from '../../../schemas/enums/signauxKyb.ts';
import type { UnitRow } from '../entreprise/unitFields.ts';
import type { CompanyVat } from '../tva/readCompanyVat.ts';
import type { ScreeningHit } from './kybSanctions.ts';

/** One red flag of a KYB answer: its code (closed list), the register it comes from, its date and reference. */
export interface KybSignal {
  code: SignalKyb;
  source: string;
  /** YYYY-MM-DD of the fact when the source dates it, else null. */
  date: string | null;
  /** The source's own reference (a BODACC notice id, a list entry), null when none. */
  reference: string | null;
}

const sourceOf = (code: SignalKyb) => SIGNAUX_KYB.find((s) => s.code === code)!.source;

/** How long a creation counts as recent: 12 months. */
const RECENT_MONTHS = 12;

/** What the flags are computed from: only what the answer serves beside them. */
export interface SignalFacts {
  unit: UnitRow;
  /** The company's live BODACC signals, newest first; null when the gazette could not be read. */
  alertes: readonly Signal[] | null;
  vat: CompanyVat | null;
  hits: readonly ScreeningHit[] | null;
  /** Registers of the screened lists, by code: the source of a sanctions flag. */
  now: Date;
}

/**
 * The KYB's red flags, each from one fact served in the same answer. An unread source raises no flag and
 * clears none: its block is named absent instead.
 */
export function kybSignalsOf(facts: SignalFacts): KybSignal[] {
  const out: KybSignal[] = [];
  const flag = (
    code: SignalKyb,
    date: string | null,
    reference: string | null,
    source: string = sourceOf(code),
  ) => out.push({ code, source, date, reference });
  if (facts.unit.etat_administratif === 'C') flag('entreprise_cessee', null, null);
  if (facts.alertes) {
    // The latest signal of a proceeding decides whether one is open: a closure published after it ends it.
    const latest = facts.alertes.find((a) => a.categorie !== 'radiation');
    if (latest && latest.categorie !== 'cloture')
      flag('procedure_collective', latest.date, latest.annonce_id);
    const radiation = facts.alertes.find((a) => a.categorie === 'radiation');
    if (radiation) flag('radiation_publiee', radiation.date, radiation.annonce_id);
  }
  if (facts.vat?.tva.statut === 'invalide')
    flag('tva_non_valide', facts.vat.tva.consulte_le.slice(0, 10), null);
  for (const hit of facts.hits ?? []) {
    const code: SignalKyb =
      hit.qualite === 'entreprise'
        ? 'sanction_entreprise'
        : hit.qualite === 'dirigeant'
          ? 'sanction_dirigeant'
          : 'sanction_mere';
    flag(code, null, hit.entree, hit.liste);
  }
  if (facts.unit.date_creation && isRecent(facts.unit.date_creation, facts.now)) {
    flag('creation_recente', facts.unit.date_creation, null);
  }
  return out;
}

function isRecent(date: string, now: Date): boolean {
  const created = Date.parse(`${date}T00:00:00Z`);
  if (!Number.isFinite(created)) return false;
  const limit = new Date(now.getTime());
  limit.setUTCMonth(limit.getUTCMonth() - RECENT_MONTHS);
  return created > limit.getTime();
}
