/**
 * The contract between the Qualiopi ingester and the projections that read it. The upstream is the DGEFP's
 * « Liste publique des organismes de formation (L.6351-7-1 du Code du travail) », published on data.gouv.fr
 * as one CSV (resource ac59a0f5-fa83-4b82-bf12-3c5806d4f19f, updated daily): `;`-separated, one row per
 * declared training organisation (its activity declaration number, NDA), the header below, each line ending
 * with a `;`, booleans `true`/`false`/empty, dates `DD/MM/YYYY`. Entity events:
 *
 * - `register` = `fr.qualiopi`, `kind` = `declaration`;
 * - `id` = `<siren>-<numeroDeclarationActivite>` (one row per NDA; a company may hold several);
 * - `record` = the row's QUALIOPI_KEPT_COLUMNS as published (trimmed, empty → null). The organisation's name
 *   (`denomination`), its street address and the foreign organisation it represents never enter the log:
 *   many training organisations are sole traders, whose `denomination` is the person's name;
 * - every declaration of a company goes to the company's stream `fr.qualiopi-<siren>`.
 *
 * A row is Qualiopi-certified when at least one `certifications.*` flag is `true` (the DGEFP: « si avec
 * certifications alors c'est certifié Qualiopi »); being in the list says the declaration is in order, and is
 * not an approval (« l'enregistrement de la déclaration d'activité ne vaut pas agrément de l'État »).
 */
export const FR_QUALIOPI_REGISTER = 'fr.qualiopi';
export const QUALIOPI_DECLARATION = 'declaration';

/**
 * Days after which a copy is no longer served (the register dictionary's threshold): the DGEFP updates the
 * list daily, a week of missed downloads is tolerated (as RGE's).
 */
export const FR_QUALIOPI_FRESHNESS_DAYS = 7;

/** The data.gouv file's header, as published (its last `;` gives an unnamed empty column, ignored). */
export const QUALIOPI_HEADER = [
  'numeroDeclarationActivite',
  'numerosDeclarationActivitePrecedent',
  'denomination',
  'siren',
  'siretEtablissementDeclarant',
  'adressePhysiqueOrganismeFormation.voie',
  'adressePhysiqueOrganismeFormation.codePostal',
  'adressePhysiqueOrganismeFormation.ville',
  'adressePhysiqueOrganismeFormation.codeRegion',
  'certifications.actionsDeFormation',
  'certifications.bilansDeCompetences',
  'certifications.VAE',
  'certifications.actionsDeFormationParApprentissage',
  'organismeEtrangerRepresente.denomination',
  'organismeEtrangerRepresente.voie',
  'organismeEtrangerRepresente.codePostal',
  'organismeEtrangerRepresente.ville',
  'organismeEtrangerRepresente.pays',
  'informationsDeclarees.dateDerniereDeclaration',
  'informationsDeclarees.debutExercice',
  'informationsDeclarees.finExercice',
  'informationsDeclarees.specialitesDeFormation.codeSpecialite1',
  'informationsDeclarees.specialitesDeFormation.libelleSpecialite1',
  'informationsDeclarees.specialitesDeFormation.codeSpecialite2',
  'informationsDeclarees.specialitesDeFormation.libelleSpecialite2',
  'informationsDeclarees.specialitesDeFormation.codeSpecialite3',
  'informationsDeclarees.specialitesDeFormation.libelleSpecialite3',
  'informationsDeclarees.nbStagiaires',
  'informationsDeclarees.nbStagiairesConfiesParUnAutreOF',
  'informationsDeclarees.effectifFormateurs',
] as const;

/** Columns never logged: who the organisation is (a person's name for a sole trader) and where. */
export const QUALIOPI_DROPPED_COLUMNS = [
  'denomination',
  'adressePhysiqueOrganismeFormation.voie',
  'adressePhysiqueOrganismeFormation.codePostal',
  'adressePhysiqueOrganismeFormation.ville',
  'organismeEtrangerRepresente.denomination',
  'organismeEtrangerRepresente.voie',
  'organismeEtrangerRepresente.codePostal',
  'organismeEtrangerRepresente.ville',
  'organismeEtrangerRepresente.pays',
] as const;

/** The columns an event carries: the header minus QUALIOPI_DROPPED_COLUMNS. */
export const QUALIOPI_KEPT_COLUMNS = QUALIOPI_HEADER.filter(
  (c) => !(QUALIOPI_DROPPED_COLUMNS as readonly string[]).includes(c),
);

/** A row as the event carries it: QUALIOPI_KEPT_COLUMNS as published, empty → null. */
export type QualiopiRecord = Record<string, string | null>;

export function qualiopiDeclarationId(siren: string, nda: string): string {
  return `${siren}-${nda}`;
}

export function frQualiopiStreamOf(row: { kind: string; id: string }): string {
  return `${FR_QUALIOPI_REGISTER}-${row.id.slice(0, 9)}`;
}
