/**
 * Romania (ONRC): how the register's own words are read. The register publishes status codes with a
 * Romanian label (N_STARE_FIRMA) and representatives' roles as free words (`CALITATE`); neither list is
 * closed, so both are read from the label's words, never from guessed codes.
 */

/** Lower case, without diacritics (ș/ş, ț/ţ, ă, â, î), spaces collapsed: the form the words are matched in. */
export function roWords(label: string): string {
  return label.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim();
}

/**
 * `famille` of a status label, a closed list:
 * - `faillite`: bankruptcy (`faliment`);
 * - `insolvabilite`: insolvency proceedings (`insolvență`, judicial reorganisation, preventive composition);
 * - `radiation`: struck off (`radiată`, `radiere`);
 * - `liquidation`, `dissolution`: winding up (`lichidare`, `dizolvare`);
 * - `fonctionnement`: trading (`funcțiune`);
 * - `alerte_administrative`: an administrative warning that does not end the company (activity suspended,
 *   fiscally inactive, registered-office lease expired);
 * - `autre`: anything else, including a parent company's status recorded against a branch (`firma mamă`).
 */
export const RO_STATUS_FAMILIES = [
  'faillite',
  'insolvabilite',
  'radiation',
  'liquidation',
  'dissolution',
  'fonctionnement',
  'alerte_administrative',
  'autre',
] as const;
export type RoStatusFamily = (typeof RO_STATUS_FAMILIES)[number];

/** The families that are an insolvency proceeding (`statuts_procedure`); the others are `autres_statuts`. */
export const RO_PROCEDURE_FAMILIES: readonly RoStatusFamily[] = ['faillite', 'insolvabilite'];

const FR_OF_FAMILY: Record<RoStatusFamily, string | null> = {
  faillite: 'faillite',
  insolvabilite: 'procédure d’insolvabilité',
  radiation: 'radiée du registre',
  liquidation: 'en liquidation',
  dissolution: 'dissoute',
  fonctionnement: 'en fonctionnement',
  alerte_administrative: 'alerte administrative',
  autre: null,
};

/** A status label's family and its French gloss (null when the family says nothing more than `autre`). */
export function roStatusFamily(label: string | null): { famille: RoStatusFamily; fr: string | null } {
  const w = roWords(label ?? '');
  const famille: RoStatusFamily = /\bmama\b/.test(w)
    ? 'autre'
    : /faliment/.test(w)
      ? 'faillite'
      : /insolven|reorganizare judiciara|concordat/.test(w)
        ? 'insolvabilite'
        : /radiat|radiere/.test(w)
          ? 'radiation'
          : /lichid/.test(w)
            ? 'liquidation'
            : /dizolv/.test(w)
              ? 'dissolution'
              : /functiune/.test(w)
                ? 'fonctionnement'
                : /suspend|inactiv|expirat/.test(w)
                  ? 'alerte_administrative'
                  : 'autre';
  return { famille, fr: FR_OF_FAMILY[famille] };
}

/**
 * `famille` of a representative's role: the insolvency and liquidation roles only (the other roles,
 * administrator, director, legal representative, are not read):
 * - `liquidateur_judiciaire`: `lichidator judiciar`;
 * - `insolvabilite`: `administrator judiciar`, `administrator special`;
 * - `liquidation`: `lichidator` (a liquidator named in a winding up).
 */
export const RO_PRACTITIONER_FAMILIES = ['liquidateur_judiciaire', 'insolvabilite', 'liquidation'] as const;
export type RoPractitionerFamily = (typeof RO_PRACTITIONER_FAMILIES)[number];

/** A role's family and French name, or null when it is not an insolvency or liquidation role. */
export function roPractitionerRole(
  role: string | null,
): { famille: RoPractitionerFamily; fr: string } | null {
  const w = roWords(role ?? '');
  if (/lichidator judiciar/.test(w))
    return { famille: 'liquidateur_judiciaire', fr: 'liquidateur judiciaire' };
  if (/administrator judiciar/.test(w)) return { famille: 'insolvabilite', fr: 'administrateur judiciaire' };
  if (/administrator special/.test(w)) return { famille: 'insolvabilite', fr: 'administrateur spécial' };
  if (/^lichidator\b/.test(w)) return { famille: 'liquidation', fr: 'liquidateur' };
  return null;
}

/**
 * Natural persons trading (OUG 44/2008): `PFA` (authorised natural person), `II` (individual enterprise),
 * `IF` (family enterprise), `PF`. A registration number starting with `F` (`F40/22/1991`) is one too,
 * whatever its form says.
 */
export const RO_NATURAL_PERSON_FORMS = ['PFA', 'II', 'IF', 'PF'];

export function isRoNaturalPerson(form: string | null, registration: string): boolean {
  return (
    (form !== null && RO_NATURAL_PERSON_FORMS.includes(form.trim().toUpperCase())) || /^F/i.test(registration)
  );
}
