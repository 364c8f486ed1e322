/**
 * Event contract of Belgium's Crossroads Bank for Enterprises open data (KBO/BCE, register `be.kbo`). A pass
 * reads the `,`-delimited UTF-8 files of a Full extract (or an Update extract's `_delete` / `_insert` files);
 * records keep KBO's own column names, empty fields null. Entities:
 * - `enterprise`: a row of `enterprise.csv`, id = the enterprise number as 10 digits (`0403170701`);
 * - `denomination`: a row of `denomination.csv`, id = `<number>:<TypeOfDenomination>:<Language>`;
 * - `address`: a row of `address.csv`, id = `<number>:<TypeOfAddress>`;
 * - `code`: a row of `code.csv` for the categories the profile labels (legal form, juridical situation,
 *   status), id = `<Category>:<Code>`, record = its description per language;
 * - `fichier`: which file of each role the pass read (see ingest/core/filesPass.ts).
 * Natural persons (TypeOfEnterprise 1) never enter the log: not their enterprise row, not their names, not
 * their addresses. Establishment units (`2.xxx.xxx.xxx`), whose commercial names can be a person's name, and
 * branches (`9.xxx…`) are not read either. An enterprise of unknown type (0) is set aside the same way.
 */
export const BE_KBO_REGISTER = 'be.kbo';
export const ENTERPRISE = 'enterprise';
export const DENOMINATION = 'denomination';
export const ADDRESS = 'address';
export const KBO_CODE = 'code';

/** The code categories kept from `code.csv` (the rest, NACE lists included, is not read). */
export const KBO_CODE_CATEGORIES = ['JuridicalForm', 'JuridicalSituation', 'Status'] as const;

export type BeKboRecord = Record<string, string | null>;

/** The enterprise an entity id belongs to (`0403170701:001:2` → `0403170701`); null for codes and files. */
export const enterpriseOfEntity = (kind: string, id: string): string | null =>
  kind === ENTERPRISE || kind === DENOMINATION || kind === ADDRESS ? id.slice(0, 10) : null;

/** One stream per enterprise (its row, names and addresses together); codes and files by kind. */
export const beKboStreamOf = (row: { kind: string; id: string }) => {
  const enterprise = enterpriseOfEntity(row.kind, row.id);
  return enterprise ? `${BE_KBO_REGISTER}-${enterprise}` : `${BE_KBO_REGISTER}-${row.kind}-${row.id}`;
};
