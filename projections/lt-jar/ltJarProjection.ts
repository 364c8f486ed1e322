import type { Knex } from 'knex';
import type { EntityDroppedData, EntityRecordedData } from '../../schemas/events/entityEvents.ts';
import { ACCOUNT_LINE, LEGAL_ENTITY, LT_JAR_REGISTER } from '../../schemas/events/ltJarEvents.ts';
import { batchBinding, type EntityItem } from '../core/entityHandlers.ts';
import type { Projection } from '../core/projection.ts';
import { deleteRows, upsertRows } from '../core/rowTable.ts';
import { detailBinding, detailRowTable } from '../eu-profile/detailDocuments.ts';
import { euCopyProjection } from '../eu-profile/euCopyProjection.ts';
import { deleteProfiles, upsertProfiles } from '../eu-profile/euProfileTable.ts';
import { ltJarProfile } from './ltJarProfile.ts';

export const LT_JAR_PROFILES = 'eu_lt_entreprises';
/** The register status of each served company (code, label, date), for the insolvency route. */
export const LT_JAR_STATUSES = 'eu_lt_statuts';
export const LT_JAR_ACCOUNT_LINES = 'eu_lt_comptes_lignes';
export const LT_JAR_FILES = 'eu_lt_fichiers';

const STATUS_FIELDS = ['stat_kodas', 'stat_pavadinimas', 'stat_data_nuo'];

/** A batch of legal entities: their profiles, and the register status of the legal persons among them. */
async function upsertEntities(trx: Knex.Transaction, items: readonly EntityItem<EntityRecordedData>[]) {
  const profiles = items.map(({ data }) => ltJarProfile(data.id, data.record));
  await upsertProfiles(trx, LT_JAR_PROFILES, profiles);
  const statuses = detailRowTable(LT_JAR_STATUSES);
  await deleteRows(
    trx,
    statuses,
    items.map(({ data }) => data.id),
  );
  await upsertRows(
    trx,
    statuses,
    items
      .filter((_, i) => !profiles[i]!.personne_physique)
      .map(({ data }) => ({
        id: data.id,
        entreprise: data.id,
        record: Object.fromEntries(STATUS_FIELDS.map((f) => [f, data.record[f] ?? null])),
      })),
  );
}

async function dropEntities(trx: Knex.Transaction, items: readonly EntityItem<EntityDroppedData>[]) {
  const ids = items.map(({ data }) => data.id);
  await deleteProfiles(trx, LT_JAR_PROFILES, ids);
  await deleteRows(trx, detailRowTable(LT_JAR_STATUSES), ids);
}

/** Lithuania's local copy: unified profile, register status, lines of the filed annual accounts, pass files. */
export const ltJarProjection: Projection = euCopyProjection({
  name: 'lt-jar',
  register: LT_JAR_REGISTER,
  copy: {
    migration: 'eu_lt_0001_tables',
    profiles: LT_JAR_PROFILES,
    details: [LT_JAR_STATUSES, LT_JAR_ACCOUNT_LINES],
    files: LT_JAR_FILES,
  },
  bindings: [
    batchBinding({
      register: LT_JAR_REGISTER,
      kind: LEGAL_ENTITY,
      upsertMany: upsertEntities,
      dropMany: dropEntities,
    }),
    detailBinding(LT_JAR_REGISTER, ACCOUNT_LINE, LT_JAR_ACCOUNT_LINES, (r) => (r.ja_kodas as string) ?? null),
  ],
});
