import type { SireneRecord } from '../../schemas/events/frSireneEvents.ts';
import { departementOf } from './departement.ts';

export interface UniteRow {
  siren: string;
  denomination: string | null;
  etat: string | null;
  categorie_juridique: string | null;
  naf: string | null;
  tranche_effectifs: string | null;
  date_creation: string | null;
  categorie_entreprise: string | null;
  statut_diffusion: string | null;
  nic_siege: string | null;
}

export interface SiegeRow {
  siret: string;
  siren: string;
  code_postal: string | null;
  commune: string | null;
  code_commune: string | null;
  departement: string | null;
}

/** A Sirene value as served: null for empty and for the `[ND]` mask of non-diffusible fields. */
function published(value: string | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  const v = value.trim();
  return v === '' || v === '[ND]' ? null : v;
}

function isoDate(value: string | null | undefined): string | null {
  const v = published(value);
  return v && /^\d{4}-\d{2}-\d{2}$/.test(v) ? v : null;
}

export function uniteRowOf(siren: string, r: SireneRecord): UniteRow {
  return {
    siren,
    denomination: published(r.denominationUniteLegale),
    etat: published(r.etatAdministratifUniteLegale),
    categorie_juridique: published(r.categorieJuridiqueUniteLegale),
    naf: published(r.activitePrincipaleUniteLegale),
    tranche_effectifs: published(r.trancheEffectifsUniteLegale),
    date_creation: isoDate(r.dateCreationUniteLegale),
    categorie_entreprise: published(r.categorieEntreprise),
    statut_diffusion: published(r.statutDiffusionUniteLegale),
    nic_siege: published(r.nicSiegeUniteLegale),
  };
}

/** The head office's geography, or null when the establishment is not the head office. */
export function siegeRowOf(siret: string, r: SireneRecord): SiegeRow | null {
  if (published(r.etablissementSiege) !== 'true') return null;
  const codePostal = published(r.codePostalEtablissement);
  const codeCommune = published(r.codeCommuneEtablissement);
  return {
    siret,
    siren: published(r.siren) ?? siret.slice(0, 9),
    code_postal: codePostal,
    commune: published(r.libelleCommuneEtablissement) ?? published(r.libelleCommuneEtrangerEtablissement),
    code_commune: codeCommune,
    departement: departementOf({
      codeCommune,
      codePostal,
      codePaysEtranger: published(r.codePaysEtrangerEtablissement),
    }),
  };
}
