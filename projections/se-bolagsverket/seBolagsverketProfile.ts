import type { EuProfileRow } from '../../schemas/europe/euProfileRow.ts';
import type { EuStatut } from '../../schemas/europe/euStatut.ts';
import type { SeBolagsverketRecord } from '../../schemas/events/seBolagsverketEvents.ts';
import {
  AVREGISTRERINGSORSAKER,
  FORFARANDEN,
  ORGANISATIONSFORMER,
  withoutSuffix,
} from './bolagsverketCodes.ts';

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
/** A date as published; a placeholder (`null`, a year before 1800) is none. */
const date = (v: string | null | undefined) =>
  v && ISO_DATE.test(v) && Number(v.slice(0, 4)) >= 1800 ? v : null;
const part = (v: string | undefined) => (v?.trim() && v.trim() !== 'null' ? v.trim() : null);

/** Names in order of preference: the company name, then the name (foundations, associations). */
const NAME_TYPES = ['FORETAGSNAMN-ORGNAM', 'NAMN-ORGNAM'];

export function bolagsverketName(field: string | null | undefined): string | null {
  const names = (field ?? '')
    .split('|')
    .map((n) => n.split('$'))
    .filter(([name]) => part(name));
  const rank = (type: string | undefined) => {
    const i = NAME_TYPES.indexOf(type ?? '');
    return i < 0 ? NAME_TYPES.length : i;
  };
  names.sort((a, b) => rank(a[1]) - rank(b[1]));
  return part(names[0]?.[0]) ?? null;
}

/** Procedures that end the organisation once done: bankruptcy, liquidation, being merged or divided away. */
const WINDING_UP = ['KK', 'LI', 'FUOL', 'DEOL'];

/**
 * An ongoing procedure, `code$text$from-date` in the official text and `code$from-date` in a public reader of
 * the real file: the text is the middle part when there are three, else the code list's label.
 */
function procedures(field: string | null | undefined): { code: string; label: string }[] {
  return (field ?? '')
    .split('|')
    .map((p) => p.split('$'))
    .filter(([code]) => part(code))
    .map(([code, ...rest]) => {
      const bare = withoutSuffix(code!.trim());
      const text = rest.length >= 2 ? part(rest[0]) : null;
      const known = code!.trim().endsWith('-AVOMFO') ? FORFARANDEN[bare] : undefined;
      return { code: code!.trim(), label: text ?? known ?? code!.trim() };
    });
}

export function bolagsverketStatut(r: SeBolagsverketRecord): { statut: EuStatut; detail: string | null } {
  if (r.avregistreringsdatum) {
    const orsak = r.avregistreringsorsak ? withoutSuffix(r.avregistreringsorsak) : null;
    return {
      statut: 'radie',
      detail: (orsak && AVREGISTRERINGSORSAKER[orsak]) ?? r.avregistreringsorsak ?? 'Avregistrerad',
    };
  }
  // Only ongoing procedures (-AVOMFO); a closed one (an undocumented -AVSLAVOMFO code) does not wind up.
  const ongoing = procedures(r.pagandeAvvecklingsEllerOmstruktureringsforfarande);
  const ending = ongoing.find(
    (p) => p.code.endsWith('-AVOMFO') && WINDING_UP.includes(withoutSuffix(p.code)),
  );
  if (ending) return { statut: 'en_cessation', detail: ending.label };
  return { statut: 'actif', detail: ongoing[0]?.label ?? null };
}

/**
 * `postadress`: `$`-separated parts. The official order is street, c/o, postcode, town, country; every public
 * reader of the real file sees the town before the postcode. The 5-digit postcode is found by its shape.
 */
export function bolagsverketAddress(field: string | null | undefined) {
  const parts = (field ?? '').split('$').map(part);
  const [street, co] = parts;
  const rest = parts.slice(2);
  const country = rest.find((p) => p?.endsWith('-LAND')) ?? null;
  const postcode = rest.find((p) => p && /^\d{3} ?\d{2}$/.test(p)) ?? null;
  const town = rest.find((p) => p && p !== postcode && p !== country) ?? null;
  return {
    adresse: [co ? `c/o ${co.replace(/^c\/o\s*/i, '')}` : null, street].filter(Boolean).join(', ') || null,
    code_postal: postcode?.replace(' ', '') ?? null,
    ville: town,
    pays_adresse: country ? withoutSuffix(country) : null,
  };
}

/** An organisation of Bolagsverket's bulk file as a unified-profile row (sole traders never get here). */
export function seBolagsverketProfile(id: string, r: SeBolagsverketRecord): EuProfileRow {
  const form = r.organisationsform ? withoutSuffix(r.organisationsform) : null;
  const { statut, detail } = bolagsverketStatut(r);
  return {
    id_national: id,
    personne_physique: false,
    denomination: bolagsverketName(r.organisationsnamn),
    forme_code: form,
    forme_libelle: form ? (ORGANISATIONSFORMER[form] ?? null) : null,
    statut,
    statut_detail: detail,
    date_creation: date(r.registreringsdatum),
    ...bolagsverketAddress(r.postadress),
    tva: null,
    lei: null,
    lien_registre: null,
  };
}
