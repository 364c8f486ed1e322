import type { EuStatut } from '../../schemas/europe/euStatut.ts';

/** Greek label, lower case, without accents (`Υπο Εκκαθάριση` → `υπο εκκαθαριση`). */
const plain = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().trim();

/**
 * `ORGANISATION_STATUS` (Greek text; 17 values listed by one public client, idx 61924041591) → `statut`.
 * Registered, reminder sent and European Company are `actif`; a published three-month strike-off notice, a
 * liquidation of any kind, an administration or a provisional liquidator are `en_cessation`; struck off,
 * dissolved (after liquidation or merger) and removed by court decision are `radie`. Unknown: none.
 */
export function cyDrcorStatut(label: string | null): EuStatut | null {
  const l = plain(label ?? '');
  if (l === '') return null;
  if (/^(διαγραμμενη|διαλυση|διαλυθηκε|αφαιρεθηκε)/.test(l)) return 'radie';
  if (/εκκαθαρι|διαχειριση|τριμηνη/.test(l)) return 'en_cessation';
  if (['εγγεγραμμενη', 'σταληκε επιστολη υπενθυμισης', 'ευρωπαικη εταιρεια'].includes(l)) return 'actif';
  return null;
}
