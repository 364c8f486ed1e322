import type { Knex } from 'knex';
import { ICPE_INSTALLATIONS_TABLE } from '../../../projections/fr-icpe/icpeProjection.ts';
import type { IcpeInstallationRow } from '../../../projections/fr-icpe/icpeRow.ts';
import { RAISONS_BLOC_ABSENT } from '../../../schemas/enums/blocAbsent.ts';
import { absentBlock, type BlockReading, served } from '../entreprise/blockReading.ts';

/**
 * `risques_industriels` has no route of its own: $0.01, the price of the dossier's other blocks read from one
 * local copy for the whole company (`finances`, `agrements`), for every installation of every establishment.
 */
export const RISQUES_INDUSTRIELS_PRICE = 10_000;

/** Seveso statuses as Géorisques publishes them, for the block's counts. */
const SEVESO_HAUT = 'Seveso seuil haut';
const SEVESO_BAS = 'Seveso seuil bas';

/**
 * The dossier's `risques_industriels` block: the classified installations (ICPE) of the company's
 * establishments (SIRET → SIREN), by establishment then installation code, each with its regime, Seveso
 * status, state, rubriques of the nomenclature, inspection dates and Géorisques page. The operator's name,
 * street address and coordinates never reach the log, let alone the answer (a farm run by a person is
 * published under the person's name). No installation in the (complete) copy: absent `aucune_donnee`, not
 * charged, as `agrements`.
 */
export async function readRisquesIndustrielsBlock(
  knex: Knex,
  siren: string,
): Promise<BlockReading<Record<string, unknown>>> {
  const rows = (await knex(ICPE_INSTALLATIONS_TABLE)
    .where({ siren })
    .orderBy([{ column: 'siret' }, { column: 'id' }])) as IcpeInstallationRow[];
  if (rows.length === 0) {
    return absentBlock({
      bloc: 'risques_industriels',
      raison: 'aucune_donnee',
      message: RAISONS_BLOC_ABSENT.find((r) => r.code === 'aucune_donnee')!.signification,
    });
  }
  const installations = rows.map((r) => ({
    code_aiot: r.id,
    siret: r.siret,
    commune: r.commune,
    code_postal: r.code_postal,
    code_insee: r.code_insee,
    code_naf: r.code_naf,
    regime: r.regime,
    statut_seveso: r.statut_seveso,
    etat_activite: r.etat_activite,
    priorite_nationale: r.priorite_nationale,
    ied: r.ied,
    service_inspection: r.service_aiot,
    activites: r.activites,
    rubriques: r.rubriques,
    derniere_inspection: r.inspections[0] ?? null,
    inspections: r.inspections,
    url_georisques: r.url,
  }));
  return served(
    {
      siren,
      nombre_installations: installations.length,
      nombre_etablissements: new Set(rows.map((r) => r.siret)).size,
      nombre_seveso_seuil_haut: rows.filter((r) => r.statut_seveso === SEVESO_HAUT).length,
      nombre_seveso_seuil_bas: rows.filter((r) => r.statut_seveso === SEVESO_BAS).length,
      installations,
    },
    [],
  );
}
