import { expect } from 'chai';
import type { HandlerDeps, ProvenanceEntry, RouteDefinition } from '../../api/catalogue/route.ts';
import { citationOf, DISCLAIMER, envelope } from '../../api/middleware/envelope.ts';
import type { AppContext } from '../../api/state.ts';
import { REGISTERS } from '../../app/registers.ts';

const SERVED_AT = new Date('2026-11-28T07:11:29.456Z');
const SIRENE: ProvenanceEntry = {
  registre: 'fr.sirene',
  version: '2026-10-28',
  empreinte_sha256: '26b2ea16a0cb64b6fe0f774f8bf6a5fcd069f660301c766ca157af8d9819bc61',
  date_photo: '2026-10-28',
};

/** The envelope's JSON as the object spread writes it: what the served bytes must be. */
function generalForm(
  provenance: ProvenanceEntry[],
  body: Record<string, unknown>,
  freshness: string,
): string {
  return JSON.stringify({
    citation: citationOf(provenance, REGISTERS, SERVED_AT),
    provenance,
    source:
      'Base Sirene des entreprises et de leurs établissements (stock) — INSEE (Licence Ouverte / Open Licence v2.0 (Etalab))',
    disclaimer: DISCLAIMER,
    data_freshness: freshness,
    ...body,
  });
}

/** Runs the envelope of a priced route whose handler returns `body`, and gives the bytes it would send. */
async function served(body: Record<string, unknown>, handlerProvenance: ProvenanceEntry[] = [SIRENE]) {
  const route = {
    price: 5000,
    handler: async () => ({ provenance: handlerProvenance, body: structuredClone(body) }),
  } as unknown as RouteDefinition;
  const middleware = envelope(route, {
    handlerDeps: {} as HandlerDeps,
    registers: REGISTERS,
    now: () => SERVED_AT,
  });
  const ctx = { state: { provenance: [] }, status: 0, type: '', body: null } as unknown as AppContext;
  await middleware(ctx, async () => {});
  return (ctx.state.bodyBytes as Buffer).toString('utf8');
}

describe('envelope bytes (unit)', () => {
  const freshness = 'INSEE Sirene : photo du 2026-10-28 / snapshot of 2026-10-28';

  it('writes the same bytes as the whole answer serialised at once, on the first answer and the next ones', async () => {
    const body = {
      siren: '100000033',
      denomination: 'PHARMACIE « DES VOSGES »',
      sigle: null,
      n: 1,
      l: ['é'],
    };
    const expected = generalForm([SIRENE], body, freshness);
    expect(await served(body)).to.equal(expected);
    expect(await served(body)).to.equal(expected);
  });

  it('writes an answer without data members as the envelope alone', async () => {
    expect(await served({})).to.equal(generalForm([SIRENE], {}, freshness));
  });

  it('lets a data member named like an envelope member take its place, as before', async () => {
    const body = { source: 'the handler’s own', siren: '100000033' };
    const text = await served(body);
    expect(text).to.equal(generalForm([SIRENE], body, freshness));
    expect(JSON.parse(text).source).to.equal('the handler’s own');
  });

  it('cites each answer’s own provenance when it changes between answers', async () => {
    const older = { ...SIRENE, version: '2026-09-28', date_photo: '2026-09-28' };
    const first = JSON.parse(await served({ a: 1 }));
    const second = JSON.parse(await served({ a: 1 }, [older]));
    expect(first.provenance).to.deep.equal([SIRENE]);
    expect(second.provenance).to.deep.equal([older]);
    expect(second.citation).to.contain('version 2026-09-28');
    expect(second.data_freshness).to.contain('2026-09-28');
  });
});
