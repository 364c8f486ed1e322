import { DEPARTEMENT_PATTERN } from '../../projections/fr-entreprises-liste/departement.ts';

/** A checked value ready to bind, or why it is refused (French / English). */
export type ValueCheck = { ok: true; value: string | number } | { ok: false; message: string };

/** How one kind of field reads a scalar `valeur`. `prefix` is set for `commence_par`. */
export type ValueReader = (raw: unknown, opts: { prefix: boolean }) => ValueCheck;

const refuse = (message: string): ValueCheck => ({ ok: false, message });

function code(full: RegExp, prefix: RegExp, what: string): ValueReader {
  return (raw, opts) => {
    if (typeof raw !== 'string') return refuse(`${what} : une chaîne est attendue. / A string is expected.`);
    const v = raw.trim().toUpperCase();
    const pattern = opts.prefix ? prefix : full;
    if (!pattern.test(v))
      return refuse(`${what} : « ${raw.slice(0, 40)} » ne suit pas le format ${pattern.source}.`);
    return { ok: true, value: v };
  };
}

export const readSiren = code(/^\d{9}$/, /^\d{1,9}$/, 'SIREN (9 chiffres)');
export const readForme = code(/^\d{4}$/, /^\d{1,4}$/, 'catégorie juridique INSEE (4 chiffres)');
export const readNaf = code(
  /^\d{2}\.\d{2}[A-Z]?$/,
  /^\d{1,2}(\.\d{0,2}[A-Z]?)?$/,
  'code NAF tel que publié (ex. 62.01Z)',
);
export const readCodePostal = code(/^\d{5}$/, /^\d{1,5}$/, 'code postal (5 chiffres)');
export const readDepartement = code(
  DEPARTEMENT_PATTERN,
  DEPARTEMENT_PATTERN,
  'département (01…95, 2A, 2B, 971…988)',
);

/**
 * A value of a closed list, in any case: the list's own spelling is what is compared (upper-case letter codes
 * such as `A`, lower-case words such as `cloturee`).
 */
export function oneOf(values: readonly string[], what: string): ValueReader {
  return (raw) => {
    const given = typeof raw === 'string' ? raw.trim().toLowerCase() : null;
    const value = values.find((v) => v.toLowerCase() === given);
    if (value === undefined) {
      return refuse(
        `${what} : valeurs permises ${values.join(', ')}. / Allowed values: ${values.join(', ')}.`,
      );
    }
    return { ok: true, value };
  };
}

export const TRANCHES_EFFECTIFS = [
  'NN',
  '00',
  '01',
  '02',
  '03',
  '11',
  '12',
  '21',
  '22',
  '31',
  '32',
  '41',
  '42',
  '51',
  '52',
  '53',
] as const;

export const readCommune: ValueReader = (raw) => {
  if (typeof raw !== 'string') return refuse('Commune : une chaîne est attendue. / A string is expected.');
  const v = raw.trim().toUpperCase();
  if (v.length < 1 || v.length > 100) return refuse('Commune : 1 à 100 caractères. / 1 to 100 characters.');
  return { ok: true, value: v };
};

export const readDate: ValueReader = (raw) => {
  if (typeof raw !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(raw)) {
    return refuse('Date attendue au format AAAA-MM-JJ. / A YYYY-MM-DD date is expected.');
  }
  const d = new Date(`${raw}T00:00:00Z`);
  if (Number.isNaN(d.getTime()) || d.toISOString().slice(0, 10) !== raw) {
    return refuse(`Date inexistante : ${raw}. / No such date.`);
  }
  return { ok: true, value: raw };
};

/** Euros: an integer (JSON number, or a string of digits), within ±10^15. */
export const readAmount: ValueReader = (raw) => {
  const n = typeof raw === 'string' && /^-?\d{1,16}$/.test(raw.trim()) ? Number(raw) : raw;
  if (typeof n !== 'number' || !Number.isSafeInteger(n) || Math.abs(n) > 1e15) {
    return refuse('Montant en euros entier attendu (ex. 1000000). / An integer amount in euros is expected.');
  }
  return { ok: true, value: n };
};

/** A percentage: any finite number. */
export const readNumber: ValueReader = (raw) => {
  const n = typeof raw === 'string' && /^-?\d{1,12}(\.\d{1,6})?$/.test(raw.trim()) ? Number(raw) : raw;
  if (typeof n !== 'number' || !Number.isFinite(n) || Math.abs(n) > 1e12) {
    return refuse('Nombre attendu (ex. 12.5). / A number is expected.');
  }
  return { ok: true, value: n };
};
