import { expect } from 'chai';
import type { RegisterSnapshotView, SnapshotSession } from '../../../api/catalogue/snapshotReader.ts';
import { readConsistently } from '../../../api/middleware/readConsistently.ts';
import type { AppContext } from '../../../api/state.ts';
import { testLogger } from '../../support/database.ts';

const view = (version: string): RegisterSnapshotView[] => [
  {
    register: 'fr.sirene',
    current: { version, snapshotDate: version, sha256: 'a'.repeat(64), completedAt: `${version}T00:00:00Z` },
    pending: null,
  },
];

/** Sessions whose confirmations answer, in turn, from `confirmations` (then true). */
function sessionsConfirming(confirmations: boolean[]) {
  let opened = 0;
  const sessions = () => {
    opened++;
    const session: SnapshotSession = {
      read: async () => view(`v${opened}`),
      confirm: async () => confirmations.shift() ?? true,
    };
    return session;
  };
  return { sessions, opened: () => opened };
}

const contextOf = (): AppContext => ({ state: { log: testLogger } }) as unknown as AppContext;

describe('readConsistently: one version per answer', () => {
  it('serves what was read when the state it read still holds afterwards', async () => {
    const { sessions, opened } = sessionsConfirming([true]);
    let reads = 0;
    const value = await readConsistently(contextOf(), sessions, async () => ++reads);
    expect([value, reads, opened()]).to.deep.equal([1, 1, 1]);
  });

  it('reads again, through a new session and a new freshness judgement, when a pass was published meanwhile', async () => {
    const { sessions, opened } = sessionsConfirming([false]);
    const ctx = contextOf();
    let rechecks = 0;
    ctx.state.recheckFreshness = async () => {
      rechecks++;
    };
    const seen: string[] = [];
    const value = await readConsistently(ctx, sessions, async (read) => {
      const [state] = await read!({ projections: [], registers: ['fr.sirene'] });
      seen.push(state!.current!.version);
      return state!.current!.version;
    });
    expect({ value, seen, rechecks, opened: opened() }).to.deep.equal({
      value: 'v2',
      seen: ['v1', 'v2'],
      rechecks: 1,
      opened: 2,
    });
  });

  it('a refusal read from a version published under it is read again too', async () => {
    const { sessions } = sessionsConfirming([false]);
    let reads = 0;
    const value = await readConsistently(contextOf(), sessions, async () => {
      reads++;
      if (reads === 1) throw new Error('entreprise_inconnue');
      return 'served';
    });
    expect([value, reads]).to.deep.equal(['served', 2]);
  });

  it('a refusal that still holds is thrown as it was', async () => {
    const { sessions } = sessionsConfirming([true]);
    const err = await readConsistently(contextOf(), sessions, async () => {
      throw new Error('entreprise_inconnue');
    }).catch((e: Error) => e);
    expect((err as Error).message).to.equal('entreprise_inconnue');
  });

  it('forgets an answer prepared under the old state before reading again', async () => {
    const { sessions } = sessionsConfirming([false]);
    const ctx = contextOf();
    const prepared: unknown[] = [];
    await readConsistently(ctx, sessions, async () => {
      prepared.push(ctx.state.prepared);
      ctx.state.prepared = { body: {} };
      return null;
    });
    expect(prepared).to.deep.equal([undefined, undefined]);
  });

  it('gives up with a 503 after a publication under every one of its reads, never a stale answer', async () => {
    const { sessions } = sessionsConfirming([false, false, false, false]);
    const err = (await readConsistently(contextOf(), sessions, async () => 'stale').catch((e) => e)) as {
      status: number;
      code: string;
    };
    expect([err.status, err.code]).to.deep.equal([503, 'incident_interne']);
  });
});
