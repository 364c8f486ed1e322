import { frenchVatKey } from '../params/frenchIdentifier.ts';
import { isLuhnValid } from '../params/luhn.ts';

/** A VAT number as CORDIS publishes it (`vatNumber`), read by the ingester and the read side alike. */
export type CordisVat = { vat: string; siren: string | null } | { unreadable: 'sans_tva' | 'tva_illisible' };

/**
 * `FR40303265045` → `{vat, siren: '303265045'}`; another country's number (`ESB66340514`, `CHE105833232MWST`)
 * → `{vat, siren: null}`, kept as published without spaces or dots. A French number must be FR, two key
 * digits and a SIREN whose key and Luhn digit both check (a number failing either matches no company: it is
 * set aside, never guessed). Empty → `sans_tva`; any other shape → `tva_illisible`.
 */
export function readCordisVat(raw: string | null | undefined): CordisVat {
  const compact = (raw ?? '').toUpperCase().replace(/[\s.-]/gu, '');
  if (compact === '') return { unreadable: 'sans_tva' };
  if (compact.startsWith('FR')) {
    const m = /^FR(\d{2})(\d{9})$/.exec(compact);
    if (!m) return { unreadable: 'tva_illisible' };
    const [, key, siren] = m as unknown as [string, string, string];
    if (Number(key) !== frenchVatKey(siren) || !isLuhnValid(siren)) return { unreadable: 'tva_illisible' };
    return { vat: compact, siren };
  }
  if (!/^[A-Z]{2}[0-9A-Z]{2,14}$/.test(compact)) return { unreadable: 'tva_illisible' };
  return { vat: compact, siren: null };
}

/** The VAT number CORDIS would publish for a French company: FR, its key on two digits, its SIREN. */
export function frenchVatOf(siren: string): string {
  return `FR${String(frenchVatKey(siren)).padStart(2, '0')}${siren}`;
}
