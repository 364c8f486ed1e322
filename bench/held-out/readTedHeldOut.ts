import fs from 'node:fs/promises';
import path from 'node:path';
import {
  addFact,
  addNaturalPerson,
  count,
  emptyReading,
  type HeldOutReading,
  naturalPersonName,
  sirenOfIdentifier,
} from './heldOutSource.ts';

/**
 * TED XML R2.0.9 notice files (a folder of `.xml`, or the files) read on their own with regular expressions:
 * per SIREN, the notices where an ADDRESS_CONTRACTOR of country FR publishes a NATIONALID of 9 or 14 digits
 * (spaces removed) starting with it (a notice counted once, whatever its language versions). French winners
 * without such an identifier are counted (the service never matches them by name). eForms files are counted,
 * not read: this check has no eForms reader.
 */
export async function readTedHeldOut(paths: readonly string[]): Promise<HeldOutReading> {
  const reading = emptyReading();
  for (const file of await xmlFiles(paths)) {
    const text = await fs.readFile(file, 'utf8');
    count(reading, 'notice files');
    if (!text.includes('<TED_EXPORT')) {
      count(reading, 'files not TED XML R2.0.9 (not read here)');
      continue;
    }
    const sirens = new Set<string>();
    let frenchWinners = 0;
    for (const m of text.matchAll(/<ADDRESS_CONTRACTOR>([\s\S]*?)<\/ADDRESS_CONTRACTOR>/g)) {
      const block = m[1] ?? '';
      if (!/<COUNTRY VALUE="FR"/.test(block)) continue;
      frenchWinners++;
      const id = /<NATIONALID>([^<]*)<\/NATIONALID>/.exec(block)?.[1];
      const siren = sirenOfIdentifier(id);
      if (!siren) {
        count(reading, 'French winner lines without a SIREN/SIRET');
        continue;
      }
      sirens.add(siren);
      const person = naturalPersonName(/<OFFICIALNAME>([^<]*)<\/OFFICIALNAME>/.exec(block)?.[1]);
      if (person) addNaturalPerson(reading, siren, person);
    }
    if (frenchWinners > 0) count(reading, 'notices with a French winner');
    for (const siren of sirens) addFact(reading, siren, 'avis');
  }
  return reading;
}

async function xmlFiles(paths: readonly string[]): Promise<string[]> {
  const files: string[] = [];
  for (const p of paths) {
    const stat = await fs.stat(p);
    if (stat.isDirectory()) {
      for (const name of (await fs.readdir(p)).sort())
        if (name.endsWith('.xml')) files.push(path.join(p, name));
    } else files.push(p);
  }
  return files;
}
