import { ETABLISSEMENT, UNITE_LEGALE } from '../../schemas/events/frSireneEvents.ts';

/**
 * The columns of the two Sirene stock files, by header name (../shared/FORMATS.md §1). Columns are mapped by
 * name, never by position: the unit file has had 33, 34 (`societeMissionUniteLegale`) and 35 columns
 * (`activitePrincipaleNAF25UniteLegale`, from 2025-12-16), the establishment file 53 then 54.
 *
 * `required`: what the read side needs; a file without one of them is refused before any event is written.
 * `known`: every column of the current layout, its header verbatim; a column outside it is kept in the event and
 * reported.
 */
export interface SireneFileLayout {
  kind: typeof UNITE_LEGALE | typeof ETABLISSEMENT;
  /** How the published file is named, for messages. */
  fileName: string;
  /** Column holding the entity's identifier. */
  idColumn: 'siren' | 'siret';
  idPattern: RegExp;
  required: readonly string[];
  known: readonly string[];
  /** Column of the row's last processing time (`YYYY-MM-DDTHH:MM:SS`), used to date a stock with no date. */
  processedAtColumn: string;
}

/** A published header, verbatim: its column names in file order. */
const header = (line: string) => line.split(',');

export const UNITE_LEGALE_LAYOUT: SireneFileLayout = {
  kind: UNITE_LEGALE,
  fileName: 'StockUniteLegale_utf8.csv',
  idColumn: 'siren',
  idPattern: /^\d{9}$/,
  required: [
    'siren',
    'statutDiffusionUniteLegale',
    'dateCreationUniteLegale',
    'sigleUniteLegale',
    'trancheEffectifsUniteLegale',
    'dateDernierTraitementUniteLegale',
    'categorieEntreprise',
    'etatAdministratifUniteLegale',
    'denominationUniteLegale',
    'denominationUsuelle1UniteLegale',
    'denominationUsuelle2UniteLegale',
    'denominationUsuelle3UniteLegale',
    'categorieJuridiqueUniteLegale',
    'activitePrincipaleUniteLegale',
    'nomenclatureActivitePrincipaleUniteLegale',
    'nicSiegeUniteLegale',
  ],
  known: header(
    'siren,statutDiffusionUniteLegale,unitePurgeeUniteLegale,dateCreationUniteLegale,sigleUniteLegale,sexeUniteLegale,prenom1UniteLegale,prenom2UniteLegale,prenom3UniteLegale,prenom4UniteLegale,prenomUsuelUniteLegale,pseudonymeUniteLegale,identifiantAssociationUniteLegale,trancheEffectifsUniteLegale,anneeEffectifsUniteLegale,dateDernierTraitementUniteLegale,nombrePeriodesUniteLegale,categorieEntreprise,anneeCategorieEntreprise,dateDebut,etatAdministratifUniteLegale,nomUniteLegale,nomUsageUniteLegale,denominationUniteLegale,denominationUsuelle1UniteLegale,denominationUsuelle2UniteLegale,denominationUsuelle3UniteLegale,categorieJuridiqueUniteLegale,activitePrincipaleUniteLegale,nomenclatureActivitePrincipaleUniteLegale,nicSiegeUniteLegale,economieSocialeSolidaireUniteLegale,societeMissionUniteLegale,caractereEmployeurUniteLegale,activitePrincipaleNAF25UniteLegale',
  ),
  processedAtColumn: 'dateDernierTraitementUniteLegale',
};

export const ETABLISSEMENT_LAYOUT: SireneFileLayout = {
  kind: ETABLISSEMENT,
  fileName: 'StockEtablissement_utf8.csv',
  idColumn: 'siret',
  idPattern: /^\d{14}$/,
  required: [
    'siren',
    'nic',
    'siret',
    'statutDiffusionEtablissement',
    'dateCreationEtablissement',
    'dateDernierTraitementEtablissement',
    'etablissementSiege',
    'complementAdresseEtablissement',
    'numeroVoieEtablissement',
    'indiceRepetitionEtablissement',
    'typeVoieEtablissement',
    'libelleVoieEtablissement',
    'codePostalEtablissement',
    'libelleCommuneEtablissement',
    'libelleCommuneEtrangerEtablissement',
    'distributionSpecialeEtablissement',
    'codeCommuneEtablissement',
    'codeCedexEtablissement',
    'libelleCedexEtablissement',
    'libellePaysEtrangerEtablissement',
    'etatAdministratifEtablissement',
    'activitePrincipaleEtablissement',
    'nomenclatureActivitePrincipaleEtablissement',
  ],
  known: header(
    'siren,nic,siret,statutDiffusionEtablissement,dateCreationEtablissement,trancheEffectifsEtablissement,anneeEffectifsEtablissement,activitePrincipaleRegistreMetiersEtablissement,dateDernierTraitementEtablissement,etablissementSiege,nombrePeriodesEtablissement,complementAdresseEtablissement,numeroVoieEtablissement,indiceRepetitionEtablissement,dernierNumeroVoieEtablissement,indiceRepetitionDernierNumeroVoieEtablissement,typeVoieEtablissement,libelleVoieEtablissement,codePostalEtablissement,libelleCommuneEtablissement,libelleCommuneEtrangerEtablissement,distributionSpecialeEtablissement,codeCommuneEtablissement,codeCedexEtablissement,libelleCedexEtablissement,codePaysEtrangerEtablissement,libellePaysEtrangerEtablissement,identifiantAdresseEtablissement,coordonneeLambertAbscisseEtablissement,coordonneeLambertOrdonneeEtablissement,complementAdresse2Etablissement,numeroVoie2Etablissement,indiceRepetition2Etablissement,typeVoie2Etablissement,libelleVoie2Etablissement,codePostal2Etablissement,libelleCommune2Etablissement,libelleCommuneEtranger2Etablissement,distributionSpeciale2Etablissement,codeCommune2Etablissement,codeCedex2Etablissement,libelleCedex2Etablissement,codePaysEtranger2Etablissement,libellePaysEtranger2Etablissement,dateDebut,etatAdministratifEtablissement,enseigne1Etablissement,enseigne2Etablissement,enseigne3Etablissement,denominationUsuelleEtablissement,activitePrincipaleEtablissement,nomenclatureActivitePrincipaleEtablissement,caractereEmployeurEtablissement,activitePrincipaleNAF25Etablissement',
  ),
  processedAtColumn: 'dateDernierTraitementEtablissement',
};

export interface HeaderCheck {
  missing: string[];
  unknown: string[];
  duplicated: string[];
}

export function checkHeader(layout: SireneFileLayout, header: readonly string[]): HeaderCheck {
  const seen = new Set<string>();
  const duplicated: string[] = [];
  for (const h of header) {
    if (seen.has(h)) duplicated.push(h);
    seen.add(h);
  }
  const known = new Set(layout.known);
  return {
    missing: layout.required.filter((c) => !seen.has(c)),
    unknown: header.filter((h) => !known.has(h)),
    duplicated,
  };
}
