import type { Knex } from 'knex';
import { unavailable } from '../../errors/apiError.ts';
import { type BlockReading, served } from '../entreprise/blockReading.ts';
import { readEtablissements } from '../entreprise/readEtablissements.ts';
import { establishmentState, type UnitRow } from '../entreprise/unitFields.ts';
import { ETABLISSEMENTS_LIMIT } from '../entreprise.ts';

/**
 * The `etablissements` block: what GET /v1/entreprise/{siren}/etablissements serves for the company (without
 * `geo`), from the same reader, with the same bound and the same refusal of an incoherent count.
 */
export async function readEtablissementsBlock(
  knex: Knex,
  unit: UnitRow,
): Promise<BlockReading<Record<string, unknown>>> {
  const { total, rows } = await readEtablissements(knex, unit.siren, ETABLISSEMENTS_LIMIT);
  if (total < rows.length) {
    throw unavailable(
      'compte_incoherent',
      'Total inférieur à la liste lue : non vendu. / Count below the list.',
    );
  }
  return served(
    {
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
      })),
    },
    [],
  );
}
