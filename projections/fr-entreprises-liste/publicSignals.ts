import type { Signal, SignalCategory } from '../fr-bodacc-annonces/signalOf.ts';

/** `signaux.procedure_collective`: where the company's collective procedure stands per the BODACC. */
export const PROCEDURE_STATES = [
  'sauvegarde',
  'redressement_judiciaire',
  'liquidation_judiciaire',
  'non_precisee',
  'cloturee',
  'aucune',
] as const;
export type ProcedureState = (typeof PROCEDURE_STATES)[number];

/** `signaux.dernier_signal`: the category of the company's latest BODACC signal. */
export const SIGNAL_CATEGORIES: readonly SignalCategory[] = [
  'ouverture_procedure',
  'plan',
  'liquidation',
  'cloture',
  'radiation',
];

export interface PublicSignals {
  procedure_collective: ProcedureState;
  dernier_signal: SignalCategory | null;
  date_dernier_signal: string | null;
}

const latestFirst = (a: Signal, b: Signal) =>
  b.date.localeCompare(a.date) ||
  b.date_parution.localeCompare(a.date_parution) ||
  b.annonce_id.localeCompare(a.annonce_id);

/**
 * The list's public signals of a company, from its live BODACC signals (alertes route's reading, signalOf.ts):
 * - `procedure_collective`: from the latest collective-procedure signal (opening, plan, liquidation,
 *   closing): a closing gives `cloturee`; a liquidation `liquidation_judiciaire`; an opening or a plan the
 *   procedure it names (`non_precisee` when the judgment does not name it); no such signal, `aucune` (none
 *   published: the BODACC online coverage is not the register of every procedure);
 * - `dernier_signal` and `date_dernier_signal`: the category and date (judgment date, else publication date)
 *   of the latest signal of any kind, striking-off included; null when there is none.
 */
export function publicSignalsOf(signals: readonly Signal[]): PublicSignals {
  const ordered = [...signals].sort(latestFirst);
  const latest = ordered[0] ?? null;
  const procedure = ordered.find((s) => s.categorie !== 'radiation') ?? null;
  return {
    procedure_collective: procedureState(procedure),
    dernier_signal: latest?.categorie ?? null,
    date_dernier_signal: latest?.date ?? null,
  };
}

function procedureState(signal: Signal | null): ProcedureState {
  if (!signal) return 'aucune';
  if (signal.categorie === 'cloture') return 'cloturee';
  if (signal.categorie === 'liquidation') return 'liquidation_judiciaire';
  return signal.procedure ?? 'non_precisee';
}
