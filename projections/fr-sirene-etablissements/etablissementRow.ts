import type { EntityRecordedData } from '../../schemas/events/entityEvents.ts';
import { publishedDate, publishedValue } from '../../schemas/records/publishedValue.ts';
import { addressLine } from './addressLine.ts';

/** A row of the establishments table, as the projection writes it and the routes read it. */
export interface EtablissementRow {
  siret: string;
  siren: string;
  statut_diffusion: string | null;
  est_siege: boolean;
  etat_administratif: string | null;
  date_creation: string | null;
  /**
   * Start of the establishment's current period (`dateDebut`): for a closed one (`F`), the day it closed. Null
   * for rows projected before migration 0002 until `registres rebuild fr-sirene-etablissements`.
   */
  date_debut: string | null;
  activite_principale: string | null;
  nomenclature_activite: string | null;
  adresse: string | null;
  code_postal: string | null;
  commune: string | null;
  code_commune: string | null;
  lambert_x: number | null;
  lambert_y: number | null;
}

/** The row of an establishment, from its Sirene record. */
export function etablissementRow(data: EntityRecordedData): EtablissementRow {
  const r = data.record;
  return {
    siret: data.id,
    siren: data.id.slice(0, 9),
    statut_diffusion: publishedValue(r.statutDiffusionEtablissement),
    est_siege: publishedValue(r.etablissementSiege) === 'true',
    etat_administratif: publishedValue(r.etatAdministratifEtablissement),
    date_creation: publishedDate(r.dateCreationEtablissement),
    date_debut: publishedDate(r.dateDebut),
    activite_principale: publishedValue(r.activitePrincipaleEtablissement),
    nomenclature_activite: publishedValue(r.nomenclatureActivitePrincipaleEtablissement),
    adresse: addressLine(r),
    code_postal: publishedValue(r.codePostalEtablissement),
    commune:
      publishedValue(r.libelleCommuneEtablissement) ?? publishedValue(r.libelleCommuneEtrangerEtablissement),
    code_commune: publishedValue(r.codeCommuneEtablissement),
    lambert_x: coordinate(r.coordonneeLambertAbscisseEtablissement),
    lambert_y: coordinate(r.coordonneeLambertOrdonneeEtablissement),
  };
}

/** A Lambert coordinate in metres, or null when empty, masked or not a number. */
function coordinate(value: unknown): number | null {
  const v = publishedValue(value);
  if (v === null) return null;
  const n = Number(v);
  return Number.isFinite(n) ? n : null;
}
