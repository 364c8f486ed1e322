import type { EntityRecordedData } from '../../schemas/events/entityEvents.ts';
import { publishedDate, publishedValue } from '../../schemas/records/publishedValue.ts';

/** A row of the legal units table, as the projection writes it. */
export interface UniteLegaleRow {
  siren: string;
  statut_diffusion: string | null;
  etat_administratif: string | null;
  categorie_juridique: string | null;
  denomination: string | null;
  sigle: string | null;
  denominations_usuelles: string[];
  activite_principale: string | null;
  nomenclature_activite: string | null;
  categorie_entreprise: string | null;
  tranche_effectifs: string | null;
  date_creation: string | null;
  nic_siege: string | null;
  date_dernier_traitement: string | null;
}

/** The row of a legal unit, from its Sirene record: no natural person's name. */
export function uniteLegaleRow(data: EntityRecordedData): UniteLegaleRow {
  const r = data.record;
  return {
    siren: data.id,
    statut_diffusion: publishedValue(r.statutDiffusionUniteLegale),
    etat_administratif: publishedValue(r.etatAdministratifUniteLegale),
    categorie_juridique: publishedValue(r.categorieJuridiqueUniteLegale),
    denomination: publishedValue(r.denominationUniteLegale),
    sigle: publishedValue(r.sigleUniteLegale),
    denominations_usuelles: [
      r.denominationUsuelle1UniteLegale,
      r.denominationUsuelle2UniteLegale,
      r.denominationUsuelle3UniteLegale,
    ]
      .map(publishedValue)
      .filter((v): v is string => v !== null),
    activite_principale: publishedValue(r.activitePrincipaleUniteLegale),
    nomenclature_activite: publishedValue(r.nomenclatureActivitePrincipaleUniteLegale),
    categorie_entreprise: publishedValue(r.categorieEntreprise),
    tranche_effectifs: publishedValue(r.trancheEffectifsUniteLegale),
    date_creation: publishedDate(r.dateCreationUniteLegale),
    nic_siege: publishedValue(r.nicSiegeUniteLegale),
    date_dernier_traitement: publishedValue(r.dateDernierTraitementUniteLegale),
  };
}
