import type { Migration } from '../../ops/database/migrations.ts';

export const ACCOUNTS_TABLES = [
  'accounts',
  'account_keys',
  'account_lots',
  'account_free_calls',
  'account_leases',
  'account_daily_usage',
];

export const accountsMigrations: Migration[] = [
  {
    name: '0310_projection_accounts',
    async up(knex) {
      await knex.raw(`
        create table accounts (
          account_id text primary key,
          version bigint not null,
          opened_at timestamptz not null
        )`);
      await knex.raw(`
        create table account_keys (
          key_hash text primary key,
          account_id text not null,
          key_hint text not null,
          issued_at timestamptz not null
        )`);
      await knex.raw(`
        create table account_lots (
          account_id text not null,
          lot_id text not null,
          amount bigint not null,
          remaining bigint not null,
          purchased_at timestamptz not null,
          expires_at timestamptz not null,
          primary key (account_id, lot_id)
        )`);
      await knex.raw(`
        create table account_free_calls (
          account_id text not null,
          month text not null,
          used integer not null,
          primary key (account_id, month)
        )`);
    },
  },
  {
    name: '0311_account_keys_revoked',
    async up(knex) {
      // A revoked key stays listed (its owner sees when it stopped working); the resolver skips it.
      await knex.raw('alter table account_keys add column revoked_at timestamptz');
    },
  },
  {
    name: '0312_account_leases',
    async up(knex) {
      // Open leases only (CreditsLeased until LeaseReturned): what each sets aside and what was charged on it.
      await knex.raw(`
        create table account_leases (
          account_id text not null,
          lease_id text not null,
          holder text not null,
          amount bigint not null,
          spent bigint not null default 0,
          leased_at timestamptz not null,
          expires_at timestamptz not null,
          primary key (account_id, lease_id)
        )`);
    },
  },
  {
    name: '0313_account_daily_usage',
    async up(knex) {
      // Calls answered and credits drawn per account and UTC day: the account page's 30-day chart.
      await knex.raw(`
        create table account_daily_usage (
          account_id text not null,
          day date not null,
          calls integer not null,
          free_calls integer not null,
          credits bigint not null,
          primary key (account_id, day)
        )`);
    },
  },
];
