import { ltJarDate } from '../../projections/lt-jar/ltJarProfile.ts';
import { ltJarStatusCode } from '../../projections/lt-jar/ltJarStatus.ts';

const text = (v: unknown): string | null =>
  v === null || v === undefined || String(v).trim() === '' ? null : String(v).trim();

/**
 * The insolvency reading of a company's register status (`stat_kodas`, its label and date as published):
 * restructuring (4) or bankruptcy (5, 6, 13, 26) is a proceeding on the register, still running while the
 * company is registered; any other status is none. The register keeps one status a company, so a proceeding
 * that ended (the company back to 0, or deregistered, 10/11) leaves no trace here.
 */
export function ltJarInsolvency(status: Record<string, unknown> | undefined) {
  const code = text(status?.stat_kodas);
  const family = ltJarStatusCode(code)?.insolvabilite ?? null;
  const statut_registre = {
    code: code !== null && /^\d+$/.test(code) ? Number(code) : null,
    libelle: text(status?.stat_pavadinimas),
    depuis: ltJarDate(status?.stat_data_nuo),
  };
  return {
    statut_registre,
    procedure: family
      ? {
          code: statut_registre.code,
          libelle: statut_registre.libelle,
          famille: family,
          depuis: statut_registre.depuis,
          en_cours: true,
        }
      : null,
    procedure_au_registre: family !== null,
  };
}
