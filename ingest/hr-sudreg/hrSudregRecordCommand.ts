import { liveCredentialsVariable, liveUrlVariable } from '../../ops/config.ts';
import { HR_SUDREG_REGISTER } from '../../schemas/events/hrSudregEvents.ts';
import type { IngestCommandSpec } from '../core/ingestCommandSpec.ts';

const single = (v: string | string[] | undefined) => (Array.isArray(v) ? v[v.length - 1] : v);
const positive = (v: string | undefined) =>
  v !== undefined && /^\d+$/.test(v) && Number(v) > 0 ? Number(v) : null;

/**
 * `registres record hr-sudreg --out <dir> [--snapshot-id N] [--tier javni|drzavna_tijela]`: records one snapshot
 * of the court register from sudreg-data.gov.hr into the files `registres ingest hr-sudreg` reads.
 */
export const hrSudregRecordSpec: IngestCommandSpec = {
  summary:
    'Record one daily snapshot of the Sudski registar open API (OAuth client credentials from configuration) into the files of `ingest hr-sudreg`',
  options: [
    {
      name: 'out',
      value: '<dir>',
      description: 'folder the files are written to (created if absent)',
      required: true,
    },
    {
      name: 'snapshot-id',
      value: '<N>',
      description: 'snapshot to record, one /snapshots lists (default: the newest)',
    },
    {
      name: 'tier',
      value: '<javni|drzavna_tijela>',
      description:
        'the API tier the client is registered for (default javni); drzavna_tijela also records the entries files',
    },
    { name: 'page-size', value: '<N>', description: 'rows a page (default 1000, the API default)' },
    {
      name: 'per-minute',
      value: '<N>',
      description: 'requests a minute at most (default 6, the documented limit)',
    },
  ],
  notes: `Credentials: ${liveCredentialsVariable(HR_SUDREG_REGISTER)}=client_id:client_secret (never logged). Address: ${liveUrlVariable(HR_SUDREG_REGISTER)} (default https://sudreg-data.gov.hr/api; token at <address>/oauth/token, data at <address>/<tier>/…). The snapshot is assembled from the list endpoints of one snapshot_id (about 6,000 pages for the whole register, some 17 hours at 6 requests a minute; one detalji_subjekta call per subject would take some 70 days). Files are written under a temporary name and renamed when the whole recording has succeeded; recording.json names the snapshot and the ingest command.`,
  // A failure (a refusal, another snapshot, a count that differs) is said in one line by the command line, exit 1.
  async load() {
    const [{ createSudregClient, splitClientCredentials, SUDREG_DEFAULT_ROOT, SUDREG_TIERS }, record] =
      await Promise.all([import('./sudregClient.ts'), import('./recordSudreg.ts')]);
    return async ({ options }, ctx) => {
      const tier = single(options.tier) ?? 'javni';
      if (!(SUDREG_TIERS as readonly string[]).includes(tier)) {
        ctx.out(`--tier must be javni or drzavna_tijela, got "${tier}"`);
        return 2;
      }
      const numbers: Record<string, number | undefined> = {};
      for (const name of ['snapshot-id', 'page-size', 'per-minute']) {
        const raw = single(options[name]);
        if (raw === undefined) continue;
        const n = positive(raw);
        if (n === null) {
          ctx.out(`--${name} must be a positive whole number, got "${raw}"`);
          return 2;
        }
        numbers[name] = n;
      }
      const credentials = ctx.config.liveCredentials[liveCredentialsVariable(HR_SUDREG_REGISTER)];
      if (!credentials) {
        ctx.out(
          `hr-sudreg: no credentials: set ${liveCredentialsVariable(HR_SUDREG_REGISTER)}=client_id:client_secret (registration at https://sudreg-data.gov.hr/)`,
        );
        return 1;
      }
      const client = createSudregClient({
        root: ctx.config.liveUrls[liveUrlVariable(HR_SUDREG_REGISTER)] ?? SUDREG_DEFAULT_ROOT,
        tier: tier as 'javni' | 'drzavna_tijela',
        ...splitClientCredentials(credentials),
        logger: ctx.logger,
        ...(numbers['per-minute'] ? { perMinute: numbers['per-minute'] } : {}),
      });
      const done = await record.recordSudreg({
        client,
        out: single(options.out)!,
        tier: tier as 'javni' | 'drzavna_tijela',
        ...(numbers['snapshot-id'] ? { snapshotId: numbers['snapshot-id'] } : {}),
        ...(numbers['page-size'] ? { pageSize: numbers['page-size'] } : {}),
        logger: ctx.logger,
      });
      const rows = Object.values(done.files)
        .map((f) => `${f.file} ${f.rows}`)
        .join(', ');
      ctx.out(`hr-sudreg snapshot ${done.snapshot_id}: ${rows} (${done.requests} requests)`);
      ctx.out(done.ingest);
      return 0;
    };
  },
};
