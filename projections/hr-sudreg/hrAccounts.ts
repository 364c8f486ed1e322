import type { HrGfi, HrSubject } from '../../schemas/events/hrSudregEvents.ts';
import { hrDate } from './hrSudregProfile.ts';

/** `oznaka_konsolidacije`: 1 a consolidated statement, 0 not; any other value is not read (null). */
function consolidated(flag: number | null): boolean | null {
  return flag === 1 ? true : flag === 0 ? false : null;
}

/** One delivered statement as the `comptes` route serves it. */
function account(g: HrGfi) {
  return {
    rang: g.gfi_rbr,
    annee: g.godina_izvjestaja,
    debut: hrDate(g.datum_od),
    fin: hrDate(g.datum_do),
    document: { code: g.vrsta_dokumenta, libelle: g.vrsta_dokumenta_znacenje },
    consolide: consolidated(g.oznaka_konsolidacije),
    depose_le: hrDate(g.datum_dostave),
  };
}

const desc = (a: string | number | null, b: string | number | null) =>
  a === b ? 0 : a === null ? 1 : b === null ? -1 : a < b ? 1 : -1;

/**
 * The annual financial statements (GFI) a subject delivered, as the register lists them: most recent year first,
 * then the latest delivery, then the highest register number. `dernier_exercice` is the latest year listed.
 */
export function hrAccounts(subject: Pick<HrSubject, 'gfi'>) {
  const comptes = (subject.gfi ?? [])
    .map(account)
    .sort((a, b) => desc(a.annee, b.annee) || desc(a.depose_le, b.depose_le) || desc(a.rang, b.rang));
  return { comptes, dernier_exercice: comptes.find((c) => c.annee !== null)?.annee ?? null };
}
