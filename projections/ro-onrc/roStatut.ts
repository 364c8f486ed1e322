import { type RoStatusFamily, roStatusFamily } from '../../schemas/enums/roOnrc.ts';
import type { EuStatut } from '../../schemas/europe/euStatut.ts';

/** One status code of a company with its nomenclature label (null when N_STARE_FIRMA does not list it). */
export interface RoStatusCode {
  code: string;
  label: string | null;
}

/** The families that end a company still registered, the gravest first. */
const CEASING: readonly RoStatusFamily[] = ['faillite', 'insolvabilite', 'liquidation', 'dissolution'];

/**
 * The unified `statut` of a company from all its status codes (OD_STARE_FIRMA holds several per company,
 * undated, in no order), with the deciding code's label verbatim in `detail`:
 * - `radie` when one is a struck-off status (`radiată`);
 * - else `en_cessation` when one is bankruptcy, insolvency, liquidation or dissolution (the gravest decides);
 * - else `actif` when one is `funcțiune`;
 * - else null (no status published, or only warnings and codes the nomenclature does not name): not guessed.
 */
export function roStatut(codes: readonly RoStatusCode[]): { statut: EuStatut | null; detail: string | null } {
  const read = [...codes]
    .sort((a, b) => Number(a.code) - Number(b.code) || a.code.localeCompare(b.code))
    .map((c) => ({ ...c, famille: roStatusFamily(c.label).famille }));
  const first = (f: RoStatusFamily) => read.find((c) => c.label !== null && c.famille === f);
  const struck = first('radiation');
  if (struck) return { statut: 'radie', detail: struck.label };
  for (const f of CEASING) {
    const ceasing = first(f);
    if (ceasing) return { statut: 'en_cessation', detail: ceasing.label };
  }
  const trading = first('fonctionnement');
  if (trading) return { statut: 'actif', detail: trading.label };
  return { statut: null, detail: null };
}
