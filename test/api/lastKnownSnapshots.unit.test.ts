import { expect } from 'chai';
import type { RegisterSnapshotView } from '../../api/catalogue/snapshotReader.ts';
import { lastKnownSnapshots } from '../../api/routes/lastKnownSnapshots.ts';

const VIEW: RegisterSnapshotView = {
  register: 'fr.sirene',
  current: {
    version: '2026-11-01',
    snapshotDate: '2026-11-01',
    sha256: 'a'.repeat(64),
    completedAt: '2026-11-02T03:00:00.000Z',
  },
  pending: null,
};
const outage = () =>
  Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
const query = { projections: ['p'], registers: ['fr.sirene'] };

describe('snapshot facts of the free documents without the database', () => {
  it('are read now while the database answers', async () => {
    const facts = lastKnownSnapshots(async () => [VIEW], { now: () => new Date('2026-12-01T10:00:00Z') });
    expect(await facts(query)).to.deep.equal({
      views: [VIEW],
      photos: { etat: 'a_jour', lues_le: '2026-12-01T10:00:00.000Z' },
    });
  });

  it('are the last ones read, marked derniere_connue with their time, once the database is unreachable', async () => {
    let down = false;
    const facts = lastKnownSnapshots(
      async () => {
        if (down) throw outage();
        return [VIEW];
      },
      { now: () => new Date('2026-12-01T10:00:00Z') },
    );
    await facts(query);
    down = true;
    const known = await facts(query);
    expect(known.views).to.deep.equal([VIEW]);
    expect(known.photos).to.include({ etat: 'derniere_connue', lues_le: '2026-12-01T10:00:00.000Z' });
    expect(known.photos.message).to.contain('injoignable');
  });

  it('are unknown, and say so, when the database was never reached', async () => {
    const facts = lastKnownSnapshots(async () => [VIEW], { databaseReady: () => false });
    const unknown = await facts(query);
    expect(unknown.views).to.deep.equal([]);
    expect(unknown.photos).to.include({ etat: 'inconnue', lues_le: null });
  });

  it('let any other failure through', async () => {
    const facts = lastKnownSnapshots(async () => {
      throw new Error('a bug');
    });
    let error: unknown = null;
    await facts(query).catch((e) => {
      error = e;
    });
    expect(String(error)).to.contain('a bug');
  });
});
