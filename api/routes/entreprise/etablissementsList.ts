import type { Knex } from 'knex';
import { sireneToWgs84 } from '../../../projections/fr-sirene-etablissements/sireneCoordinates.ts';
import { unavailable } from '../../errors/apiError.ts';
import { readEtablissements } from './readEtablissements.ts';
import { establishmentState, type UnitRow } from './unitFields.ts';

/** At most this many establishments per answer; `listes_bornees` gives the total. */
export const ETABLISSEMENTS_LIMIT = 1000;

/**
 * The establishments of a company as GET /v1/entreprise/{siren}/etablissements serves them (and the dossier's
 * `etablissements` block): head office first, then open before closed, bounded, with the WGS84 coordinates
 * when `geo`. A total below the list read is not sold (503 `compte_incoherent`).
 */
export async function etablissementsList(
  knex: Knex,
  unit: Pick<UnitRow, 'siren' | 'denomination'>,
  geo: boolean,
): Promise<Record<string, unknown>> {
  const { total, rows } = await readEtablissements(knex, unit.siren, ETABLISSEMENTS_LIMIT);
  if (total < rows.length) {
    throw unavailable(
      'compte_incoherent',
      'Total inférieur à la liste lue : non vendu. / Count below the list.',
    );
  }
  return {
    siren: unit.siren,
    denomination: unit.denomination,
    nombre_etablissements: total,
    listes_bornees: {
      etablissements: { nombre_total: total, tronque: total > rows.length, total_borne_basse: false },
    },
    etablissements: rows.map((e) => ({
      siret: e.siret,
      est_siege: e.est_siege,
      adresse: e.adresse,
      code_postal: e.code_postal,
      commune: e.commune,
      etat_administratif: establishmentState(e.etat_administratif),
      activite_principale: e.activite_principale,
      date_creation: e.date_creation,
      ...(geo ? { coordonnees: sireneToWgs84(e.lambert_x, e.lambert_y, e.code_commune) } : {}),
    })),
  };
}
