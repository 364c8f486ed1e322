import { expect } from 'chai';
import { createDailyQuota } from '../../../ingest/core/dailyQuota.ts';
import { LiveUnavailableError } from '../../../schemas/live/liveUnavailable.ts';

const refusal = (fn: () => void) => {
  try {
    fn();
  } catch (err) {
    return err;
  }
  return null;
};

describe('A register’s daily quota of downloads (unit)', () => {
  it('admits as many files as the quota, then refuses with limite_amont until 00:00 UTC', () => {
    const quota = createDailyQuota({ register: 'fr.rne', files: 2, bytes: 1_000 });
    const at = new Date('2026-12-02T23:59:00Z');
    quota.admit(at);
    quota.admit(at);
    const err = refusal(() => quota.admit(at));
    expect(err).to.be.instanceOf(LiveUnavailableError);
    expect(err).to.include({ reason: 'limite_amont', retryAfterSeconds: 60 });
  });

  it('refuses once the bytes received reach the quota', () => {
    const quota = createDailyQuota({ register: 'fr.rne', files: 100, bytes: 1_000 });
    const at = new Date('2026-12-02T10:00:00Z');
    quota.admit(at);
    quota.spend(1_000, at);
    expect(refusal(() => quota.admit(at))).to.include({ reason: 'limite_amont' });
  });

  it('starts again the next UTC day', () => {
    const quota = createDailyQuota({ register: 'fr.rne', files: 1, bytes: 1_000 });
    quota.admit(new Date('2026-12-02T23:59:59Z'));
    expect(refusal(() => quota.admit(new Date('2026-12-03T00:00:00Z')))).to.equal(null);
  });
});
