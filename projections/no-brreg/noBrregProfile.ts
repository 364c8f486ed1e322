import { type EuProfileRow, naturalPersonRow } from '../../schemas/europe/euProfileRow.ts';
import type { EuStatut } from '../../schemas/europe/euStatut.ts';
import type { NoBrregRecord } from '../../schemas/events/noBrregEvents.ts';

/** Legal forms that are a natural person trading under their own name. */
const SOLE_TRADER_FORMS = ['ENK'];

const text = (v: unknown): string | null => (v === null || v === undefined || v === '' ? null : String(v));
const isTrue = (v: unknown) => v === true || v === 'true';

/** The brreg status flags, in the order that decides `statut_detail` (the field name is brreg's label). */
const WINDING_UP_FLAGS = ['konkurs', 'underTvangsavviklingEllerTvangsopplosning', 'underAvvikling'] as const;

export function noBrregStatut(r: NoBrregRecord): { statut: EuStatut; detail: string | null } {
  if (text(r.slettedato)) return { statut: 'radie', detail: `slettedato ${text(r.slettedato)}` };
  for (const flag of WINDING_UP_FLAGS) {
    if (isTrue(r[flag])) return { statut: 'en_cessation', detail: flag };
  }
  return { statut: 'actif', detail: null };
}

/** `adresse` is a string with a literal `/n` between lines in the CSV, an array of lines in the JSON. */
function addressLines(v: unknown): string | null {
  if (Array.isArray(v)) return v.filter(Boolean).join(', ') || null;
  const s = text(v);
  return s ? s.split('/n').join(', ') : null;
}

/** An `enhet` of Enhetsregisteret as a unified-profile row (business address, else postal address). */
export function noBrregProfile(id: string, r: NoBrregRecord): EuProfileRow {
  if (SOLE_TRADER_FORMS.includes(String(r['organisasjonsform.kode']))) return naturalPersonRow(id);
  const a =
    r['forretningsadresse.poststed'] || r['forretningsadresse.adresse']
      ? 'forretningsadresse'
      : 'postadresse';
  const { statut, detail } = noBrregStatut(r);
  const vat = isTrue(r.registrertIMvaRegisteret) || isTrue(r.registrertIMvaregisteret);
  return {
    id_national: id,
    personne_physique: false,
    denomination: text(r.navn),
    forme_code: text(r['organisasjonsform.kode']),
    forme_libelle: text(r['organisasjonsform.beskrivelse']),
    statut,
    statut_detail: detail,
    date_creation:
      text(r.stiftelsesdato) ??
      text(r.registreringsdatoenhetsregisteret) ??
      text(r.registreringsdatoEnhetsregisteret),
    adresse: addressLines(r[`${a}.adresse`]),
    code_postal: text(r[`${a}.postnummer`]),
    ville: text(r[`${a}.poststed`]),
    pays_adresse: text(r[`${a}.landkode`]),
    tva: vat ? `NO${id}MVA` : null,
    lei: null,
    lien_registre: `https://virksomhet.brreg.no/oppslag/enheter/${id}`,
  };
}
