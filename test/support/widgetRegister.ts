import type { RouteDefinition } from '../../api/catalogue/route.ts';
import { notFound } from '../../api/errors/apiError.ts';
import type { EventStore } from '../../ops/eventstore/port.ts';
import type { Projection } from '../../projections/core/projection.ts';
import {
  SNAPSHOT_COMPLETED,
  SNAPSHOT_STARTED,
  snapshotStreamId,
} from '../../schemas/events/snapshotEvents.ts';
import type { RegisterInfo } from '../../schemas/registerInfo.ts';

/**
 * A register made for the machinery's tests: one snapshot file of widgets, a projection, a priced route.
 * It exercises the same paths a real register does, with nothing of a real register's parsing.
 */
export const WIDGETS: RegisterInfo = {
  code: 'test.widgets',
  nomCourt: 'Widgets',
  nomComplet: 'Registre de test des widgets',
  producteur: 'Tests',
  pays: 'FR',
  licence: 'Licence Ouverte / Open Licence v2.0 (Etalab)',
  licenceUrl: 'https://www.etalab.gouv.fr/licence-ouverte-open-licence/',
  mode: 'copie_locale',
  photoComplete: true,
  seuilFraicheurJours: 30,
  sourceUrl: 'https://example.org/widgets.csv',
};

export const widgetsProjection: Projection = {
  name: 'test-widgets',
  registers: [WIDGETS.code],
  tables: ['test_widgets'],
  migrations: [
    {
      name: '9000_test_widgets',
      async up(knex) {
        await knex.raw('create table test_widgets (id text primary key, name text not null)');
      },
    },
  ],
  handlers: {
    async WidgetRecorded(trx, event) {
      const data = event.data as { id: string; name: string };
      await trx.raw(
        'insert into test_widgets (id, name) values (?, ?) on conflict (id) do update set name = excluded.name',
        [data.id, data.name],
      );
    },
  },
};

export const widgetRoute: RouteDefinition = {
  id: 'test.widget',
  method: 'GET',
  path: '/v1/test/widget/{id}',
  summary: 'Un widget de test.',
  params: [
    {
      name: 'id',
      in: 'path',
      required: true,
      description: 'Identifiant de 4 chiffres',
      schema: { type: 'string', pattern: '^\\d{4}$' },
    },
    { name: 'detail', in: 'query', required: false, description: 'Booléen', schema: { type: 'boolean' } },
  ],
  price: 5000,
  freeTier: true,
  errors: ['entreprise_inconnue'],
  registers: [WIDGETS.code],
  projections: [widgetsProjection.name],
  freshness: { maxAgeDays: 30, code: 'photo_perimee' },
  responseSchema: { type: 'object', properties: { id: { type: 'string' }, name: { type: 'string' } } },
  async handler(ctx, { knex }) {
    const id = String(ctx.state.params?.id);
    if (id === '9999') throw new Error('a bug in a handler');
    const row = (await knex('test_widgets').where({ id }).first()) as
      | { id: string; name: string }
      | undefined;
    if (!row) throw notFound('entreprise_inconnue', `Aucun widget ${id}.`);
    return { body: { id: row.id, name: row.name, detail: ctx.state.params?.detail ?? false } };
  },
};

export const FILE_SHA = 'a'.repeat(64);

/** Appends one complete snapshot pass of widgets; returns the last position. */
export async function ingestWidgets(
  store: EventStore,
  opts: { version: string; complete?: boolean; widgets?: [string, string][] },
) {
  const stream = snapshotStreamId(WIDGETS.code);
  const frame = {
    register: WIDGETS.code,
    version: opts.version,
    snapshotDate: opts.version,
    fileSha256: FILE_SHA,
    startedAt: `${opts.version}T01:00:00Z`,
  };
  await store.append(stream, [{ type: SNAPSHOT_STARTED, data: frame }], 'any');
  const widgets = opts.widgets ?? [
    ['0001', 'Premier'],
    ['0002', 'Second'],
  ];
  const bulk = await store.appendBulk(
    widgets.map(([id, name]) => ({
      streamId: `test.widgets-${id}`,
      events: [{ type: 'WidgetRecorded', data: { id, name } }],
    })),
  );
  if (opts.complete === false) return bulk.lastPosition;
  const done = await store.append(
    stream,
    [
      {
        type: SNAPSHOT_COMPLETED,
        data: {
          ...frame,
          completedAt: `${opts.version}T02:00:00Z`,
          counts: { rows: widgets.length, recorded: widgets.length, changed: 0, dropped: 0, unchanged: 0 },
        },
      },
    ],
    'any',
  );
  if (!done.ok) throw new Error(done.message);
  return done.lastPosition;
}
