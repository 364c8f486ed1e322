import fs from 'node:fs';
import path from 'node:path';
import { VIES_RECORDINGS } from '../../../ingest/eu-vies/euViesLive.ts';

/** The recorded VIES answers (ingest/eu-vies/live/SOURCE.txt), by what they show. */
export const VIES_ANSWERS = {
  /** Real: SIA "WD Market", valid, simple check. */
  latvia: { vat: 'LV44103126607', file: 'ms_LV_vat_44103126607_valid.json' },
  /** Real: INVALID, name and address empty. */
  germanInvalid: { vat: 'DE315037332', file: 'ms_DE_vat_315037332_invalid.json' },
  /** Real, trimmed: the POST with a requester, consultation number WAPIAAAAZNgfuVoL. */
  danishWithRequester: { vat: 'DK13612870', file: 'check-vat-number_DK_13612870_requester_trimmed.json' },
  /** Real: SA DANONE (552032534), valid, simple check, 2023: a French legal person's name and address as VIES publishes them. */
  frenchDanone: { vat: 'FR27552032534', file: 'ms_FR_vat_27552032534_valid.json' },
  /** Constructed: the demo company 005420120. */
  frenchDemo: { vat: 'FR68005420120', file: 'ms_FR_vat_68005420120_valid_constructed.json' },
  /** Constructed: a French sole trader (SIREN 949053854), placeholder name. */
  frenchSoleTrader: { vat: 'FR17949053854', file: 'ms_FR_vat_17949053854_sole_trader_constructed.json' },
  /** Real: the error wrapper of a member state unavailable (DE), answered to the POST, HTTP 200. */
  germanOutage: { vat: 'DE129273398', file: 'check-vat-number_DE_129273398_ms_unavailable.json' },
  /** Real: VIES refusing the caller (userError IP_BLOCKED), GET, 2023. */
  frenchIpBlocked: { vat: 'FR29921822466', file: 'ms_FR_vat_29921822466_ip_blocked.json' },
  /** Constructed: the error wrapper of a member state unavailable. */
  msUnavailable: { file: 'ms_LV_vat_44103126607_ms_unavailable_constructed.json' },
} as const;

export const viesBody = (file: string): string =>
  fs.readFileSync(path.join(VIES_RECORDINGS.folder, file), 'utf8');

export const viesJson = (file: string): Record<string, unknown> => JSON.parse(viesBody(file));

/**
 * A real answer turned into VIES's `userError` outage of a member state (`MS_MAX_CONCURRENT_REQ`…): the LV
 * answer with `isValid` false, `userError` set and name and address withheld, the shape VIES documents for
 * these codes (../shared/FORMATS-MORE.md §6). Built here, never recorded.
 */
export function userErrorAnswer(userError: string): string {
  const json = viesJson(VIES_ANSWERS.latvia.file);
  return JSON.stringify({ ...json, isValid: false, userError, name: '---', address: '---' });
}
