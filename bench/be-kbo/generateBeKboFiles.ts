import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import type { Writable } from 'node:stream';

const q = (v: string) => `"${v}"`;

/** The n-th enterprise number (from 0200.000.000 up), dotted as published, its check digits valid. */
function numberOf(i: number): string {
  const base = 2_000_000 + i;
  const check = 97 - (base % 97);
  const digits = `${String(base).padStart(8, '0')}${String(check).padStart(2, '0')}`;
  return `${digits.slice(0, 4)}.${digits.slice(4, 7)}.${digits.slice(7)}`;
}

async function write(out: Writable, line: string) {
  if (!out.write(`${line}\n`)) await once(out, 'drain');
}

async function close(out: Writable) {
  out.end();
  await once(out, 'finish');
}

/**
 * Full-extract files in KBO's layout: `enterprises` rows (every other one a natural person, as in the real
 * register), a denomination each (plus an abbreviation for one legal person in three, and an establishment
 * unit's commercial name for one enterprise in four), a seat each (plus the establishment's address).
 */
export async function generateBeKboFiles(
  files: { enterprise: string; denomination: string; address: string },
  enterprises: number,
): Promise<{ denominations: number; addresses: number }> {
  const ent = createWriteStream(files.enterprise);
  const den = createWriteStream(files.denomination);
  const adr = createWriteStream(files.address);
  await write(
    ent,
    '"EnterpriseNumber","Status","JuridicalSituation","TypeOfEnterprise","JuridicalForm","JuridicalFormCAC","StartDate"',
  );
  await write(den, '"EntityNumber","Language","TypeOfDenomination","Denomination"');
  await write(
    adr,
    '"EntityNumber","TypeOfAddress","CountryNL","CountryFR","Zipcode","MunicipalityNL","MunicipalityFR","StreetNL","StreetFR","HouseNumber","Box","ExtraAddressInfo","DateStrikingOff"',
  );
  let denominations = 0;
  let addresses = 0;
  for (let i = 0; i < enterprises; i++) {
    const n = numberOf(i);
    const person = i % 2 === 0;
    await write(
      ent,
      person
        ? `${q(n)},"AC","000","1",,,01-02-2015`
        : `${q(n)},"AC","${i % 50 === 1 ? '012' : '000'}","2","610",,14-03-2005`,
    );
    await write(
      den,
      `${q(n)},"${person ? '0' : '2'}","001",${q(person ? `Persoon${i}, Voornaam` : `Bedrijf ${i} BV`)}`,
    );
    denominations++;
    if (!person && i % 3 === 1) {
      await write(den, `${q(n)},"2","002",${q(`B${i}`)}`);
      denominations++;
    }
    await write(adr, `${q(n)},"REGO",,,"2000","Antwerpen","Anvers","Meir","Meir","${i % 300}","","",`);
    addresses++;
    if (i % 4 === 3) {
      const unit = `2.${String(100_000_000 + i).slice(0, 3)}.${String(i).padStart(6, '0').slice(0, 3)}.${String(i).padStart(6, '0').slice(3)}`;
      await write(den, `${q(unit)},"2","003",${q(`Handelsnaam ${i}`)}`);
      await write(adr, `${q(unit)},"BAET",,,"9000","Gent","Gand","Veldstraat","Veldstraat","1","","",`);
      denominations++;
      addresses++;
    }
  }
  await Promise.all([close(ent), close(den), close(adr)]);
  return { denominations, addresses };
}
