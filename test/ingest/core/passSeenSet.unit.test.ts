import { expect } from 'chai';
import { SeenSlots } from '../../../ingest/core/passSeenSet.ts';

/** Bit `slot` of the bytes as PostgreSQL's get_bit(bytea, n) reads it: byte n / 8, bit n % 8 from the right. */
const getBit = (bytes: Buffer, slot: number) => (bytes[Math.floor(slot / 8)]! >> (slot % 8)) & 1;

describe('The slots a pass saw', () => {
  it('sets exactly the listed slots, numbered as get_bit numbers them', () => {
    const seen = new SeenSlots();
    seen.addList('0,7,8,13');
    const { bytes } = seen.bytes();
    const set = [...Array(16).keys()].filter((slot) => getBit(bytes, slot) === 1);
    expect(set).to.deep.equal([0, 7, 8, 13]);
  });

  it('grows to cover a slot far beyond its first size, keeping what it held', () => {
    const seen = new SeenSlots();
    seen.addList('3');
    seen.addList('74000001,74000002');
    const { bytes, size } = seen.bytes();
    expect(size).to.be.greaterThan(74000002);
    expect([3, 74000001, 74000002].map((slot) => getBit(bytes, slot))).to.deep.equal([1, 1, 1]);
    expect(getBit(bytes, 74000000)).to.equal(0);
  });

  it('an empty list adds nothing, and a list that is not numbers is refused', () => {
    const seen = new SeenSlots();
    seen.addList('');
    expect(seen.bytes().bytes.every((b) => b === 0)).to.equal(true);
    expect(() => seen.addList('1,x')).to.throw(/unexpected character/);
  });
});
