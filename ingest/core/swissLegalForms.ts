/**
 * The legal forms of the Swiss commercial register, by their public eCH-0097 code (what Zefix gives as
 * `legalForm.uid` and the gazette as `company.legalForm`), with Zefix's internal id (`legalForm.id`) and its
 * French name as Zefix's LegalForm list serves it. Sources (ingest/ch-zefix/live/SOURCE.txt): the eCH-0097
 * code list of the federal interoperability platform I14Y, paired by name with Zefix's recorded LegalForm
 * list (ids 1–18); the gazette's real publications carry `0107` for a Sàrl.
 *
 * `personne` says what the form decides:
 * - `morale`: a company, association, foundation, cooperative, partnership or public-law institution;
 * - `physique`: the sole proprietorship (Einzelunternehmen), a natural person trading under a firm name;
 * - `indecise`: a form that does not tell: a branch (its head office may be a sole proprietorship, Swiss or
 *   foreign), the special legal form, a non-commercial power of attorney, an undivided community of property.
 * A code not listed here is not guessed either: it is undecided.
 */
export const SWISS_LEGAL_FORMS: Readonly<
  Record<string, { zefixId: number; libelle: string; personne: 'morale' | 'physique' | 'indecise' }>
> = {
  '0101': { zefixId: 1, libelle: 'Entreprise individuelle', personne: 'physique' },
  '0103': { zefixId: 2, libelle: 'Société en nom collectif', personne: 'morale' },
  '0104': { zefixId: 10, libelle: 'Société en commandite', personne: 'morale' },
  '0105': { zefixId: 12, libelle: 'Société en commandite par actions', personne: 'morale' },
  '0106': { zefixId: 3, libelle: 'Société anonyme', personne: 'morale' },
  '0107': { zefixId: 4, libelle: 'Société à responsabilité limitée', personne: 'morale' },
  '0108': { zefixId: 5, libelle: 'Société coopérative', personne: 'morale' },
  '0109': { zefixId: 6, libelle: 'Association', personne: 'morale' },
  '0110': { zefixId: 7, libelle: 'Fondation', personne: 'morale' },
  '0111': { zefixId: 11, libelle: 'Succursale étrangère', personne: 'indecise' },
  '0113': { zefixId: 13, libelle: 'Nature juridique particulière', personne: 'indecise' },
  '0114': { zefixId: 17, libelle: 'Société en commandite de placements collectifs', personne: 'morale' },
  '0115': { zefixId: 16, libelle: 'Société d’investissement à capital variable', personne: 'morale' },
  '0116': { zefixId: 15, libelle: 'Société d’investissement à capital fixe', personne: 'morale' },
  '0117': { zefixId: 8, libelle: 'Institut de droit public', personne: 'morale' },
  '0118': { zefixId: 18, libelle: 'Procuration non commerciale', personne: 'indecise' },
  '0119': { zefixId: 14, libelle: 'Indivision', personne: 'indecise' },
  '0151': { zefixId: 9, libelle: 'Succursale', personne: 'indecise' },
};

/** The eCH-0097 code of a legal form given by its code, or else by Zefix's internal id; null when neither. */
export function swissLegalFormCode(code: unknown, zefixId: unknown): string | null {
  if (typeof code === 'string' && /^\d{4}$/.test(code.trim())) return code.trim();
  if (typeof zefixId === 'number') {
    const hit = Object.entries(SWISS_LEGAL_FORMS).find(([, f]) => f.zefixId === zefixId);
    if (hit) return hit[0];
  }
  return null;
}

/** What a legal form code decides: `indecise` for a code not listed (never guessed). */
export const personneOfSwissForm = (code: string | null) =>
  (code ? SWISS_LEGAL_FORMS[code]?.personne : undefined) ?? 'indecise';
