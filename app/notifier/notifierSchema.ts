import type { Migration } from '../../ops/database/migrations.ts';

/** How far the notifier has turned the watches' changes into deliveries (a log position). */
export const NOTIFIER_CHECKPOINT = 'notifier_position';
/** Each delivery the notifier owes, its attempts so far and when the next is due. */
export const NOTIFIER_DELIVERIES = 'notifier_livraisons';

export const notifierMigrations: Migration[] = [
  {
    name: '0710_notifier_deliveries',
    async up(knex) {
      await knex.raw(`
        create table ${NOTIFIER_CHECKPOINT} (
          nom text primary key,
          position bigint not null
        )`);
      await knex.raw(`
        create table ${NOTIFIER_DELIVERIES} (
          livraison uuid primary key,
          surveillance text not null,
          position bigint not null,
          etat text not null,
          tentatives integer not null default 0,
          prochaine_tentative timestamptz not null,
          premiere_tentative timestamptz
        )`);
      await knex.raw(
        `create index ${NOTIFIER_DELIVERIES}_dues on ${NOTIFIER_DELIVERIES} (prochaine_tentative) where etat = 'en_attente'`,
      );
    },
  },
];
