/** One line of an audit: what was checked, whether it holds, and why. */
export interface AuditCheck {
  name: string;
  holds: boolean;
  detail: string;
}

export function formatCheck(check: AuditCheck): string {
  return `${check.name}: ${check.holds ? 'holds' : 'does not hold'} (${check.detail})`;
}
