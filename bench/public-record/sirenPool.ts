import { luhnCheckDigit } from '../sirene/generateSireneFiles.ts';

/** The SIREN whose first 8 digits are `base` (0 to 99,999,999): its Luhn key appended. */
export function sirenOf(base: number): string {
  const digits = String(base).padStart(8, '0');
  return `${digits}${luhnCheckDigit(digits)}`;
}

/** Establishment `k` (from 1) of a SIREN: a NIC of 4 digits and the key that makes the SIRET Luhn-valid. */
export function siretOf(siren: string, k: number): string {
  const body = `${siren}${String(k).padStart(4, '0')}`;
  return `${body}${luhnCheckDigit(body)}`;
}

/**
 * Companies drawn with a Zipf law: the company of rank r (from 1) is drawn with a weight r^-exponent, so a few
 * hold many rows (the heaviest holders and buyers) and most hold one or two. Ranks 1 to `lead.length` are the
 * companies given (those the routes are timed on), the others SIRENs made from `firstBase` on.
 */
export class ZipfPool {
  readonly size: number;
  private readonly lead: readonly string[];
  private readonly firstBase: number;
  private readonly cumulative: Float64Array;
  private readonly random: () => number;

  constructor(opts: {
    lead: readonly string[];
    size: number;
    exponent: number;
    firstBase: number;
    random: () => number;
  }) {
    this.size = Math.max(opts.size, opts.lead.length);
    this.lead = opts.lead;
    this.firstBase = opts.firstBase;
    this.random = opts.random;
    this.cumulative = new Float64Array(this.size);
    let sum = 0;
    for (let r = 0; r < this.size; r++) {
      sum += (r + 1) ** -opts.exponent;
      this.cumulative[r] = sum;
    }
  }

  /** The SIREN of rank `r` (from 0). */
  sirenAt(r: number): string {
    return r < this.lead.length ? this.lead[r]! : sirenOf(this.firstBase + r);
  }

  /** A rank (from 0), drawn by weight. */
  drawRank(): number {
    const target = this.random() * this.cumulative[this.size - 1]!;
    let lo = 0;
    let hi = this.size - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.cumulative[mid]! < target) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  draw(): string {
    return this.sirenAt(this.drawRank());
  }
}
