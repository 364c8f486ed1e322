import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { isValidHrOib } from '../../schemas/identifiers/hrOib.ts';
import { mulberry32 } from '../core/mulberry32.ts';

const FORMS = [
  { sifra: 2, naziv: 'društvo s ograničenom odgovornošću', kratica: 'd.o.o.' },
  { sifra: 4, naziv: 'dioničko društvo', kratica: 'd.d.' },
  { naziv: 'jednostavno društvo s ograničenom odgovornošću', kratica: 'j.d.o.o.' },
  { naziv: 'trgovac pojedinac', kratica: 't.p.' },
];
const PROCEDURES = [null, null, null, null, null, null, null, 'stečajni postupak', 'likvidacija'];

/** The OIB check digit of a 10-digit base (ISO 7064 MOD 11,10): the one of 0-9 that validates. */
function oibOf(base: number): string {
  const stem = String(base).padStart(10, '0');
  for (let d = 0; d < 10; d++) if (isValidHrOib(`${stem}${d}`)) return `${stem}${d}`;
  throw new Error(`no check digit for ${stem}`);
}

/** `years` annual statements delivered (`gfi`, expanded), the latest for 2024; none for `years` 0. */
function statementsOf(years: number) {
  return Array.from({ length: years }, (_, k) => {
    const year = 2024 - k;
    return {
      gfi_rbr: years - k,
      vrsta_dokumenta: { znacenje: 'godišnji financijski izvještaj' },
      oznaka_konsolidacije: 0,
      godina_izvjestaja: year,
      datum_dostave: `${year + 1}-04-30T00:00:00`,
      datum_od: `${year}-01-01T00:00:00`,
      datum_do: `${year}-12-31T00:00:00`,
    };
  });
}

/**
 * A JSON array of `count` `detalji_subjekta` answers in the demo file's shape (ingest/hr-sudreg/demo), about
 * 1.5 KB each: the mixture of forms, procedures, deleted subjects and delivered statements a real snapshot holds.
 */
export async function generateSudregSnapshot(file: string, count: number): Promise<void> {
  const random = mulberry32(20);
  const out = createWriteStream(file);
  const write = async (s: string) => {
    if (!out.write(s)) await once(out, 'drain');
  };
  await write('[\n');
  for (let i = 0; i < count; i++) {
    const form = FORMS[Math.floor(random() * FORMS.length)]!;
    const procedure = PROCEDURES[Math.floor(random() * PROCEDURES.length)];
    const deleted = random() < 0.2;
    const statements = deleted ? 0 : i % 4;
    const mbs = 80_000_000 + i;
    const subject = {
      mbs,
      potpuni_mbs: String(mbs).padStart(9, '0'),
      oib: Number(oibOf(1_000_000_000 + i * 7)),
      status: deleted ? 0 : 1,
      sud_id_nadlezan: 1,
      sud_nadlezan: { naziv: 'Trgovački sud u Zagrebu' },
      ino_podruznica: 0,
      ...(procedure ? { postupak: { postupak: { znacenje: procedure } } } : {}),
      stecajna_masa: procedure === 'stečajni postupak' ? 1 : 0,
      likvidacijska_masa: procedure === 'likvidacija' ? 1 : 0,
      datum_osnivanja: `${1990 + (i % 35)}-0${1 + (i % 9)}-1${i % 10}`,
      ...(deleted ? { datum_brisanja: '2020-06-30' } : {}),
      tvrtka: { ime: `Poduzeće broj ${i} ${form.kratica}` },
      skracena_tvrtka: { ime: `Poduzeće ${i} ${form.kratica}` },
      sjediste: {
        naziv_zupanije: 'Grad Zagreb',
        naziv_opcine: 'Zagreb',
        naziv_naselja: 'Zagreb',
        ulica: 'Ilica',
        kucni_broj: 1 + (i % 300),
        postanski_broj: 10000,
      },
      pravni_oblik: { vrsta_pravnog_oblika: form },
      temeljni_kapitali: [{ temeljni_kapital_rbr: 1, valuta: { sifra: 978, naziv: 'euro' }, iznos: 2500 }],
      email_adrese: [{ adresa: `ured${i}@poduzece.example` }],
      ...(statements > 0 ? { gfi: statementsOf(statements) } : {}),
    };
    await write(`${i === 0 ? '' : ',\n'}${JSON.stringify(subject)}`);
  }
  await write('\n]\n');
  out.end();
  await once(out, 'finish');
}
