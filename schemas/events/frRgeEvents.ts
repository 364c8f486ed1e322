/**
 * The contract between the RGE ingester and the projections that read it. The upstream is ADEME's dataset
 * `liste-des-entreprises-rge-2` (« Liste des entreprises RGE », data-fair on data.ademe.fr): one line per
 * establishment (SIRET) and qualification, read here as the `lines` API answers it,
 * `{"total": n, "next": "<url>", "results": [...]}`, one answer or several pages one after the other in one
 * file. Entity events:
 *
 * - `register` = `fr.rge`, `kind` = `qualification`;
 * - `id` = `<siret>-<code_qualification>` (one line per establishment and qualification);
 * - `record` = the line as published, minus the contact and location members (RGE_DROPPED_FIELDS): the
 *   company name, phone, e-mail, website, street address and coordinates never enter the log. Real lines
 *   carry a person's e-mail or a name inside a company's line (ylan.sabban@…, « A. BOUCHER »);
 * - every qualification of an establishment goes to the establishment's stream `fr.rge-<siret>`.
 *
 * `particulier` is ADEME's « Travaille pour les particuliers »: the company works for households. It does not
 * say that the holder is a natural person (Sirene's categorieJuridique 1000 does).
 */
export const FR_RGE_REGISTER = 'fr.rge';
export const RGE_QUALIFICATION = 'qualification';

/**
 * Days after which a copy is no longer served (the register dictionary's threshold): ADEME updates the list
 * daily, a week of missed downloads is tolerated.
 */
export const FR_RGE_FRESHNESS_DAYS = 7;

/** Members of a line dropped before it is logged: who to contact and where, never served. */
export const RGE_DROPPED_FIELDS = [
  'nom_entreprise',
  'telephone',
  'email',
  'site_internet',
  'adresse',
  'latitude',
  'longitude',
  '_geopoint',
] as const;

/** A line as the event carries it (members as published, RGE_DROPPED_FIELDS removed). */
export type RgeRecord = Record<string, unknown>;

export function rgeQualificationId(siret: string, code: string): string {
  return `${siret}-${code}`;
}

export function frRgeStreamOf(row: { kind: string; id: string }): string {
  return `${FR_RGE_REGISTER}-${row.id.slice(0, 14)}`;
}
