import { type ListerRefusalCode, listerRefusal } from './listerRefusal.ts';

export const MAX_PAGES = 100;

/**
 * A query parameter that is an integer from 1 to `max` (at most 4 digits), `fallback` when absent or empty;
 * otherwise the list routes' refusal `code` on `champ`.
 */
export function parseBoundedInteger(
  raw: string | undefined,
  rule: { champ: string; code: ListerRefusalCode; max: number; fallback: number },
): number {
  if (raw === undefined || raw === '') return rule.fallback;
  const n = /^\d{1,4}$/.test(raw) ? Number(raw) : Number.NaN;
  if (!Number.isInteger(n) || n < 1 || n > rule.max) {
    throw listerRefusal(
      rule.code,
      rule.champ,
      `« ${rule.champ} » est un entier de 1 à ${rule.max} (reçu « ${raw.slice(0, 20)} »). / ${rule.champ} is an integer from 1 to ${rule.max}.`,
    );
  }
  return n;
}

/** `page`: an integer from 1 to 100; default 1. */
export function parsePage(raw: string | undefined): number {
  return parseBoundedInteger(raw, { champ: 'page', code: 'page_hors_bornes', max: MAX_PAGES, fallback: 1 });
}
