/**
 * The key a legal person's name is compared on, by the sanctions read models (for each listed name and
 * alias) and by the screening (for each candidate): letters without accents, upper case, every run of
 * punctuation or space one space, and the legal form dropped at either end (`LLC`, `OOO`, `SARL`,
 * « Limited Liability Company »…). Two names match only when their keys are equal: no fuzzy match.
 */
export function legalNameKey(name: string): string {
  const words = name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toUpperCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()
    .split(' ')
    .filter((w) => w !== '');
  const stripped = withoutLegalForms(words);
  return (stripped.length > 0 ? stripped : words).join(' ');
}

/**
 * Legal forms, as word sequences after the key's normalisation (longest first). Cyrillic forms are kept
 * (the lists publish names in Russian, Belarusian…): `ООО` is not `OOO`.
 */
const LEGAL_FORMS: readonly (readonly string[])[] = [
  'ОБЩЕСТВО С ОГРАНИЧЕННОИ ОТВЕТСТВЕННОСТЬЮ',
  'АКЦИОНЕРНОЕ ОБЩЕСТВО',
  'SOCIETE A RESPONSABILITE LIMITEE',
  'SOCIETE PAR ACTIONS SIMPLIFIEE',
  'SOCIETE ANONYME',
  'LIMITED LIABILITY COMPANY',
  'LIMITED LIABILITY PARTNERSHIP',
  'PUBLIC JOINT STOCK COMPANY',
  'CLOSED JOINT STOCK COMPANY',
  'OPEN JOINT STOCK COMPANY',
  'JOINT STOCK COMPANY',
  'PUBLIC LIMITED COMPANY',
  'PRIVATE LIMITED',
  'CO LTD',
  'CO LIMITED',
  'L L C',
  'FZ LLC',
  'LLC FZ',
  'SARL',
  'SASU',
  'SAS',
  'SA',
  'EURL',
  'SNC',
  'SCI',
  'SE',
  'LLC',
  'LLP',
  'LTD',
  'LIMITED',
  'INC',
  'CORP',
  'CORPORATION',
  'PLC',
  'GMBH',
  'AG',
  'BV',
  'NV',
  'OOO',
  'OAO',
  'ZAO',
  'PAO',
  'PJSC',
  'CJSC',
  'OJSC',
  'JSC',
  'AO',
  'FZE',
  'FZCO',
  'ООО',
  'ОАО',
  'ЗАО',
  'ПАО',
  'АО',
  'ТОО',
  'ТАА',
].map((f) => f.split(' '));

function withoutLegalForms(words: readonly string[]): string[] {
  let start = 0;
  let end = words.length;
  for (let changed = true; changed && start < end; ) {
    changed = false;
    for (const form of LEGAL_FORMS) {
      if (end - start > form.length && form.every((w, i) => words[start + i] === w)) {
        start += form.length;
        changed = true;
        break;
      }
      if (end - start > form.length && form.every((w, i) => words[end - form.length + i] === w)) {
        end -= form.length;
        changed = true;
        break;
      }
    }
  }
  return words.slice(start, end);
}

/**
 * The key an identifier is compared on: `<type>:<letters and digits, upper case>`. `type` is `siren`,
 * `siret`, `lei`, `rna` when the list or the candidate says which it is, `num` for any other number (a
 * registration or tax number whose type is free text).
 */
export function identifierKey(type: string, value: string): string | null {
  const v = value
    .normalize('NFKD')
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, '');
  if (v.length < 5 || !/\d/.test(v)) return null;
  return `${type}:${v}`;
}
