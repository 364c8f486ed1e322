import { type EuProfileRow, naturalPersonRow } from '../../schemas/europe/euProfileRow.ts';
import type { EuStatut } from '../../schemas/europe/euStatut.ts';

type Row = Record<string, unknown>;
const text = (v: unknown): string | null => (v === null || v === undefined || v === '' ? null : String(v));

/** The sole proprietor (FIE): a natural person, never served. */
export const SOLE_PROPRIETOR_FORM = 'Füüsilisest isikust ettevõtja';

/** Full legal-form word of the basic-data file → the register's abbreviation. */
const FORM_CODES: Record<string, string> = {
  Osaühing: 'OÜ',
  Aktsiaselts: 'AS',
  Usaldusühing: 'UÜ',
  Täisühing: 'TÜ',
  Mittetulundusühing: 'MTÜ',
  Sihtasutus: 'SA',
  Tulundusühistu: 'TÜH',
  Korteriühistu: 'KÜ',
  'Füüsilisest isikust ettevõtja': 'FIE',
};

/** `ettevotja_staatus`: R registered, L in liquidation, N in bankruptcy, K deleted. */
const STATUTS: Record<string, EuStatut> = { R: 'actif', L: 'en_cessation', N: 'en_cessation', K: 'radie' };

/** `DD.MM.YYYY` → `YYYY-MM-DD`; anything else is not a date we can vouch for. */
export function estonianDate(v: unknown): string | null {
  const m = /^(\d{2})\.(\d{2})\.(\d{4})$/.exec(String(v ?? ''));
  return m ? `${m[3]}-${m[2]}-${m[1]}` : null;
}

export function eeAriregisterForm(r: Row): { code: string | null; libelle: string | null } {
  const word = text(r.ettevotja_oiguslik_vorm);
  return { code: word ? (FORM_CODES[word] ?? null) : null, libelle: word };
}

/** The town of an EHAK text (`Haabersti linnaosa, Tallinn, Harju maakond` → `Tallinn`). */
function townOf(ehak: string | null): string | null {
  if (!ehak) return null;
  const parts = ehak.split(',').map((p) => p.trim());
  return parts.find((p) => !p.endsWith('linnaosa') && !p.endsWith('maakond')) ?? parts[0] ?? null;
}

/** A row of the basic-data file (lihtandmed) as a unified-profile row. */
export function eeAriregisterProfile(id: string, r: Row): EuProfileRow {
  if (text(r.ettevotja_oiguslik_vorm) === SOLE_PROPRIETOR_FORM) return naturalPersonRow(id);
  const form = eeAriregisterForm(r);
  return {
    id_national: id,
    personne_physique: false,
    denomination: text(r.nimi),
    forme_code: form.code,
    forme_libelle: form.libelle,
    statut: STATUTS[String(r.ettevotja_staatus)] ?? null,
    statut_detail: text(r.ettevotja_staatus_tekstina),
    date_creation: estonianDate(r.ettevotja_esmakande_kpv),
    adresse: text(r.asukoht_ettevotja_aadressis),
    code_postal: text(r.indeks_ettevotja_aadressis),
    ville: townOf(text(r.asukoha_ehak_tekstina)),
    pays_adresse: 'EE',
    tva: text(r.kmkr_nr),
    lei: null,
    lien_registre: text(r.teabesysteemi_link) ?? `https://ariregister.rik.ee/est/company/${id}`,
  };
}
