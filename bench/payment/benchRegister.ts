import type { Knex } from 'knex';
import type { RouteDefinition } from '../../api/catalogue/route.ts';
import { notFound } from '../../api/errors/apiError.ts';
import { runSnapshotPass, type SnapshotRow } from '../../ingest/core/snapshotPass.ts';
import type { EventStore } from '../../ops/eventstore/port.ts';
import type { Logger } from '../../ops/logger.ts';
import { entityHandlers } from '../../projections/core/entityHandlers.ts';
import type { Projection } from '../../projections/core/projection.ts';
import type { RegisterInfo } from '../../schemas/registerInfo.ts';

/**
 * A register made for the payment benchmark: rows served by primary key through the whole priced chain
 * (validation, payment, freshness, envelope, signature, served log). It isolates what payment costs from
 * what any one register's handler costs.
 */
export const BENCH_REGISTER: RegisterInfo = {
  code: 'bench.lignes',
  nomCourt: 'Banc',
  nomComplet: 'Registre du banc d’essai',
  producteur: 'Benchmarks',
  pays: 'FR',
  licence: 'Licence Ouverte / Open Licence v2.0 (Etalab)',
  licenceUrl: 'https://www.etalab.gouv.fr/licence-ouverte-open-licence/',
  mode: 'copie_locale',
  photoComplete: true,
  seuilFraicheurJours: 30,
  sourceUrl: 'https://example.org/bench.csv',
};

export const benchProjection: Projection = {
  name: 'bench-lignes',
  registers: [BENCH_REGISTER.code],
  tables: ['bench_lignes'],
  migrations: [
    {
      name: 'bench_0001_lignes',
      async up(knex) {
        await knex.raw('create table bench_lignes (id text primary key, nom text not null)');
      },
    },
  ],
  ...entityHandlers([
    {
      register: BENCH_REGISTER.code,
      kind: 'ligne',
      async upsert(trx, data) {
        await trx.raw(
          'insert into bench_lignes (id, nom) values (?, ?) on conflict (id) do update set nom = excluded.nom',
          [data.id, String(data.record.nom)],
        );
      },
      async drop(trx, data) {
        await trx.raw('delete from bench_lignes where id = ?', [data.id]);
      },
    },
  ]),
};

export const SELECT_LIGNE = 'select id, nom from bench_lignes where id = ?';

export const benchRoute: RouteDefinition = {
  id: 'bench.ligne',
  method: 'GET',
  path: '/v1/bench/ligne/{id}',
  summary: 'Une ligne du banc d’essai.',
  params: [
    {
      name: 'id',
      in: 'path',
      required: true,
      description: 'Identifiant à 6 chiffres',
      schema: { type: 'string', pattern: '^\\d{6}$' },
    },
  ],
  price: 5000,
  freeTier: true,
  registers: [BENCH_REGISTER.code],
  projections: [benchProjection.name],
  freshness: { maxAgeDays: 30, code: 'photo_perimee' },
  responseSchema: { type: 'object' },
  async handler(ctx, { knex }) {
    const id = String(ctx.state.params?.id);
    const row = (await knex.raw(SELECT_LIGNE, [id])).rows[0] as { id: string; nom: string } | undefined;
    if (!row) throw notFound('entreprise_inconnue', `Aucune ligne ${id}.`);
    return { body: { id: row.id, nom: row.nom } };
  },
};

/** One completed pass of `count` rows, ids 000000.. */
export async function ingestBenchRows(
  deps: { knex: Knex; store: EventStore; logger: Logger },
  count: number,
) {
  async function* rows(): AsyncGenerator<SnapshotRow> {
    for (let i = 0; i < count; i++) {
      const id = String(i).padStart(6, '0');
      yield { kind: 'ligne', id, record: { id, nom: `Société ${id}` } };
    }
  }
  const today = new Date().toISOString().slice(0, 10);
  return runSnapshotPass({
    ...deps,
    register: BENCH_REGISTER.code,
    version: today,
    snapshotDate: today,
    fileSha256: 'b'.repeat(64),
    rows: rows(),
  });
}
