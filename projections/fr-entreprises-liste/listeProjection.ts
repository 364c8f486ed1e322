import type { Knex } from 'knex';
import type { EntityDroppedData, EntityRecordedData } from '../../schemas/events/entityEvents.ts';
import { BODACC_NOTICE, FR_BODACC_REGISTER } from '../../schemas/events/frBodaccEvents.ts';
import {
  EXERCICE,
  FR_RATIOS_INPI_BCE_REGISTER,
  parseExerciceId,
  type RatiosRecord,
} from '../../schemas/events/frRatiosInpiBceEvents.ts';
import {
  ETABLISSEMENT,
  FR_SIRENE_REGISTER,
  type SireneRecord,
  UNITE_LEGALE,
} from '../../schemas/events/frSireneEvents.ts';
import { isBulkLoading } from '../core/bulkLoad.ts';
import { batchBinding, type EntityItem, entityHandlers } from '../core/entityHandlers.ts';
import type { Projection } from '../core/projection.ts';
import { type ExerciceRow, exerciceRowOf } from './exerciceRows.ts';
import { dropListeNotice, refreshSignals, upsertListeNotice } from './listeNotices.ts';
import { LISTE_SERVED_INDEXES, LISTE_TABLES, listeMigrations } from './listeSchema.ts';
import { refreshListe, refreshWholeListe } from './refreshListe.ts';
import { type SiegeRow, siegeRowOf, uniteRowOf } from './sireneRows.ts';
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
 * qualified annual accounts of the ratios dataset and the public signals of the BODACC, one row per legal
 * person (see refreshListe.ts for who is listed). Reads only the events of these registers; every handler
 * writes its source table, then recomputes the company's served row. A first pass or a rebuild loads the
 * served table without its twenty criteria indexes, built when the pass completes (core/bulkLoad.ts); its
 * handlers then write only the source tables, and every served row is computed once when the pass completes.
 */
export const listeProjection: Projection = {
  name: LISTE_PROJECTION,
  registers: [FR_SIRENE_REGISTER, FR_RATIOS_INPI_BCE_REGISTER, FR_BODACC_REGISTER],
  tables: LISTE_TABLES,
  migrations: listeMigrations,
  // The served rows of a first pass or a rebuild are written once, at its end (refreshWholeListe).
  bulkLoad: { indexes: LISTE_SERVED_INDEXES, fill: refreshWholeListe },
  // Heavy per row: the company tables the profile reads are applied first during a large pass.
  deferred: true,
  ...entityHandlers(
    [
      batchBinding({
        register: FR_SIRENE_REGISTER,
        kind: UNITE_LEGALE,
        upsertMany: upsertUnits,
        dropMany: dropUnits,
      }),
      batchBinding({
        register: FR_SIRENE_REGISTER,
        kind: ETABLISSEMENT,
        upsertMany: upsertEstablishments,
        dropMany: dropEstablishments,
      }),
      batchBinding({
        register: FR_RATIOS_INPI_BCE_REGISTER,
        kind: EXERCICE,
        upsertMany: upsertAccounts,
        dropMany: dropAccounts,
      }),
      {
        register: FR_BODACC_REGISTER,
        kind: BODACC_NOTICE,
        async upsert(trx, data) {
          await refreshCompanySignals(trx, await upsertListeNotice(trx, data.id, data.record));
        },
        async drop(trx, data) {
          await refreshCompanySignals(trx, await dropListeNotice(trx, data.id));
        },
      },
    ],
    // Each binding writes its own source table, then recomputes the companies it touched from all of them:
    // applied one binding after the other, a run ends with the same rows as in log order (the last refresh
    // of a company follows every write of the run to its sources), in a few statements instead of one per event.
    { kindsCommute: true },
  ),
};

type Items<D> = readonly EntityItem<D>[];

/** The companies' served rows, unless a bulk load leaves them all to its end. */
async function refreshServed(trx: Knex.Transaction, sirens: readonly string[]): Promise<void> {
  if (sirens.length === 0 || (await isBulkLoading(trx, LISTE_PROJECTION))) return;
  await refreshListe(trx, sirens);
}

async function upsertUnits(trx: Knex.Transaction, items: Items<EntityRecordedData>): Promise<void> {
  await upsertUnites(
    trx,
    items.map(({ data }) => uniteRowOf(data.id, data.record as SireneRecord)),
  );
  await refreshServed(
    trx,
    items.map(({ data }) => data.id),
  );
}

async function dropUnits(trx: Knex.Transaction, items: Items<EntityDroppedData>): Promise<void> {
  const sirens = items.map(({ data }) => data.id);
  await deleteUnites(trx, sirens);
  await refreshServed(trx, sirens);
}

async function upsertEstablishments(trx: Knex.Transaction, items: Items<EntityRecordedData>): Promise<void> {
  const sieges: SiegeRow[] = [];
  const others: string[] = [];
  for (const { data } of items) {
    const siege = siegeRowOf(data.id, data.record as SireneRecord);
    if (siege) sieges.push(siege);
    else others.push(data.id);
  }
  await upsertSieges(trx, sieges);
  // Most establishments are not head offices and never were: for them nothing of the list changes.
  const former = await deleteSieges(trx, others);
  await refreshServed(trx, [...sieges.map((s) => s.siren), ...former]);
}

async function dropEstablishments(trx: Knex.Transaction, items: Items<EntityDroppedData>): Promise<void> {
  await refreshServed(
    trx,
    await deleteSieges(
      trx,
      items.map(({ data }) => data.id),
    ),
  );
}

async function upsertAccounts(trx: Knex.Transaction, items: Items<EntityRecordedData>): Promise<void> {
  const rows: ExerciceRow[] = [];
  for (const { data, event } of items) {
    const key = parseExerciceId(data.id);
    if (key)
      rows.push(
        exerciceRowOf(key, data.record as RatiosRecord, dateOfVersion(event.metadata.snapshotVersion)),
      );
  }
  await upsertExercices(trx, rows);
  await refreshServed(
    trx,
    rows.map((r) => r.siren),
  );
}

async function dropAccounts(trx: Knex.Transaction, items: Items<EntityDroppedData>): Promise<void> {
  const keys = items.map(({ data }) => parseExerciceId(data.id)).filter((k) => k !== null);
  await deleteExercices(trx, keys);
  await refreshServed(
    trx,
    keys.map((k) => k.siren),
  );
}

async function refreshCompanySignals(trx: Knex.Transaction, sirens: readonly string[]): Promise<void> {
  await refreshSignals(trx, sirens);
  await refreshServed(trx, sirens);
}
