import type { EuStatut } from '../../schemas/europe/euStatut.ts';

/**
 * `company_status` (the CRO's label, read trimmed) → the unified `statut`. The labels seen in public code:
 * `Normal`, `Strike Off Listed`, `Dissolved`, `Liquidation`, `Receivership`, `Examinership` (33 codes exist;
 * no full list is published). Strike-off listing (removal pending), liquidation, receivership and
 * examinership are proceedings of a company still on the register: `en_cessation`, as Latvia's open
 * insolvency proceedings are. An unknown label gives no `statut` (its label stays in `statut_detail`).
 */
export function ieCroStatut(label: string | null): EuStatut | null {
  const l = (label ?? '').trim().toLowerCase();
  if (l === '') return null;
  if (l === 'normal') return 'actif';
  if (/dissolved|struck off|deregistered/.test(l)) return 'radie';
  if (/strike off listed|liquidation|receivership|examinership/.test(l)) return 'en_cessation';
  return null;
}
