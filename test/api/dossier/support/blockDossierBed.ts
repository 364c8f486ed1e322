import { openAccount } from '../../../../ops/accounts/openAccount.ts';
import { type PaidDemoService, startPaidDemoService } from '../../../support/paidDemoService.ts';
import { ingestSireneSample, type unnamedUnit } from '../../../support/sireneSample.ts';

// biome-ignore lint/suspicious/noExplicitAny: response bodies are checked member by member
type Json = any;

/** A paid demo service holding a block's registers, and the dossier asked of it with a funded key. */
export interface BlockDossierBed {
  /** `GET /v1/entreprise/{siren}/dossier?blocs=…` (the bed's block by default), its text kept in `served`. */
  dossier(siren: string, blocs?: string): Promise<{ res: Response; body: Json }>;
  /** Every answer's text, for the privacy scans. */
  served: string[];
  readonly service: PaidDemoService;
}

/**
 * Registers the suite's hooks: the demo of `demo`'s registers (Sirene first), the Sirene sample with
 * `extraUnits` (the block fixtures' companies, which the Sirene demo lacks), a key holding credits, every
 * projection caught up; the service stopped after the suite.
 */
export function blockDossierBed(opts: {
  demo: string[];
  extraUnits: ReturnType<typeof unnamedUnit>[];
  blocs: string;
}): BlockDossierBed {
  let service: PaidDemoService | undefined;
  let key = '';
  const served: string[] = [];
  before(async () => {
    service = await startPaidDemoService({ demo: opts.demo, freeCallsPerMonth: 0 });
    const { t } = service;
    await ingestSireneSample(
      { knex: t.db.knex, store: t.service.store },
      { version: new Date().toISOString().slice(0, 10), extraUnits: opts.extraUnits },
    );
    key = (await openAccount(t.service.store, { credits: 1_000_000 })).key;
    await t.service.runner.catchUp();
  });
  after(async () => {
    await service?.stop();
  });
  const started = (): PaidDemoService => {
    if (!service) throw new Error('the bed is read before its suite started');
    return service;
  };
  return {
    served,
    get service() {
      return started();
    },
    async dossier(siren, blocs = opts.blocs) {
      const res = await fetch(`${started().t.baseUrl}/v1/entreprise/${siren}/dossier?blocs=${blocs}`, {
        headers: { 'X-Api-Key': key },
      });
      const text = await res.text();
      served.push(text);
      return { res, body: JSON.parse(text) as Json };
    },
  };
}
