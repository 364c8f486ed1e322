import type { Knex } from 'knex';
import type { EntityDroppedData, EntityRecordedData } from '../../schemas/events/entityEvents.ts';
import {
  BALANCE_SHEET,
  BENEFICIAL_OWNER,
  CASH_FLOW_STATEMENT,
  FINANCIAL_STATEMENT,
  INCOME_STATEMENT,
  INSOLVENCY_PROCEEDING,
  LIQUIDATION,
  LV_UR_REGISTER,
  MEMBER,
  OFFICER,
  REGISTER_ROW,
  SECURING_MEASURE,
  SUSPENSION,
} from '../../schemas/events/lvUrEvents.ts';
import {
  batchBinding,
  dropAll,
  type EntityBinding,
  type EntityItem,
  upsertAll,
} from '../core/entityHandlers.ts';
import type { Projection } from '../core/projection.ts';
import { createDetailTable, detailBinding } from '../eu-profile/detailDocuments.ts';
import { euCopyProjection } from '../eu-profile/euCopyProjection.ts';
import { deleteProfile, upsertProfile } from '../eu-profile/euProfileTable.ts';
import { createReorganisationsTable, reorganisationsBinding } from './lvReorganisationsTable.ts';
import { createStatementTable, statementBinding } from './lvStatementsTable.ts';
import { type LvStatutTables, refreshLvStatut } from './lvStatut.ts';
import { lvUrProfile } from './lvUrProfile.ts';

export const LV_UR_PROFILES = 'eu_lv_entreprises';
export const LV_MEMBERS = 'eu_lv_membres';
export const LV_OFFICERS = 'eu_lv_dirigeants';
export const LV_OWNERS = 'eu_lv_beneficiaires';
export const LV_FILES = 'eu_lv_fichiers';
export const LV_LIQUIDATIONS = 'eu_lv_liquidations';
export const LV_SUSPENSIONS = 'eu_lv_suspensions';
export const LV_SECURING = 'eu_lv_suretes';
export const LV_INSOLVENCY = 'eu_lv_insolvabilite';
export const LV_ACCOUNTS = 'eu_lv_comptes';
export const LV_REORGANISATIONS = 'eu_lv_reorganisations';
export const LV_BALANCE_SHEETS = 'eu_lv_bilans';
export const LV_INCOME_STATEMENTS = 'eu_lv_comptes_resultat';
export const LV_CASH_FLOWS = 'eu_lv_flux_tresorerie';

const atCompany = (r: Record<string, unknown>) => (r.at_legal_entity_registration_number as string) ?? null;
const ofCompany = (r: Record<string, unknown>) => (r.legal_entity_registration_number as string) ?? null;
const ofDebtor = (r: Record<string, unknown>) => (r.debtor_registration_number as string) ?? null;

/** The rows `statut` is derived from (see lvStatut.ts). */
const STATUT_TABLES: LvStatutTables = {
  profiles: LV_UR_PROFILES,
  liquidations: LV_LIQUIDATIONS,
  suspensions: LV_SUSPENSIONS,
  reorganisations: LV_REORGANISATIONS,
  insolvency: LV_INSOLVENCY,
};

const companiesOf = async (trx: Knex.Transaction, table: string, ids: readonly string[]): Promise<string[]> =>
  (
    (await trx.raw(`select entreprise from ${table} where id = any(?::text[])`, [[...ids]])).rows as {
      entreprise: string;
    }[]
  ).map((r) => r.entreprise);

/**
 * A binding of a table `statut` reads: the companies its rows named, before and after, get their statut again
 * (a batch of a pass at once when the binding writes batches).
 */
function refreshingStatut(binding: EntityBinding, table: string): EntityBinding {
  const refreshed =
    <I extends { data: { id: string } }>(
      write: (trx: Knex.Transaction, items: readonly I[]) => Promise<void>,
    ) =>
    async (trx: Knex.Transaction, items: readonly I[]) => {
      const ids = items.map((i) => i.data.id);
      const before = await companiesOf(trx, table, ids);
      await write(trx, items);
      await refreshLvStatut(trx, STATUT_TABLES, [...before, ...(await companiesOf(trx, table, ids))]);
    };
  const upsertMany = refreshed<EntityItem<EntityRecordedData>>(upsertAll(binding));
  const dropMany = refreshed<EntityItem<EntityDroppedData>>(dropAll(binding));
  return batchBinding({ ...binding, upsertMany, dropMany });
}

/**
 * Latvia's local copy: unified profile (its `statut` derived from register.csv and the legal events, see
 * lvStatut.ts), members, officers, owners, legal events (liquidations, suspensions, securing measures,
 * reorganisations), insolvency, annual accounts (filed reports and their balance sheet, income and cash-flow
 * statements), files of the published pass.
 */
export const lvUrProjection: Projection = euCopyProjection({
  name: 'lv-ur',
  register: LV_UR_REGISTER,
  copy: {
    migration: 'eu_lv_0001_tables',
    profiles: LV_UR_PROFILES,
    details: [LV_MEMBERS, LV_OFFICERS, LV_OWNERS],
    files: LV_FILES,
  },
  moreTables: [
    LV_LIQUIDATIONS,
    LV_SUSPENSIONS,
    LV_SECURING,
    LV_INSOLVENCY,
    LV_ACCOUNTS,
    LV_REORGANISATIONS,
    LV_BALANCE_SHEETS,
    LV_INCOME_STATEMENTS,
    LV_CASH_FLOWS,
  ],
  moreMigrations: [
    {
      name: 'eu_lv_0002_events_insolvency_accounts',
      async up(knex) {
        for (const table of [LV_LIQUIDATIONS, LV_SUSPENSIONS, LV_SECURING, LV_INSOLVENCY, LV_ACCOUNTS]) {
          await createDetailTable(knex, table);
        }
      },
    },
    {
      name: 'eu_lv_0003_reorganisations_statements',
      async up(knex) {
        await createReorganisationsTable(knex, LV_REORGANISATIONS);
        for (const table of [LV_BALANCE_SHEETS, LV_INCOME_STATEMENTS, LV_CASH_FLOWS]) {
          await createStatementTable(knex, table);
        }
      },
    },
  ],
  bindings: [
    {
      register: LV_UR_REGISTER,
      kind: REGISTER_ROW,
      async upsert(trx, data) {
        await upsertProfile(trx, LV_UR_PROFILES, lvUrProfile(data.id, data.record));
        await refreshLvStatut(trx, STATUT_TABLES, [data.id]);
      },
      drop: (trx, data) => deleteProfile(trx, LV_UR_PROFILES, data.id),
    },
    detailBinding(LV_UR_REGISTER, MEMBER, LV_MEMBERS, atCompany),
    detailBinding(LV_UR_REGISTER, OFFICER, LV_OFFICERS, atCompany),
    detailBinding(LV_UR_REGISTER, BENEFICIAL_OWNER, LV_OWNERS, ofCompany),
    refreshingStatut(detailBinding(LV_UR_REGISTER, LIQUIDATION, LV_LIQUIDATIONS, ofCompany), LV_LIQUIDATIONS),
    refreshingStatut(detailBinding(LV_UR_REGISTER, SUSPENSION, LV_SUSPENSIONS, ofCompany), LV_SUSPENSIONS),
    detailBinding(LV_UR_REGISTER, SECURING_MEASURE, LV_SECURING, ofCompany),
    refreshingStatut(reorganisationsBinding(LV_REORGANISATIONS), LV_REORGANISATIONS),
    refreshingStatut(
      detailBinding(LV_UR_REGISTER, INSOLVENCY_PROCEEDING, LV_INSOLVENCY, ofDebtor),
      LV_INSOLVENCY,
    ),
    detailBinding(LV_UR_REGISTER, FINANCIAL_STATEMENT, LV_ACCOUNTS, ofCompany),
    statementBinding(BALANCE_SHEET, LV_BALANCE_SHEETS),
    statementBinding(INCOME_STATEMENT, LV_INCOME_STATEMENTS),
    statementBinding(CASH_FLOW_STATEMENT, LV_CASH_FLOWS),
  ],
});
