import type { EuStatut } from '../../schemas/europe/euStatut.ts';

/**
 * Companies House's `company_status` values (constants.yml, every one of them) in the unified profile's three
 * states: a company in liquidation, receivership, administration, an insolvency proceeding or a voluntary
 * arrangement is ceasing; one dissolved, converted or closed, or removed (an overseas entity) is struck off.
 */
const STATUSES: Readonly<Record<string, EuStatut>> = {
  active: 'actif',
  open: 'actif',
  registered: 'actif',
  liquidation: 'en_cessation',
  receivership: 'en_cessation',
  administration: 'en_cessation',
  'insolvency-proceedings': 'en_cessation',
  'voluntary-arrangement': 'en_cessation',
  dissolved: 'radie',
  'converted-closed': 'radie',
  closed: 'radie',
  removed: 'radie',
};

/**
 * The normalised status, and the published values verbatim in `statut_detail`. An active company the registrar
 * proposes to strike off (`company_status_detail: active-proposal-to-strike-off`) is ceasing, like a forced
 * dissolution elsewhere. A value not listed decides nothing.
 */
export function companiesHouseStatut(
  status: string | null,
  detail: string | null,
): { statut: EuStatut | null; detail: string | null } {
  if (!status) return { statut: null, detail: null };
  const published = `company_status: ${status}${detail ? `; company_status_detail: ${detail}` : ''}`;
  const statut = STATUSES[status] ?? null;
  if (statut === 'actif' && detail === 'active-proposal-to-strike-off') {
    return { statut: 'en_cessation', detail: published };
  }
  return { statut, detail: published };
}
