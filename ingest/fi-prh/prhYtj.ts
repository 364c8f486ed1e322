/**
 * The fields of a YTJ v3 company the profile and the events read, with the helpers both use. Field names as
 * the official OpenAPI and the recorded answers give them (live/SOURCE.txt).
 */
export interface Described {
  type?: string | number;
  descriptions?: { languageCode?: string; description?: string }[];
  registrationDate?: string | null;
  endDate?: string | null;
  /** 1 the current version, other numbers earlier ones (names, company forms). */
  version?: number;
}
export interface YtjCompany {
  businessId?: { value?: string; registrationDate?: string | null };
  names?: {
    name?: string;
    type?: string;
    registrationDate?: string | null;
    endDate?: string | null;
    version?: number;
  }[];
  companyForms?: Described[];
  companySituations?: Described[];
  registeredEntries?: (Described & { register?: string; authority?: string })[];
  addresses?: {
    type?: number;
    street?: string;
    buildingNumber?: string;
    entrance?: string;
    apartmentNumber?: string;
    postCode?: string;
    postOffices?: { city?: string; languageCode?: string }[];
  }[];
  tradeRegisterStatus?: string;
  registrationDate?: string | null;
  endDate?: string | null;
}

export const text = (v: unknown): string | null =>
  typeof v === 'string' && v.trim() !== '' ? v.trim() : null;
export const date = (v: unknown): string | null =>
  typeof v === 'string' && /^\d{4}-\d{2}-\d{2}/.test(v) ? v.slice(0, 10) : null;
export const current = <T extends { endDate?: string | null }>(list: T[] | undefined) =>
  (list ?? []).filter((x) => !x.endDate);
/** The Finnish description (language 1) as published, else the first. */
export const finnish = (d: Described | undefined) =>
  text(d?.descriptions?.find((x) => x.languageCode === '1')?.description) ??
  text(d?.descriptions?.[0]?.description);
