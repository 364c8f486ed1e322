import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { mulberry32 } from '../core/mulberry32.ts';

const HEADER =
  'DENUMIRE^CUI^COD_INMATRICULARE^DATA_INMATRICULARE^EUID^FORMA_JURIDICA^ADR_TARA^ADR_JUDET^ADR_LOCALITATE^ADR_DEN_STRADA^ADR_NR_STRADA^ADR_BLOC^ADR_SCARA^ADR_ETAJ^ADR_APARTAMENT^ADR_COD_POSTAL^ADR_SECTOR^ADR_COMPLETARE^WEB^TARA_FIRMA_MAMA';
const WEIGHTS = [7, 5, 3, 2, 1, 7, 5, 3, 2];
const WORDS = [
  'EXEMPLU',
  'CONSTRUCT',
  'TRANS',
  'AGRO',
  'SERV',
  'COM',
  'IMPEX',
  'DISTRIBUTIE',
  'CONSULT',
  'INVEST',
];

/** A CUI with its check digit, from a 7-digit body. */
function cuiOf(body: number): string {
  const b = String(body).padStart(9, '0');
  let sum = 0;
  for (let i = 0; i < 9; i++) sum += Number(b[i]) * WEIGHTS[i]!;
  return `${body}${((sum * 10) % 11) % 10}`;
}

/**
 * An OD_FIRME.CSV in the published layout (BOM, `^`, CRLF, no quoting) with `rows` fictitious traders: about
 * 1 in 4 a natural person (PFA, II, F-number), some names opening with a literal quote, both kinds of
 * registration number, the CUI empty on a few.
 */
export async function generateOdFirme(file: string, rows: number): Promise<void> {
  const random = mulberry32(20261113);
  const out = createWriteStream(file);
  out.write(`\uFEFF${HEADER}\r\n`);
  for (let i = 0; i < rows; i++) {
    const r = random();
    const pf = r < 0.25;
    const form = pf ? (r < 0.15 ? 'PFA' : 'II') : r < 0.9 ? 'SRL' : r < 0.97 ? 'SA' : 'N/A';
    const word = WORDS[i % WORDS.length]!;
    const name = pf
      ? `PERSOANA ${i} ${form}`
      : `${r < 0.3 ? '"' : ''}${word} ${i}${r < 0.3 ? '"' : ''} ${form}`;
    const year = 1991 + (i % 35);
    const cod = i % 7 === 0 ? `J${year}${String(i).padStart(6, '0')}000` : `${pf ? 'F' : 'J'}40/${i}/${year}`;
    const cui = i % 50 === 0 ? '' : cuiOf(1_000_000 + i);
    const line = [
      name,
      cui,
      cod,
      `${String(1 + (i % 28)).padStart(2, '0')}/${String(1 + (i % 12)).padStart(2, '0')}/${year}`,
      `ROONRC.${cod}`,
      form,
      'România',
      'Municipiul București',
      `Sector ${1 + (i % 6)}`,
      'Str. Exemplului',
      String(1 + (i % 200)),
      '',
      '',
      '',
      '',
      String(10000 + (i % 80000)),
      String(1 + (i % 6)),
      '',
      '',
      '',
    ].join('^');
    if (!out.write(`${line}\r\n`)) await once(out, 'drain');
  }
  out.end();
  await once(out, 'finish');
}
