import { expect } from 'chai';
import { expiryOf } from '../../../ops/accounts/accountEvents.ts';
import {
  type AccountState,
  applyAccountEvent,
  balanceOf,
  drawLots,
  unleasedBalanceOf,
} from '../../../ops/accounts/accountState.ts';
import { DEFAULT_LEASE_POLICY, leaseAmount } from '../../../ops/accounts/creditLeases.ts';
import { formatCredits, parseCredits } from '../../../ops/accounts/credits.ts';
import type { RecordedEvent } from '../../../ops/eventstore/port.ts';

const lot = (lotId: string, remaining: number, purchasedAt: string) => ({
  lotId,
  amount: remaining,
  remaining,
  purchasedAt,
  expiresAt: expiryOf(new Date(purchasedAt)).toISOString(),
});

describe('account state (unit)', () => {
  const state: AccountState = {
    accountId: 'a',
    version: 2n,
    keys: [],
    lots: [
      lot('recent', 3_000_000, '2025-03-01T00:00:00.000Z'),
      lot('old', 1_000_000, '2024-09-01T00:00:00.000Z'),
    ],
    freeCalls: {},
    leases: [],
  };
  const now = new Date('2025-06-15T00:00:00Z');

  it('draws a charge from the lot closest to expiry first, then the next', () => {
    expect(drawLots(state, 1_500_000, now)).to.deep.equal([
      { lotId: 'old', amount: 1_000_000 },
      { lotId: 'recent', amount: 500_000 },
    ]);
  });

  it('refuses a charge the lots do not cover', () => {
    expect(drawLots(state, 4_000_001, now)).to.equal(null);
  });

  it('no longer counts or spends credits 12 months after their purchase', () => {
    const later = new Date('2025-09-01T00:00:00Z');
    expect(balanceOf(state, later)).to.equal(3_000_000);
    expect(drawLots(state, 1_000_000, later)).to.deep.equal([{ lotId: 'recent', amount: 1_000_000 }]);
  });

  it('sets the expiry of a purchase 12 calendar months later', () => {
    expect(expiryOf(new Date('2025-01-31T10:00:00Z')).toISOString()).to.equal('2026-01-31T10:00:00.000Z');
  });

  it('reads and writes credit amounts exactly, without floats', () => {
    expect(parseCredits('0.1')).to.equal(100_000);
    expect(parseCredits('2.000001')).to.equal(2_000_001);
    expect(parseCredits('10')).to.equal(10_000_000);
    expect(parseCredits('0.0000001')).to.equal(null);
    expect(parseCredits('-1')).to.equal(null);
    expect(formatCredits(9_995_000)).to.equal('9.995');
    expect(formatCredits(3_000_000)).to.equal('3');
    expect(formatCredits(0)).to.equal('0');
  });

  describe('leases', () => {
    let version = 2n;
    const event = (type: string, data: unknown): RecordedEvent => ({
      position: 0n,
      streamId: 'account-a',
      streamVersion: ++version,
      type,
      data,
      metadata: {},
      recordedAt: now,
    });
    const leased = applyAccountEvent(
      state,
      event('CreditsLeased', {
        leaseId: 'l1',
        holder: 'h:1',
        amount: 1_000_000,
        leasedAt: now.toISOString(),
        expiresAt: now.toISOString(),
      }),
    );
    const charged = applyAccountEvent(
      leased,
      event('CallCharged', {
        requestId: 'r',
        routeId: 'x',
        amount: 400_000,
        lots: [{ lotId: 'old', amount: 400_000 }],
        chargedAt: now.toISOString(),
        leaseId: 'l1',
      }),
    );

    it('a lease sets part of the balance aside without drawing on the lots', () => {
      expect(balanceOf(leased, now)).to.equal(4_000_000);
      expect(unleasedBalanceOf(leased, now)).to.equal(3_000_000);
    });

    it('a charge on a lease draws the lots and spends the lease', () => {
      expect(balanceOf(charged, now)).to.equal(3_600_000);
      expect(unleasedBalanceOf(charged, now)).to.equal(3_000_000);
    });

    it('a returned lease gives back what it did not spend; a later charge on it draws on the balance only', () => {
      const back = applyAccountEvent(
        charged,
        event('LeaseReturned', { leaseId: 'l1', returnedAt: now.toISOString(), reason: 'returned' }),
      );
      expect(unleasedBalanceOf(back, now)).to.equal(3_600_000);
      const late = applyAccountEvent(
        back,
        event('CallCharged', {
          requestId: 'r2',
          routeId: 'x',
          amount: 100_000,
          lots: [{ lotId: 'old', amount: 100_000 }],
          chargedAt: now.toISOString(),
          leaseId: 'l1',
        }),
      );
      expect([balanceOf(late, now), unleasedBalanceOf(late, now)]).to.deep.equal([3_500_000, 3_500_000]);
    });

    it('a batch of calls on a lease draws each call on its lots and spends the lease by their sum', () => {
      const call = (requestId: string, lotId: string, amount: number) => ({
        requestId,
        routeId: 'x',
        amount,
        lots: [{ lotId, amount }],
        chargedAt: now.toISOString(),
        status: 200,
      });
      const batch = applyAccountEvent(
        leased,
        event('CallsCharged', {
          leaseId: 'l1',
          calls: [call('r3', 'old', 300_000), call('r4', 'old', 100_000), call('r5', 'recent', 200_000)],
        }),
      );
      expect(batch.lots.map((l) => [l.lotId, l.remaining])).to.deep.equal([
        ['recent', 2_800_000],
        ['old', 600_000],
      ]);
      expect(batch.leases.map((l) => l.spent)).to.deep.equal([600_000]);
      expect(unleasedBalanceOf(batch, now)).to.equal(3_000_000);
      expect(batch.version).to.equal(version);
    });

    it('leases a share of what is not set aside, only when it covers many calls', () => {
      expect(leaseAmount(DEFAULT_LEASE_POLICY, 63 * 5_000, 5_000)).to.equal(0);
      expect(leaseAmount(DEFAULT_LEASE_POLICY, 64 * 5_000, 5_000)).to.equal(16 * 5_000);
      expect(leaseAmount(DEFAULT_LEASE_POLICY, 100_000_000_000, 5_000)).to.equal(1024 * 5_000);
    });
  });
});
