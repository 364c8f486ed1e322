import { ltJarDate } from '../../projections/lt-jar/ltJarProfile.ts';
import type { LtAccountLine } from '../../schemas/events/ltJarEvents.ts';

/**
 * The contract's items and the line codes that fill them, in order of precedence. Keyed on the line code, never
 * on its name (the files spell names two ways). Only codes seen with their meaning are mapped: ISLT00001
 * turnover, ISLT00017 result before tax, ISLT00019 and ISLT00222 net result (FORMATS-MORE.md §4), BSLT00001
 * non-current assets (ILGALAIKIS TURTAS) and BSLT00021 current assets (TRUMPALAIKIS TURTAS) (a reuser's
 * tests and notes on real rows); a legacy file's three columns. Every other line is served in `autres_postes`
 * with its code and name as filed; an item no mapped line fills is null (not published, or not mapped).
 */
const BALANCE_SHEET: Record<string, readonly string[]> = {
  actif_non_courant: ['BSLT00001'],
  actif_courant: ['BSLT00021'],
  total_actif: [],
  immobilisations_corporelles: [],
  capitaux_propres: [],
  dettes: [],
};
const INCOME_STATEMENT: Record<string, readonly string[]> = {
  chiffre_affaires: ['ISLT00001', 'pardavimo_pajamos'],
  produits: [],
  resultat_avant_impot: ['ISLT00017', 'pelnas_pries_apmokestinima'],
  resultat_net: ['ISLT00019', 'ISLT00222', 'grynasis_pelnas'],
};
const ITEM_OF = new Map<string, string>(
  Object.entries({ ...BALANCE_SHEET, ...INCOME_STATEMENT }).flatMap(([item, codes]) =>
    codes.map((c) => [c, item] as [string, string]),
  ),
);

export interface LtPoste {
  code: string;
  libelle: string | null;
  valeur: number | null;
}

export interface LtYear {
  debut: string | null;
  fin: string | null;
  consolide: boolean;
  etats: {
    gabarit: { code: string | null; libelle: string | null };
    standard: { code: string | null; libelle: string | null };
  }[];
  depose_le: string | null;
  devise: 'EUR';
  bilan: Record<string, number | null>;
  compte_resultat: Record<string, number | null>;
  autres_postes: LtPoste[];
  postes_divergents: { poste: string; valeurs: LtPoste[] }[];
}

const amount = (v: string | null): number | null => {
  if (v === null || v.trim() === '') return null;
  const n = Number(v.trim().replace(',', '.'));
  return Number.isFinite(n) ? n : null;
};

/** A filing of the consolidated accounts: its set or statement says so (`konsoliduot…`). */
const isConsolidated = (l: LtAccountLine) =>
  /konsoliduot/i.test(`${l.template_name ?? ''} ${l.standard_name ?? ''}`);

const yearKey = (l: LtAccountLine) =>
  `${ltJarDate(l.beginning_date) ?? ''}|${ltJarDate(l.turning_date) ?? ''}|${isConsolidated(l)}`;

/**
 * Of each statement of a year, the lines of its newest filing (`reg_date`): a filing filed again supersedes
 * the earlier one.
 */
function newestFilings(lines: readonly LtAccountLine[]): LtAccountLine[] {
  const newest = new Map<string, string>();
  const statementOf = (l: LtAccountLine) => l.standard_id ?? l.byla;
  for (const l of lines) {
    const s = statementOf(l);
    const d = l.reg_date ?? '';
    if ((newest.get(s) ?? '') <= d) newest.set(s, d);
  }
  return lines.filter((l) => (l.reg_date ?? '') === newest.get(statementOf(l)));
}

const posteOf = (l: LtAccountLine): LtPoste => ({
  code: l.line_type_id,
  libelle: l.line_name,
  valeur: amount(l.reiksme),
});

const distinctValues = (postes: readonly LtPoste[]) => new Set(postes.map((p) => p.valeur));

/** One year: its lines merged (duplicates agreeing are one; a disagreement is stated, its item left null). */
function yearOf(lines: LtAccountLine[]): LtYear {
  const first = lines[0]!;
  const byItem = new Map<string, LtPoste[]>();
  const others = new Map<string, LtPoste[]>();
  for (const l of lines) {
    const item = ITEM_OF.get(l.line_type_id);
    const target = item ? byItem : others;
    const key = item ?? l.line_type_id;
    target.set(key, [...(target.get(key) ?? []), posteOf(l)]);
  }
  const divergents: LtYear['postes_divergents'] = [];
  const fill = (items: Record<string, readonly string[]>) => {
    const out: Record<string, number | null> = {};
    for (const [item, codes] of Object.entries(items)) {
      const postes = byItem.get(item) ?? [];
      if (distinctValues(postes).size > 1) divergents.push({ poste: item, valeurs: uniquePostes(postes) });
      const best = codes.map((c) => postes.filter((p) => p.code === c)).find((p) => p.length > 0) ?? [];
      out[item] = distinctValues(best).size === 1 ? best[0]!.valeur : null;
    }
    return out;
  };
  const bilan = fill(BALANCE_SHEET);
  const compte_resultat = fill(INCOME_STATEMENT);
  const autres: LtPoste[] = [];
  for (const [code, postes] of [...others.entries()].sort(([a], [b]) => a.localeCompare(b))) {
    const unique = uniquePostes(postes);
    if (distinctValues(unique).size > 1) divergents.push({ poste: code, valeurs: unique });
    else autres.push(unique[0]!);
  }
  const etats = new Map<string, LtYear['etats'][number]>();
  for (const l of lines) {
    etats.set(`${l.template_id}|${l.standard_id}`, {
      gabarit: { code: l.template_id, libelle: l.template_name },
      standard: { code: l.standard_id, libelle: l.standard_name },
    });
  }
  return {
    debut: ltJarDate(first.beginning_date),
    fin: ltJarDate(first.turning_date),
    consolide: isConsolidated(first),
    etats: [...etats.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([, e]) => e),
    depose_le: lines
      .map((l) => ltJarDate(l.reg_date))
      .reduce<string | null>((a, d) => (d && (!a || d > a) ? d : a), null),
    devise: 'EUR',
    bilan,
    compte_resultat,
    autres_postes: autres,
    postes_divergents: divergents,
  };
}

/** Postes with the same code and value once, in code then value order. */
function uniquePostes(postes: readonly LtPoste[]): LtPoste[] {
  const seen = new Map<string, LtPoste>();
  for (const p of postes) seen.set(`${p.code}|${p.valeur}`, seen.get(`${p.code}|${p.valeur}`) ?? p);
  return [...seen.values()].sort(
    (a, b) =>
      a.code.localeCompare(b.code) ||
      (a.valeur ?? Number.NEGATIVE_INFINITY) - (b.valeur ?? Number.NEGATIVE_INFINITY),
  );
}

/** Every filed year of a company, newest closing first (statutory before consolidated for the same period). */
export function ltJarAccounts(lines: readonly LtAccountLine[]): LtYear[] {
  const years = new Map<string, LtAccountLine[]>();
  for (const l of lines) years.set(yearKey(l), [...(years.get(yearKey(l)) ?? []), l]);
  return [...years.values()]
    .map((ls) => yearOf(newestFilings(ls)))
    .sort(
      (a, b) =>
        (b.fin ?? '').localeCompare(a.fin ?? '') ||
        (b.debut ?? '').localeCompare(a.debut ?? '') ||
        Number(a.consolide) - Number(b.consolide),
    );
}
