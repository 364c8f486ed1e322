import type { RequestListener } from 'node:http';
import { expect } from 'chai';
import type { RouteDefinition } from '../../../api/catalogue/route.ts';
import { createSampleRunner } from '../../../api/samples/sampleRunner.ts';

const route = {
  id: 'test.widget',
  method: 'GET',
  path: '/v1/test/widget/{id}',
  price: 5000,
  freeTier: true,
  projections: [],
  registers: [],
  summary: 'Un widget.',
  params: [
    { name: 'id', in: 'path', required: true, description: '', schema: { type: 'string', examples: ['7'] } },
  ],
  responseSchema: {},
  handler: async () => ({ body: {} }),
} as unknown as RouteDefinition;

/** A listener that answers the sample path with `status`, counting the requests it gets. */
function listener(state: { status: number; asked: string[] }): RequestListener {
  return (req, res) => {
    state.asked.push(req.url ?? '');
    res.writeHead(state.status, { 'content-type': 'application/json', signature: 'sig1=:x:' });
    res.end(JSON.stringify({ citation: 'C', id: '7' }));
  };
}

describe('Samples answered in-process, for the OpenAPI examples (unit)', () => {
  it('asks the app for GET /v1/echantillons/{route} and keeps its 2xx body five minutes', async () => {
    const state = { status: 200, asked: [] as string[] };
    let clock = 0;
    const runner = createSampleRunner(() => listener(state), { now: () => clock });
    expect(await runner.examples([route])).to.deep.equal(
      new Map([['test.widget', { citation: 'C', id: '7' }]]),
    );
    expect(state.asked).to.deep.equal(['/v1/echantillons/test.widget']);
    clock = 299_000;
    await runner.examples([route]);
    expect(state.asked).to.have.length(1);
    clock = 300_000;
    await runner.examples([route]);
    expect(state.asked).to.have.length(2);
  });

  it('gives no example for a sample that is not 2xx, and asks again after 30 s when none answered', async () => {
    const state = { status: 503, asked: [] as string[] };
    let clock = 0;
    const runner = createSampleRunner(() => listener(state), { now: () => clock });
    expect((await runner.examples([route])).size).to.equal(0);
    state.status = 200;
    clock = 30_000;
    expect((await runner.examples([route])).get('test.widget')).to.deep.equal({ citation: 'C', id: '7' });
  });
});
