import path from 'node:path';
import { demoDirOf } from '../../ops/sourceRoot.ts';
import { LV_UR_REGISTER } from '../../schemas/events/lvUrEvents.ts';
import type { DemoSeeder } from '../core/demoSeeder.ts';
import { todayUtc } from '../core/today.ts';
import { ingestLvUr } from './ingestLvUr.ts';

const demo = demoDirOf('lv-ur');

/** The demo files of the Register of Enterprises, in their published layouts (see demo/SOURCE.txt). */
export const LV_UR_DEMO_FILES = {
  register: path.join(demo, 'register.csv'),
  members: path.join(demo, 'members.csv'),
  officers: path.join(demo, 'officers.csv'),
  beneficial_owners: path.join(demo, 'beneficial_owners.csv'),
  liquidations: path.join(demo, 'liquidations.csv'),
  suspensions_prohibitions: path.join(demo, 'suspensions_prohibitions.csv'),
  securing_measures: path.join(demo, 'securing_measures.csv'),
  reorganizations: path.join(demo, 'reorganizations.csv'),
  insolvency: path.join(demo, 'insolvency_legal_person_proceeding.csv'),
  financial_statements: path.join(demo, 'financial_statements.csv'),
  balance_sheets: path.join(demo, 'balance_sheets.csv'),
  income_statements: path.join(demo, 'income_statements.csv'),
  cash_flow_statements: path.join(demo, 'cash_flow_statements.csv'),
};

export const lvUrDemo: DemoSeeder = {
  register: LV_UR_REGISTER,
  description:
    'Register of Enterprises: 7 entities, members, officers, owners, legal events, insolvency, accounts',
  async seed(ctx) {
    await ingestLvUr({ ...ctx, files: LV_UR_DEMO_FILES, snapshotDate: ctx.snapshotDate ?? todayUtc() });
  },
};
