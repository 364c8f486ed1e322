import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { BOLAGSVERKET_FIELDS } from '../../ingest/se-bolagsverket/seBolagsverketColumns.ts';

/** The n-th organisationsnummer from 556000000x up, its Luhn digit valid. */
function numberOf(i: number): string {
  const base = String(556_000_000 + i);
  let sum = 0;
  for (let k = 0; k < 9; k++) {
    let d = Number(base[k]);
    if (k % 2 === 0) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return `${base}${(10 - (sum % 10)) % 10}`;
}

/**
 * A bulk file in Bolagsverket's layout (`;`, every field quoted, `$` sub-fields): `rows` rows, one in three a
 * sole trader (PERSON-IDORG, E-ORGFO), descriptions of about 200 characters as in the real file (977 MB for
 * about 3 million rows).
 */
export async function generateBolagsverketFile(file: string, rows: number): Promise<void> {
  const out = createWriteStream(file);
  const write = async (line: string) => {
    if (!out.write(`${line}\n`)) await once(out, 'drain');
  };
  await write(BOLAGSVERKET_FIELDS.join(';'));
  const description =
    'Bolaget ska bedriva handel med varor och tjänster samt därmed förenlig verksamhet. '.repeat(3);
  for (let i = 0; i < rows; i++) {
    const q = (fields: string[]) => fields.map((f) => `"${f}"`).join(';');
    if (i % 3 === 2) {
      await write(
        q([
          `19${String(600_000_000 + i).slice(0, 10)}$PERSON-IDORG`,
          '1',
          'SE-LAND',
          `Person ${i}$FORETAGSNAMN-ORGNAM$2015-04-01`,
          'E-ORGFO',
          '',
          '',
          '',
          '2015-04-01',
          description,
          `Vägen ${i % 90}$$UMEÅ$90330$SE-LAND`,
        ]),
      );
      continue;
    }
    await write(
      q([
        `${numberOf(i)}$ORGNR-IDORG`,
        '',
        'SE-LAND',
        `Exempel ${i} AB$FORETAGSNAMN-ORGNAM$2001-02-03`,
        'AB-ORGFO',
        i % 40 === 1 ? '2023-06-30' : '',
        i % 40 === 1 ? 'KKAV-AVORG' : '',
        i % 50 === 4 ? 'LI-AVOMFO$Likvidation$2024-02-01' : '',
        '2001-02-03',
        description,
        `Box ${i % 9000}$$STOCKHOLM$10247$SE-LAND`,
      ]),
    );
  }
  out.end();
  await once(out, 'finish');
}
