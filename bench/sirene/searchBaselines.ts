import type { Knex } from 'knex';
import { cachedExtensionSchema } from '../../ops/database/extensions.ts';
import { essentialName } from '../../projections/fr-sirene-recherche/nameForms.ts';
import { RECHERCHE_TABLE } from '../../projections/fr-sirene-recherche/rechercheSchema.ts';
import type { SearchFn } from './searchLatency.ts';

/**
 * Baselines for the search benchmark, on the same table: what one would write without the search design.
 *
 * - `bare ILIKE`: the raw denomination containing the text as typed, no normalisation, no index that can
 *   serve it (a sequential scan); finds no typo, no reordered word.
 * - `raw trigram`: pg_trgm's textbook query on the indexed essential name, `%` filter and `<->` order, one
 *   statement, no stages, no count, no head office.
 */
export function bareIlikeSearch(knex: Knex): SearchFn {
  return (q) =>
    knex.raw(
      `select siren, denomination from ${RECHERCHE_TABLE} where denomination ilike '%' || ? || '%' order by siren limit 10`,
      [q.replaceAll('%', '').replaceAll('_', '')],
    );
}

export function rawTrigramSearch(knex: Knex): SearchFn {
  return async (q) => {
    // Named through pg_trgm's schema, as the search does: the extension may live outside the search_path.
    const trgm = await cachedExtensionSchema(knex, 'pg_trgm');
    // The query in the index's essential form, as the search computes it (nameForms.ts).
    const essential = essentialName(q);
    return knex.raw(
      `select siren, denomination, ${trgm}.similarity(nom_essentiel, ?) as score
         from ${RECHERCHE_TABLE}
        where nom_essentiel operator(${trgm}.%) ?
        order by nom_essentiel operator(${trgm}.<->) ?
        limit 10`,
      [essential, essential, essential],
    );
  };
}
