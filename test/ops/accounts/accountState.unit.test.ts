import { expect } from 'chai';
import { expiryOf } from '../../../ops/accounts/accountEvents.ts';
import { type AccountState, balanceOf, drawLots } from '../../../ops/accounts/accountState.ts';
import { formatCredits, parseCredits } from '../../../ops/accounts/credits.ts';

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
});
