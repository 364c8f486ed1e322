import type { EuStatut } from '../../schemas/europe/euStatut.ts';
import type { HrSubject } from '../../schemas/events/hrSudregEvents.ts';

/** The contract's `procedure.code` (HR): `aucune`, `faillite` appear; liquidation and any other label besides. */
export type HrProcedureCode = 'aucune' | 'faillite' | 'liquidation' | 'autre';

/**
 * The procedure a subject is under, from `postupak.postupak.znacenje` as published: a label naming bankruptcy
 * (`stečaj…`) is `faillite`, liquidation (`likvidacij…`) `liquidation`, any other label `autre`; no procedure
 * (the key omitted) is `aucune`. A deleted subject's procedure is over (`en_cours` false).
 */
export function hrProcedure(s: Pick<HrSubject, 'postupak_znacenje' | 'status' | 'datum_brisanja'>) {
  const label = s.postupak_znacenje;
  const lower = (label ?? '').toLowerCase();
  const code: HrProcedureCode =
    label === null
      ? 'aucune'
      : lower.includes('stečaj')
        ? 'faillite'
        : lower.includes('likvidacij')
          ? 'liquidation'
          : 'autre';
  return { code, libelle: label, en_cours: code !== 'aucune' && !hrDeleted(s) };
}

/** Deleted from the register: a deletion date, or status 0. */
export const hrDeleted = (s: Pick<HrSubject, 'status' | 'datum_brisanja'>) =>
  s.datum_brisanja !== null || s.status === 0;

/** `radie` when deleted; `en_cessation` under bankruptcy or liquidation; `actif` otherwise. */
export function hrStatut(s: Pick<HrSubject, 'postupak_znacenje' | 'status' | 'datum_brisanja'>): EuStatut {
  if (hrDeleted(s)) return 'radie';
  const { code } = hrProcedure(s);
  return code === 'faillite' || code === 'liquidation' ? 'en_cessation' : 'actif';
}
