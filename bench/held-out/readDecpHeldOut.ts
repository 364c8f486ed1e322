import fs from 'node:fs/promises';
import { isLuhnValid } from '../../schemas/params/luhn.ts';
import {
  addFact,
  addHint,
  addNaturalPerson,
  count,
  emptyReading,
  type HeldOutReading,
  naturalPersonName,
  sirenOfIdentifier,
} from './heldOutSource.ts';
import { readZipEntries } from './readIcpeHeldOut.ts';

type Json = Record<string, unknown>;

/**
 * A DECP JSON file (2019 schema `{"marches": [...]}` or 2024 `{"marches": {"marche": [...]}}`, plain or as
 * the only entry of a ZIP) read on its own with JSON.parse (held-out files are a source's extract, a few MB).
 * Per SIREN: contracts held (a holder of type SIRET, initial or in a modification, whose first 9 digits are
 * the SIREN), contracts awarded (the buyer's SIRET), and the sum of the held contracts' initial `montant` in
 * cents. A contract is its `uid`, else its buyer SIRET and `id`, and the companies holding it; published more
 * than once, its latest publication counts (docs/registers.md, "public contracts"), as the read model serves.
 */
export async function readDecpHeldOut(file: string): Promise<HeldOutReading> {
  const text = file.endsWith('.zip')
    ? [...(await readZipEntries(file)).values()][0]!.toString('utf8')
    : await fs.readFile(file, 'utf8');
  const root = JSON.parse(text) as { marches: unknown };
  const marches = Array.isArray(root.marches)
    ? root.marches
    : ((root.marches as { marche?: unknown[] } | undefined)?.marche ?? []);
  const reading = emptyReading();
  // A contract is its uid, else its buyer's SIRET followed by its id (how the uid is made). One identifier
  // published more than once is one contract per company holding it (the same holder SIRENs): its latest
  // publication (datePublicationDonnees, an unreadable one oldest; a tie: the later in the file) counts.
  const chosen = new Map<string, { value: Json; date: string; holderSirens: Set<string> }>();
  for (const value of marches as Json[]) {
    count(reading, 'contracts');
    if (/concession/i.test(String(value._type ?? '')) || value.autoriteConcedante) {
      count(reading, 'concessions (not read)');
      continue;
    }
    const buyer = (value.acheteur as Json | undefined)?.id ?? value['acheteur.id'];
    const key =
      typeof value.uid === 'string' && value.uid.trim()
        ? value.uid.trim()
        : `${String(buyer ?? '').trim()}${String(value.id ?? '').trim()}`;
    const holderSirens = new Set<string>();
    for (const h of holdersOf(value)) {
      const siren = h.typeIdentifiant === 'SIRET' ? sirenOfIdentifier(h.id) : null;
      if (siren && /^\d{14}$/.test(String(h.id).replace(/\s+/g, ''))) holderSirens.add(siren);
    }
    const contract = `${key}|${[...holderSirens].sort().join(',')}`;
    const published = String(value.datePublicationDonnees ?? '');
    const date = /^\d{4}-\d{2}-\d{2}/.test(published) ? published.slice(0, 10) : '';
    const earlier = chosen.get(contract);
    if (earlier) {
      count(reading, 'publications of a contract published again (the latest counted)');
      for (const s of holderSirens) addHint(reading, s, 'a contract of its is published more than once');
      if (date < earlier.date) continue;
    }
    chosen.set(contract, { value, date, holderSirens });
  }
  for (const { value, holderSirens } of chosen.values()) {
    const buyer = (value.acheteur as Json | undefined)?.id ?? value['acheteur.id'];
    if (holderSirens.size === 0) count(reading, 'contracts without a SIRET holder');
    const cents = centsOf(value.montant);
    for (const siren of holderSirens) {
      addFact(reading, siren, 'titulaire');
      if (cents !== null) addFact(reading, siren, 'montant_centimes', cents);
      else addHint(reading, siren, 'a held contract publishes no readable montant');
      if (!isLuhnValid(siren)) addHint(reading, siren, 'SIREN fails the Luhn check');
    }
    const buyerSiren = sirenOfIdentifier(buyer);
    if (buyerSiren) addFact(reading, buyerSiren, 'acheteur');
    else count(reading, 'contracts without a readable buyer SIRET');
    for (const h of holdersOf(value)) {
      const person = naturalPersonName(h.denominationSociale);
      const siren = sirenOfIdentifier(h.id);
      if (person && siren) addNaturalPerson(reading, siren, person);
    }
  }
  return reading;
}

interface Holder {
  typeIdentifiant?: unknown;
  id?: unknown;
  denominationSociale?: string;
}

/** Every holder object under a `titulaires` member, at any depth (modifications nest them in lists). */
function holdersOf(value: unknown, underHolders = false, out: Holder[] = []): Holder[] {
  if (Array.isArray(value)) {
    for (const v of value) holdersOf(v, underHolders, out);
    return out;
  }
  if (!value || typeof value !== 'object') return out;
  const o = value as Json;
  if (underHolders && 'id' in o && 'typeIdentifiant' in o) {
    out.push(o as Holder);
    return out;
  }
  for (const [k, v] of Object.entries(o)) holdersOf(v, underHolders || k === 'titulaires', out);
  return out;
}

/** A published montant in cents when it reads as euros with at most 2 decimals, else null. */
function centsOf(montant: unknown): number | null {
  if (typeof montant !== 'number' && typeof montant !== 'string') return null;
  const text = String(montant).trim();
  if (!/^-?\d+(\.\d{1,2})?$/.test(text)) return null;
  const cents = Math.round(Number(text) * 100);
  return Number.isSafeInteger(cents) ? cents : null;
}
