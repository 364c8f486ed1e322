import { LV_UR_REGISTER } from '../../schemas/events/lvUrEvents.ts';
import { datedFilesDemo, demoFilesOf } from '../core/demoSeeder.ts';
import { ingestLvUr } from './ingestLvUr.ts';

/** The demo files of the Register of Enterprises, in their published layouts (see demo/SOURCE.txt). */
export const LV_UR_DEMO_FILES = demoFilesOf('lv-ur', {
  register: 'register.csv',
  members: 'members.csv',
  officers: 'officers.csv',
  beneficial_owners: 'beneficial_owners.csv',
  liquidations: 'liquidations.csv',
  suspensions_prohibitions: 'suspensions_prohibitions.csv',
  securing_measures: 'securing_measures.csv',
  reorganizations: 'reorganizations.csv',
  insolvency: 'insolvency_legal_person_proceeding.csv',
  financial_statements: 'financial_statements.csv',
  balance_sheets: 'balance_sheets.csv',
  income_statements: 'income_statements.csv',
  cash_flow_statements: 'cash_flow_statements.csv',
});

export const lvUrDemo = datedFilesDemo(
  LV_UR_REGISTER,
  'Register of Enterprises: 7 entities, members, officers, owners, legal events, insolvency, accounts',
  LV_UR_DEMO_FILES,
  ingestLvUr,
);
