import { BE_KBO_REGISTER } from '../../schemas/events/beKboEvents.ts';
import { fileIngestSpec } from '../core/fileIngestCommand.ts';
import type { IngestCommandSpec } from '../core/ingestCommandSpec.ts';

/** `registres ingest be-kbo --enterprise <f> --denomination <f> --address <f> --code <f> [--date] [--version]` */
export const beKboIngestSpec = fileIngestSpec({
  register: BE_KBO_REGISTER,
  summary: 'KBO/BCE open data, Full extract (the unzipped CSV files of KboOpenData_<n>_<date>_Full.zip)',
  roles: [
    { name: 'enterprise', required: true, description: 'enterprise.csv' },
    { name: 'denomination', required: true, description: 'denomination.csv' },
    { name: 'address', required: true, description: 'address.csv' },
    { name: 'code', required: true, description: 'code.csv' },
  ],
  blocks: true,
  async load() {
    const { ingestBeKbo } = await import('./ingestBeKbo.ts');
    return ({ files, ...opts }) =>
      ingestBeKbo({
        ...opts,
        files: {
          enterprise: files.enterprise!,
          denomination: files.denomination!,
          address: files.address!,
          code: files.code!,
        },
      });
  },
});

const single = (v: string | string[] | undefined) => (Array.isArray(v) ? v[v.length - 1] : v);

/** `registres ingest be-kbo-update --dossier <unzipped Update extract>`: on top of the last Full pass. */
export const beKboUpdateIngestSpec: IngestCommandSpec = {
  summary:
    'KBO/BCE open data, daily or monthly Update extract (a folder as unzipped), deletes before inserts',
  options: [
    {
      name: 'dossier',
      value: '<dir>',
      description: 'the unzipped KboOpenData_<n>_<date>_Update folder (meta.csv, *_delete.csv, *_insert.csv)',
      required: true,
    },
  ],
  async load() {
    const { ingestBeKboUpdate } = await import('./ingestBeKboUpdate.ts');
    return async ({ options }, ctx) => {
      const done = await ctx.withDatabase((db, store) =>
        ingestBeKboUpdate({ knex: db.knex, store, logger: ctx.logger, dir: single(options.dossier)! }),
      );
      const c = done.counts;
      ctx.out(
        `${BE_KBO_REGISTER} update ${done.firstUpdateId ?? '-'}..${done.lastUpdateId ?? '-'}: ${c.updates} updates, ${c.recorded} recorded, ${c.changed} changed, ${c.dropped} dropped, ${c.unchanged} unchanged`,
      );
      return 0;
    };
  },
};
