import { expect } from 'chai';
import { rnaTimestampToUtc } from '../../../projections/fr-associations/rnaTimestamp.ts';

describe('RNA timestamps to UTC', () => {
  it('a winter time (Paris +01:00) becomes UTC with Z', () => {
    expect(rnaTimestampToUtc('2026-11-08 16:40:12')).to.equal('2026-11-08T15:40:12Z');
  });

  it('a summer time (Paris +02:00) becomes UTC with Z', () => {
    expect(rnaTimestampToUtc('2026-07-14 09:05:00')).to.equal('2026-07-14T07:05:00Z');
  });

  it('the hour after the spring change is read with the summer offset', () => {
    expect(rnaTimestampToUtc('2026-03-29 03:30:00')).to.equal('2026-03-29T01:30:00Z');
  });

  it('nothing, or an unreadable value, is null', () => {
    expect(rnaTimestampToUtc(null)).to.equal(null);
    expect(rnaTimestampToUtc('')).to.equal(null);
    expect(rnaTimestampToUtc('08/11/2026')).to.equal(null);
  });
});
