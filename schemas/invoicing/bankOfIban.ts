import fs from 'node:fs';
import path from 'node:path';
import { electronicFormatIBAN, extractIBAN, validateIBAN } from 'ibantools';
import { SOURCE_ROOT } from '../../ops/sourceRoot.ts';

/** The folder of the dated bank-code lists (banks/SOURCE.txt). */
const BANKS_DIR = path.join(SOURCE_ROOT, 'schemas', 'invoicing', 'banks');

/** A bank as a national list names it. */
export interface ListedBank {
  nom: string;
  bic: string | null;
  /** The branch (unit) when the list names the exact sorting code (PL). */
  unite: string | null;
  /** The list and its date: `BNB, codes d'identification bancaire, version 01/10/2022`. */
  liste: string;
}

/** What the route serves of an IBAN: its form, its key, and the bank the national list names. */
export interface IbanReading {
  iban: string;
  pays: string;
  forme_valide: boolean;
  cle_valide: boolean;
  code_banque: string | null;
  banque: ListedBank | null;
}

const rowsOf = (file: string): string[][] =>
  fs
    .readFileSync(path.join(BANKS_DIR, file), 'utf8')
    .split('\n')
    .slice(1)
    .filter((line) => line !== '')
    .map((line) => line.split('\t'));

const BE_LIST = 'Banque nationale de Belgique, codes d’identification bancaire, version 01/10/2022';
const PL_LIST = 'Narodowy Bank Polski, numery rozliczeniowe (EWIB), extrait : banques 101 et 102';

let belgian: { from: number; to: number; bic: string | null; nom: string }[] | null = null;
let polish: { bank: string; name: string; code: string; unit: string; bic: string | null }[] | null = null;

function belgianBank(code: string): ListedBank | null {
  belgian ??= rowsOf('be-nbb-2022-10-01.tsv').map(([from, to, bic, nom]) => ({
    from: Number(from),
    to: Number(to),
    bic: bic ? bic : null,
    nom: nom!,
  }));
  const n = Number(code);
  const row = belgian.find((r) => r.from <= n && n <= r.to);
  return row ? { nom: row.nom, bic: row.bic, unite: null, liste: BE_LIST } : null;
}

function polishBank(sortingCode: string): ListedBank | null {
  polish ??= rowsOf('pl-nbp-ewib-excerpt.tsv').map(([bank, name, code, unit, bic]) => ({
    bank: bank!,
    name: name!,
    code: code!,
    unit: unit!,
    bic: bic ? bic : null,
  }));
  const exact = polish.find((r) => r.code === sortingCode);
  const ofBank = exact ?? polish.find((r) => r.bank === sortingCode.slice(0, 3));
  if (!ofBank) return null;
  return { nom: ofBank.name, bic: ofBank.bic, unite: exact ? exact.unit : null, liste: PL_LIST };
}

/** The IBAN in its electronic form (no spaces, capitals), or null when it is not one at all. */
export const ibanElectronic = (value: string): string | null => electronicFormatIBAN(value) ?? null;

/** Null when `value` is a valid IBAN (form and check key, ibantools); otherwise the message of the 400. */
export function ibanRefusal(value: string): string | null {
  const iban = ibanElectronic(value);
  if (!iban || !validateIBAN(iban).valid) {
    return 'IBAN invalide (forme ou clé de contrôle). / Invalid IBAN (format or check digits).';
  }
  return null;
}

/**
 * An IBAN read: its form and check key (ibantools), and its bank from the national list of its country (BE:
 * the 3-digit code of the National Bank of Belgium's list; PL: the 8-digit NBP sorting code). A country
 * without a list here, or a code the list does not hold, gives `banque: null`, never a guessed bank.
 */
export function readIban(value: string): IbanReading {
  const iban = ibanElectronic(value) ?? value;
  const extracted = extractIBAN(iban);
  const validation = validateIBAN(iban);
  const pays = extracted.countryCode ?? iban.slice(0, 2);
  const code = pays === 'PL' ? (extracted.branchIdentifier ?? null) : (extracted.bankIdentifier ?? null);
  const banque =
    !extracted.valid || code === null
      ? null
      : pays === 'BE'
        ? belgianBank(code)
        : pays === 'PL'
          ? polishBank(code)
          : null;
  return {
    iban,
    pays,
    forme_valide: !validation.errorCodes.some((e) => e !== 5 && e !== 4),
    cle_valide: validation.valid,
    code_banque: code,
    banque,
  };
}

/** The 26 digits (NRB) of a Polish IBAN: what the white list records as an account number. */
export const polishNrb = (iban: string): string | null =>
  /^PL(\d{26})$/.exec(ibanElectronic(iban) ?? '')?.[1] ?? null;
