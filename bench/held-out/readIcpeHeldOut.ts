import iconv from 'iconv-lite';
import Papa from 'papaparse';
import yauzl from 'yauzl';
import {
  addFact,
  addNaturalPerson,
  count,
  emptyReading,
  type HeldOutReading,
  naturalPersonName,
  sirenOfIdentifier,
} from './heldOutSource.ts';

/** The entries of a ZIP file, whole, by name (the held-out files are small: a department's export). */
export function readZipEntries(file: string): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    yauzl.open(file, { lazyEntries: true }, (err, zip) => {
      if (err || !zip) return reject(err ?? new Error(`${file}: not a ZIP`));
      const entries = new Map<string, Buffer>();
      zip.on('error', reject);
      zip.on('end', () => resolve(entries));
      zip.on('entry', (entry: yauzl.Entry) => {
        if (entry.fileName.endsWith('/')) return zip.readEntry();
        zip.openReadStream(entry, (e, stream) => {
          if (e || !stream) return reject(e ?? new Error(`${file}: ${entry.fileName} unreadable`));
          const chunks: Buffer[] = [];
          stream.on('data', (c: Buffer) => chunks.push(c));
          stream.on('error', reject);
          stream.on('end', () => {
            entries.set(entry.fileName, Buffer.concat(chunks));
            zip.readEntry();
          });
        });
      });
      zip.readEntry();
    });
  });
}

/**
 * Géorisques' ICPE export ZIP read on its own: InstallationClassee.csv (`;`, ISO-8859-1, a header) with
 * papaparse. Per SIREN (the first 9 digits of `numeroSiret`): installations, Seveso high and low, and the
 * distinct SIRETs; the operator names with a civility are natural persons.
 */
export async function readIcpeHeldOut(file: string): Promise<HeldOutReading> {
  const entries = await readZipEntries(file);
  const bytes = entries.get('InstallationClassee.csv');
  if (!bytes) throw new Error(`${file}: no InstallationClassee.csv`);
  const parsed = Papa.parse<Record<string, string>>(iconv.decode(bytes, 'latin1'), {
    delimiter: ';',
    header: true,
    skipEmptyLines: true,
  });
  const reading = emptyReading();
  const sirets = new Map<string, Set<string>>();
  for (const row of parsed.data) {
    count(reading, 'installations');
    const siret = (row.numeroSiret ?? '').trim();
    const siren = /^\d{14}$/.test(siret) ? sirenOfIdentifier(siret) : null;
    if (!siren) {
      count(reading, siret === '' ? 'installations without SIRET' : 'installations with a malformed SIRET');
      continue;
    }
    addFact(reading, siren, 'installations');
    if (row.statutSeveso === 'Seveso seuil haut') addFact(reading, siren, 'seveso_haut');
    if (row.statutSeveso === 'Seveso seuil bas') addFact(reading, siren, 'seveso_bas');
    const set = sirets.get(siren) ?? new Set<string>();
    set.add(siret);
    sirets.set(siren, set);
    const person = naturalPersonName(row.raisonSociale);
    if (person) addNaturalPerson(reading, siren, person);
  }
  for (const [siren, set] of sirets) addFact(reading, siren, 'etablissements', set.size);
  if (parsed.errors.length > 0) count(reading, 'CSV lines papaparse could not read', parsed.errors.length);
  return reading;
}
