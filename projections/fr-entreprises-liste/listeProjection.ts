import {
  EXERCICE,
  parseExerciceId,
  RATIOS_REGISTER,
  type RatiosRecord,
} from '../../ingest/fr-comptes/ratiosFormat.ts';
import {
  ETABLISSEMENT,
  SIRENE_REGISTER,
  type SireneRecord,
  UNITE_LEGALE,
} from '../../ingest/fr-sirene/sireneEvents.ts';
import { entityHandlers } from '../core/entityHandlers.ts';
import type { Projection } from '../core/projection.ts';
import { exerciceRowOf } from './exerciceRows.ts';
import { LISTE_TABLES, listeMigrations } from './listeSchema.ts';
import { refreshListe } from './refreshListe.ts';
import { siegeRowOf, uniteRowOf } from './sireneRows.ts';
import {
  deleteExercices,
  deleteSieges,
  deleteUnites,
  upsertExercices,
  upsertSieges,
  upsertUnites,
} from './writeSources.ts';

export const LISTE_PROJECTION = 'fr-entreprises-liste';

/** A snapshot version that is a date (our ingesters' convention) is the export date of its rows. */
function dateOfVersion(version: unknown): string | null {
  return typeof version === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(version) ? version : null;
}

/**
 * The list of companies by combined criteria: Sirene identity and head-office geography joined with the last
 * qualified annual accounts of the ratios dataset, one row per legal person (see refreshListe.ts for who is
 * listed). Reads only the events of both registers; every handler writes its source table, then recomputes
 * the company's served row.
 */
export const listeProjection: Projection = {
  name: LISTE_PROJECTION,
  registers: [SIRENE_REGISTER, RATIOS_REGISTER],
  tables: LISTE_TABLES,
  migrations: listeMigrations,
  handlers: entityHandlers([
    {
      register: SIRENE_REGISTER,
      kind: UNITE_LEGALE,
      async upsert(trx, data) {
        await upsertUnites(trx, [uniteRowOf(data.id, data.record as SireneRecord)]);
        await refreshListe(trx, [data.id]);
      },
      async drop(trx, data) {
        await deleteUnites(trx, [data.id]);
        await refreshListe(trx, [data.id]);
      },
    },
    {
      register: SIRENE_REGISTER,
      kind: ETABLISSEMENT,
      async upsert(trx, data) {
        const siege = siegeRowOf(data.id, data.record as SireneRecord);
        if (siege) await upsertSieges(trx, [siege]);
        // Most establishments are not head offices and never were: nothing of the list changes.
        else if ((await deleteSieges(trx, [data.id])) === 0) return;
        await refreshListe(trx, [data.id.slice(0, 9)]);
      },
      async drop(trx, data) {
        if ((await deleteSieges(trx, [data.id])) === 0) return;
        await refreshListe(trx, [data.id.slice(0, 9)]);
      },
    },
    {
      register: RATIOS_REGISTER,
      kind: EXERCICE,
      async upsert(trx, data, event) {
        const key = parseExerciceId(data.id);
        if (!key) return;
        const row = exerciceRowOf(
          key,
          data.record as RatiosRecord,
          dateOfVersion(event.metadata.snapshotVersion),
        );
        await upsertExercices(trx, [row]);
        await refreshListe(trx, [key.siren]);
      },
      async drop(trx, data) {
        const key = parseExerciceId(data.id);
        if (!key) return;
        await deleteExercices(trx, [key]);
        await refreshListe(trx, [key.siren]);
      },
    },
  ]),
};
