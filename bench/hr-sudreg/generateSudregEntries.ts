import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import path from 'node:path';
import { HR_ENTRY_ROLES } from '../../schemas/events/hrSudregEntries.ts';
import { mulberry32 } from '../core/mulberry32.ts';

/** A JSON array written a row at a time (the recorded shape: an endpoint's pages concatenated). */
async function arrayFile(file: string, rows: (write: (row: object) => Promise<void>) => Promise<void>) {
  const out = createWriteStream(file);
  let first = true;
  const put = async (s: string) => {
    if (!out.write(s)) await once(out, 'drain');
  };
  await put('[\n');
  await rows(async (row) => {
    await put(`${first ? '' : ',\n'}${JSON.stringify(row)}`);
    first = false;
  });
  await put('\n]\n');
  out.end();
  await once(out, 'finish');
}

const TYPES = [
  [104, 4, 'osnivanja dioničkog društva', 1],
  [105, 5, 'osnivanja društva s ograničenom odgovornošću', 1],
  [120, 20, 'promjena tvrtke', 2],
  [121, 21, 'promjena sjedišta', 2],
  [125, 25, 'promjena temeljnog kapitala', 2],
  [130, 30, 'promjena osoba ovlaštenih za zastupanje', 2],
  [160, 60, 'otvaranje stečajnog postupka', 3],
  [161, 61, 'otvaranje postupka likvidacije', 3],
] as const;

/**
 * The state-bodies files of the subjects `generateSudregSnapshot` writes (MBS 80,000,000 + i), in the demo
 * files' shapes (ingest/hr-sudreg/demo): about `perSubject` entries each (1 to 2 × perSubject − 1), one or two
 * types per entry, a text for one entry in three, a note for one in ten, a procedure for one subject in nine.
 * Returns the files by ingest option (`--upisi` …).
 */
export async function generateSudregEntries(
  dir: string,
  subjects: number,
  perSubject = 8,
): Promise<Record<string, string>> {
  const random = mulberry32(21);
  const file = (role: string) => path.join(dir, `${role}.json`);
  const counts = Array.from({ length: subjects }, () => 1 + Math.floor(random() * (2 * perSubject - 1)));
  const idOf = (i: number, k: number) => i * 100 + k + 1;
  await arrayFile(file('upisi'), async (write) => {
    for (let i = 0; i < subjects; i++) {
      for (let k = 0; k < counts[i]!; k++) {
        await write({
          id: idOf(i, k),
          mbs: 80_000_000 + i,
          prbu: k + 1,
          virtualni_upis: 0,
          sud_id: 1,
          datum_upisa: `${1995 + (k % 30)}-0${1 + (k % 9)}-1${k % 10}T00:00:00`,
          poslovni_broj: `Tt-${String(95 + k).slice(-2)}/${i % 10_000}-2`,
        });
      }
    }
  });
  await arrayFile(file('upisi_vrste_upisa'), async (write) => {
    for (let i = 0; i < subjects; i++) {
      for (let k = 0; k < counts[i]!; k++) {
        const type = k === 0 ? 105 : TYPES[2 + ((i + k) % 4)]![0];
        await write({ upis_id: idOf(i, k), vrsta_upisa_id: type });
        if ((i + k) % 5 === 0 && k > 0)
          await write({ upis_id: idOf(i, k), vrsta_upisa_id: 121 + (type === 121 ? 4 : 0) });
      }
    }
  });
  await arrayFile(file('vrste_upisa'), async (write) => {
    for (const [id, sifra, naziv, grupa] of TYPES)
      await write({ id, sifra, naziv, grupa_vrste_upisa_id: grupa });
  });
  await arrayFile(file('grupe_vrsta_upisa'), async (write) => {
    for (const [id, naziv] of [
      [1, 'Osnivanje subjekta upisa'],
      [2, 'Promjene podataka subjekta upisa'],
      [3, 'Postupci nad subjektom upisa'],
    ] as const) {
      await write({ id, naziv });
    }
  });
  await arrayFile(file('sudovi'), async (write) => {
    await write({ id: 1, sifra: 1, naziv: 'Trgovački sud u Zagrebu', izdaje_izvatke: 1 });
  });
  await arrayFile(file('ostali_tekstovi'), async (write) => {
    for (let i = 0; i < subjects; i++) {
      for (let k = 0; k < counts[i]!; k += 3) {
        await write({
          mbs: 80_000_000 + i,
          tekst_rbr: k + 1,
          status: 1,
          prbu_od: k + 1,
          upis_id_od: idOf(i, k),
          tekst: 'Društvo je promijenilo podatke upisane u sudski registar.',
        });
      }
    }
  });
  await arrayFile(file('zabiljezbe'), async (write) => {
    for (let i = 0; i < subjects; i += 10) {
      await write({
        mbs: 80_000_000 + i,
        zabiljezba_rbr: 1,
        status: 1,
        prbu_od: 1,
        upis_id_od: idOf(i, 0),
        tekst: 'Zabilježba uz upis.',
        vrsta_zabiljezbe_id: 3,
      });
    }
  });
  await arrayFile(file('postupci'), async (write) => {
    for (let i = 0; i < subjects; i += 9) {
      const k = counts[i]! - 1;
      await write({ mbs: 80_000_000 + i, status: 1, prbu_od: k + 1, upis_id_od: idOf(i, k), postupak: 1 });
    }
  });
  return Object.fromEntries(HR_ENTRY_ROLES.map((role) => [role.replaceAll('_', '-'), file(role)]));
}
