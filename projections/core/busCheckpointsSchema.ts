import type { Migration } from '../../ops/database/migrations.ts';

/**
 * The Kafka projectors' checkpoints (busProjector.ts): per projection, topic and partition, the log position up
 * to which that partition's events are applied.
 */
export const busProjectorMigrations: Migration[] = [
  {
    name: '0321_bus_projector_checkpoints',
    async up(knex) {
      await knex.raw(`
        create table bus_projector_checkpoints (
          projection text not null,
          topic text not null,
          topic_partition integer not null,
          position bigint not null default 0,
          updated_at timestamptz,
          primary key (projection, topic, topic_partition)
        )`);
    },
  },
];
