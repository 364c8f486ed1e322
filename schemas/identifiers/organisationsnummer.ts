/**
 * Swedish organisationsnummer: 10 digits, the last a Luhn check digit over the first nine (the same rule as
 * a personnummer's). A legal person's third digit is 2 or more.
 */
export function isValidOrganisationsnummer(id: string): boolean {
  if (!/^\d{10}$/.test(id)) return false;
  let sum = 0;
  for (let i = 0; i < 10; i++) {
    let d = Number(id[i]);
    if (i % 2 === 0) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** The spellings a caller may use: 10 digits, or `556001-2402` as Bolagsverket prints it. */
export const ORGANISATIONSNUMMER_PATTERN = /^\d{6}-?\d{4}$/;

export const canonicalOrganisationsnummer = (id: string) => id.replace('-', '');

export const isValidOrganisationsnummerSpelling = (id: string) =>
  isValidOrganisationsnummer(canonicalOrganisationsnummer(id));
