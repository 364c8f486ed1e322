import {
  SIGNAUX_NON_CALCULES,
  SIGNAUX_PROSPECTION,
  type SignalProspection,
} from '../../schemas/enums/signauxProspection.ts';
import { listerRefusal } from '../lister/listerRefusal.ts';

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
  if (raw === undefined || raw === '') return RECENCE_MOIS_DEFAULT;
  const months = /^\d{1,2}$/.test(raw) ? Number(raw) : Number.NaN;
  if (!Number.isInteger(months) || months < 1 || months > RECENCE_MOIS_MAX) {
    throw listerRefusal(
      'valeur_invalide',
      'recence_mois',
      `« recence_mois » est un entier de 1 à ${RECENCE_MOIS_MAX} (reçu « ${raw.slice(0, 20)} »). / recence_mois is an integer from 1 to ${RECENCE_MOIS_MAX}.`,
    );
  }
  return months;
}
