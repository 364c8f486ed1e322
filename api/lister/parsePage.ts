import { listerRefusal } from './listerRefusal.ts';

export const MAX_PAGES = 100;

/** `page`: an integer from 1 to 100; default 1. */
export function parsePage(raw: string | undefined): number {
  if (raw === undefined || raw === '') return 1;
  const page = /^\d{1,4}$/.test(raw) ? Number(raw) : Number.NaN;
  if (!Number.isInteger(page) || page < 1 || page > MAX_PAGES) {
    throw listerRefusal(
      'page_hors_bornes',
      'page',
      `« page » est un entier de 1 à ${MAX_PAGES} (reçu « ${raw.slice(0, 20)} »). / Page is an integer from 1 to ${MAX_PAGES}.`,
    );
  }
  return page;
}
