import {
  SIGNAUX_NON_CALCULES,
  SIGNAUX_PROSPECTION,
  type SignalProspection,
} from '../../schemas/enums/signauxProspection.ts';
import { listerRefusal } from '../lister/listerRefusal.ts';
import { parseBoundedInteger } from '../lister/parsePage.ts';

/** `recence_mois`: the signals' window, in months before the day of the answer. */
export const RECENCE_MOIS_DEFAULT = 12;
export const RECENCE_MOIS_MAX = 60;

/**
 * `signaux`: signal codes of the closed list separated by commas, each once; absent or empty, no filter.
 * An unknown code is refused (`valeur_invalide`, `indice` its position, `nom` the code).
 */
export function parseSignaux(raw: string | undefined): SignalProspection[] {
  if (raw === undefined || raw.trim() === '') return [];
  const codes = raw.split(',').map((c) => c.trim());
  const seen: SignalProspection[] = [];
  codes.forEach((code, indice) => {
    const known = SIGNAUX_PROSPECTION.find((s) => s === code);
    if (!known) {
      const why = SIGNAUX_NON_CALCULES[code];
      throw listerRefusal(
        'valeur_invalide',
        'signaux',
        why
          ? `Signal « ${code} » non calculé : ${why}.`
          : `Signal « ${code.slice(0, 40)} » inconnu ; valeurs : ${SIGNAUX_PROSPECTION.join(', ')}. / Unknown signal.`,
        { indice, nom: code.slice(0, 40) },
      );
    }
    if (!seen.includes(known)) seen.push(known);
  });
  return seen;
}

/** `recence_mois`: an integer from 1 to 60; default 12. */
export function parseRecenceMois(raw: string | undefined): number {
  return parseBoundedInteger(raw, {
    champ: 'recence_mois',
    code: 'valeur_invalide',
    max: RECENCE_MOIS_MAX,
    fallback: RECENCE_MOIS_DEFAULT,
  });
}
