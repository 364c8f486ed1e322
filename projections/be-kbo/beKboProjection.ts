import type { Knex } from 'knex';
import type { EuProfileRow } from '../../schemas/europe/euProfileRow.ts';
import {
  ADDRESS,
  BE_KBO_REGISTER,
  type BeKboRecord,
  DENOMINATION,
  ENTERPRISE,
  KBO_CODE,
} from '../../schemas/events/beKboEvents.ts';
import { type EntityBinding, entityHandlers } from '../core/entityHandlers.ts';
import type { Projection } from '../core/projection.ts';
import {
  createProfileTable,
  deleteProfiles,
  ensureEuSearchSupport,
  upsertProfiles,
} from '../eu-profile/euProfileTable.ts';
import { beKboProfile } from './beKboProfile.ts';
import {
  BE_KBO_ROWS,
  codeLabels,
  createRowsTable,
  enterprisesCarrying,
  putRows,
  removeRows,
  rowsOfEnterprises,
} from './beKboRows.ts';

export { BE_KBO_ROWS };
export const BE_KBO_PROFILES = 'eu_be_entreprises';

/** Which field of an enterprise row each code category labels. */
const CODED_FIELDS: Record<string, string> = {
  JuridicalForm: 'JuridicalForm',
  JuridicalSituation: 'JuridicalSituation',
  Status: 'Status',
};

/**
 * Recomposes the profiles of the given enterprises from their rows, in a few statements: an enterprise
 * without its enterprise row (it left, or only its names arrived so far) has no profile.
 */
async function recompose(trx: Knex.Transaction, ids: readonly string[]): Promise<void> {
  const unique = [...new Set(ids)].sort();
  if (unique.length === 0) return;
  const labels = await codeLabels(trx, KBO_CODE);
  const byId = new Map<string, { kind: string; record: BeKboRecord }[]>();
  for (const r of await rowsOfEnterprises(trx, unique)) {
    const list = byId.get(r.id_national) ?? [];
    list.push(r);
    byId.set(r.id_national, list);
  }
  const profiles: EuProfileRow[] = [];
  const gone: string[] = [];
  for (const id of unique) {
    const rows = byId.get(id) ?? [];
    const of = (kind: string) => rows.filter((r) => r.kind === kind).map((r) => r.record);
    const [enterprise] = of(ENTERPRISE);
    if (enterprise) profiles.push(beKboProfile(id, enterprise, of(DENOMINATION), of(ADDRESS), labels));
    else gone.push(id);
  }
  await upsertProfiles(trx, BE_KBO_PROFILES, profiles);
  await deleteProfiles(trx, BE_KBO_PROFILES, gone);
}

const enterpriseOf = (id: string) => id.slice(0, 10);

const enterprisePart = (kind: string): EntityBinding => ({
  register: BE_KBO_REGISTER,
  kind,
  async upsert(trx, data) {
    await putRows(trx, kind, [{ id: data.id, record: data.record as BeKboRecord }]);
    await recompose(trx, [enterpriseOf(data.id)]);
  },
  async drop(trx, data) {
    await removeRows(trx, kind, [data.id]);
    await recompose(trx, [enterpriseOf(data.id)]);
  },
  async upsertMany(trx, items) {
    await putRows(
      trx,
      kind,
      items.map(({ data }) => ({ id: data.id, record: data.record as BeKboRecord })),
    );
    await recompose(
      trx,
      items.map(({ data }) => enterpriseOf(data.id)),
    );
  },
  async dropMany(trx, items) {
    await removeRows(
      trx,
      kind,
      items.map(({ data }) => data.id),
    );
    await recompose(
      trx,
      items.map(({ data }) => enterpriseOf(data.id)),
    );
  },
});

/** A label changed or left: the enterprises that carry the code are recomposed. */
async function recomposeCoded(trx: Knex.Transaction, codeId: string) {
  const [category, code] = codeId.split(':') as [string, string];
  const field = CODED_FIELDS[category];
  if (field) await recompose(trx, await enterprisesCarrying(trx, ENTERPRISE, field, code));
}

/**
 * Belgium's local copy (KBO/BCE open data): the legal persons in the unified profile's terms, composed of
 * their enterprise row, their names and their seat. The log holds no natural person, so neither does this.
 */
export const beKboProjection: Projection = {
  name: 'be-kbo',
  registers: [BE_KBO_REGISTER],
  tables: [BE_KBO_PROFILES, BE_KBO_ROWS],
  migrations: [
    {
      name: 'eu_be_0001_entreprises',
      async up(knex) {
        await ensureEuSearchSupport(knex);
        await createProfileTable(knex, BE_KBO_PROFILES);
        await createRowsTable(knex);
      },
    },
  ],
  ...entityHandlers([
    enterprisePart(ENTERPRISE),
    enterprisePart(DENOMINATION),
    enterprisePart(ADDRESS),
    {
      register: BE_KBO_REGISTER,
      kind: KBO_CODE,
      async upsert(trx, data) {
        await putRows(trx, KBO_CODE, [{ id: data.id, record: data.record as BeKboRecord }]);
        await recomposeCoded(trx, data.id);
      },
      async drop(trx, data) {
        await removeRows(trx, KBO_CODE, [data.id]);
        await recomposeCoded(trx, data.id);
      },
    },
  ]),
};
