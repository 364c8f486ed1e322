import { type EuProfileRow, naturalPersonRow, undecidedFormRow } from '../../schemas/europe/euProfileRow.ts';
import { ltJarFormDecision } from '../../schemas/legalForms/ltJarLegalForms.ts';
import { ltJarStatusCode } from './ltJarStatus.ts';

type Row = Record<string, unknown>;
const text = (v: unknown): string | null => {
  if (v === null || v === undefined) return null;
  const s = String(v).trim();
  return s === '' ? null : s;
};

/** A `YYYY-MM-DD` date; the register's `0001-01-01` (no date) and anything else are not a date. */
export function ltJarDate(v: unknown): string | null {
  const s = text(v);
  if (!s || !/^\d{4}-\d{2}-\d{2}$/.test(s) || s < '1800-01-01') return null;
  return s;
}

/** `Vilnius, S. Stanevičiaus g. 95, LT-07114`: the town is the first part, the postcode the `LT-` one. */
function addressParts(address: string | null) {
  if (!address) return { ville: null, code_postal: null };
  const parts = address.split(',').map((p) => p.trim());
  return {
    ville: parts[0] || null,
    code_postal: parts.find((p) => /^LT-\d{5}$/.test(p)) ?? null,
  };
}

/** A row of `JAR_IREGISTRUOTI.csv` as a unified-profile row. */
export function ltJarProfile(id: string, r: Row): EuProfileRow {
  const formCode = text(r.form_kodas);
  const formLabel = text(r.form_pavadinimas);
  const decision = ltJarFormDecision(formCode, formLabel);
  if (decision === 'personne_physique') return naturalPersonRow(id);
  if (decision === 'indecise') return undecidedFormRow(id, formCode, formLabel);
  const address = text(r.adresas);
  return {
    id_national: id,
    personne_physique: false,
    denomination: text(r.ja_pavadinimas),
    forme_code: formCode,
    forme_libelle: formLabel,
    statut: ltJarStatusCode(text(r.stat_kodas))?.statut ?? null,
    statut_detail: text(r.stat_pavadinimas),
    date_creation: ltJarDate(r.ja_reg_data),
    adresse: address,
    ...addressParts(address),
    pays_adresse: 'LT',
    tva: null,
    lei: null,
    lien_registre: null,
  };
}
