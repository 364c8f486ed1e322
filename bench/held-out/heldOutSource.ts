/**
 * What the held-out check reads from a real upstream file on its own (never through the project's readers):
 * per SIREN the facts the file publishes, and the natural persons it names (for the privacy scan).
 */
export interface HeldOutReading {
  /** Facts per SIREN (counts), as the file publishes them. */
  expected: Map<string, Record<string, number>>;
  /** Per SIREN, why a mismatch could be the file's own doing (repeated identifiers, ...), as read here. */
  hints: Map<string, string[]>;
  /** SIRENs the file publishes under a natural person's name, with the names (never printed). */
  naturalPersons: Map<string, string[]>;
  /** What the minimal reader counted: records read, records with no usable identifier, ... */
  counts: Record<string, number>;
}

export function emptyReading(): HeldOutReading {
  return { expected: new Map(), hints: new Map(), naturalPersons: new Map(), counts: {} };
}

/** Adds `n` to a SIREN's fact. */
export function addFact(reading: HeldOutReading, siren: string, fact: string, n = 1): void {
  let facts = reading.expected.get(siren);
  if (!facts) {
    facts = {};
    reading.expected.set(siren, facts);
  }
  facts[fact] = (facts[fact] ?? 0) + n;
}

export function addHint(reading: HeldOutReading, siren: string, hint: string): void {
  const hints = reading.hints.get(siren) ?? [];
  if (!hints.includes(hint)) hints.push(hint);
  reading.hints.set(siren, hints);
}

export function count(reading: HeldOutReading, what: string, n = 1): void {
  reading.counts[what] = (reading.counts[what] ?? 0) + n;
}

/**
 * A name as published for a natural person: a civility first (« MONSIEUR MARCQ GABRIEL », « Mme DUPONT »),
 * returned without it; null for any other name. What the privacy scan looks for in the answers.
 */
export function naturalPersonName(published: string | null | undefined): string | null {
  if (!published) return null;
  const m = /^\s*(?:MONSIEUR|MADAME|MADEMOISELLE|M\.|MR\.?|MME\.?|MLLE\.?)\s+(.+?)\s*$/i.exec(published);
  if (!m?.[1]) return null;
  const name = m[1].replace(/\s+/g, ' ');
  // A name too short to scan for would match anything.
  return name.length >= 4 ? name : null;
}

export function addNaturalPerson(reading: HeldOutReading, siren: string, name: string): void {
  const names = reading.naturalPersons.get(siren) ?? [];
  if (!names.includes(name)) names.push(name);
  reading.naturalPersons.set(siren, names);
}

/** SIREN of a 9- or 14-digit identifier (spaces removed), else null. No Luhn check: what the file says. */
export function sirenOfIdentifier(id: unknown): string | null {
  if (typeof id !== 'string' && typeof id !== 'number') return null;
  const digits = String(id).replace(/\s+/g, '');
  return /^\d{14}$/.test(digits) || /^\d{9}$/.test(digits) ? digits.slice(0, 9) : null;
}
