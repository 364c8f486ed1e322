import { createHash } from 'node:crypto';

/** Words of a slot: the first 96 bits of the identifier's SHA-256 (an empty slot is all zeros). */
const WORDS = 3;

/**
 * The identifiers a reader has seen, to refuse one seen earlier in the file, kept as 12 bytes each (the
 * first 96 bits of their SHA-256) in one typed array with open addressing, where a `Set` of strings holds
 * some 100 bytes per identifier: the 3.1 million contracts of the DECP file in about 100 MB instead of 300
 * (a table at most half full, doubled as it fills).
 * Two distinct identifiers of a file share their 96 bits with a probability of about n² / 2^97 (10^-16 for
 * the DECP file): a false "seen" is never expected.
 */
export class CompactIdSet {
  private slots: Uint32Array;
  private count = 0;

  constructor(expected = 1 << 16) {
    this.slots = new Uint32Array(capacityFor(expected) * WORDS);
  }

  get size(): number {
    return this.count;
  }

  /** Adds `id`; false when it was already there. */
  add(id: string): boolean {
    const digest = createHash('sha256').update(id).digest();
    // Never all zeros (the mark of an empty slot): the last bit of the first word is forced.
    const a = digest.readUInt32LE(0) | 1;
    const b = digest.readUInt32LE(4);
    const c = digest.readUInt32LE(8);
    if (this.insert(this.slots, a, b, c)) {
      this.count++;
      if (this.count * 2 > this.slots.length / WORDS) this.grow();
      return true;
    }
    return false;
  }

  /** Puts the hash in `slots` (linear probing); false when it is there already. */
  private insert(slots: Uint32Array, a: number, b: number, c: number): boolean {
    const capacity = slots.length / WORDS;
    let i = (b >>> 0) & (capacity - 1);
    for (;;) {
      const at = i * WORDS;
      if (slots[at] === 0) {
        slots[at] = a;
        slots[at + 1] = b;
        slots[at + 2] = c;
        return true;
      }
      if (slots[at] === a >>> 0 && slots[at + 1] === b >>> 0 && slots[at + 2] === c >>> 0) return false;
      i = (i + 1) & (capacity - 1);
    }
  }

  private grow(): void {
    const old = this.slots;
    const slots = new Uint32Array(old.length * 2);
    for (let at = 0; at < old.length; at += WORDS) {
      if (old[at] !== 0) this.insert(slots, old[at]!, old[at + 1]!, old[at + 2]!);
    }
    this.slots = slots;
  }
}

/** A power of two at least twice `expected`. */
function capacityFor(expected: number): number {
  let capacity = 16;
  while (capacity < expected * 2) capacity *= 2;
  return capacity;
}
