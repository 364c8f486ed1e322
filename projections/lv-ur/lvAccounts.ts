type Row = Record<string, unknown>;
const text = (v: unknown): string | null => {
  if (v === null || v === undefined) return null;
  const s = String(v).trim();
  return s === '' ? null : s;
};
const amount = (v: unknown): number | null => {
  const s = text(v);
  if (s === null) return null;
  const n = Number(s.replace(',', '.'));
  return Number.isFinite(n) ? n : null;
};

export interface LvBalanceSheet {
  actif_non_courant: number | null;
  actif_courant: number | null;
  total_actif: number | null;
  immobilisations_corporelles: number | null;
  capitaux_propres: number | null;
  dettes: number | null;
}

export interface LvIncomeStatement {
  chiffre_affaires: number | null;
  produits: number | null;
  resultat_avant_impot: number | null;
  resultat_net: number | null;
}

export interface LvCashFlow {
  exploitation: number | null;
  investissement: number | null;
  financement: number | null;
  variation: number | null;
  tresorerie_debut: number | null;
  tresorerie_fin: number | null;
}

export interface LvStatementLine {
  etat: 'bilan' | 'compte_resultat' | 'flux_tresorerie';
  /** The published column, e.g. `inventories`. */
  code: string;
  montant: number;
}

export interface LvAccount {
  annee: number | null;
  debut: string | null;
  fin: string | null;
  effectif: number | null;
  arrondi: string | null;
  devise: string | null;
  type_source: string | null;
  schema_source: string | null;
  depose_le: string | null;
  bilan: LvBalanceSheet | null;
  compte_resultat: LvIncomeStatement | null;
  flux_tresorerie: LvCashFlow | null;
  autres_postes: LvStatementLine[];
}

/** The report's rows of the three statement files, by report id (`financial_statements.csv` `id`). */
export interface LvStatements {
  balanceSheets: Map<string, Row>;
  incomeStatements: Map<string, Row>;
  cashFlows: Map<string, Row>;
}

/** Columns that are keys, not amounts. */
const KEYS = ['statement_id', 'file_id'];

/** The columns each block reads: the other published lines go to `autres_postes`. */
const IN_BLOCKS: Record<LvStatementLine['etat'], readonly string[]> = {
  bilan: [
    'total_non_current_assets',
    'total_current_assets',
    'total_assets',
    'fixed_assets',
    'equity',
    'current_liabilities',
    'non_current_liabilities',
  ],
  compte_resultat: ['net_turnover', 'income_before_income_taxes', 'net_income'],
  flux_tresorerie: [
    'cfo_dm_net_operating_cash_flow',
    'cfo_im_net_operating_cash_flow',
    'cfi_net_investing_cash_flow',
    'cff_net_financing_cash_flow',
    'net_increase',
    'at_beginning_of_year',
    'at_end_of_year',
  ],
};

function sum(...values: (number | null)[]): number | null {
  return values.some((v) => v === null) ? null : values.reduce<number>((s, v) => s + v!, 0);
}

function balanceSheet(r: Row): LvBalanceSheet {
  return {
    actif_non_courant: amount(r.total_non_current_assets),
    actif_courant: amount(r.total_current_assets),
    total_actif: amount(r.total_assets),
    immobilisations_corporelles: amount(r.fixed_assets),
    capitaux_propres: amount(r.equity),
    // Creditors due within and after one year; provisions are not debts and stay in autres_postes.
    dettes: sum(amount(r.current_liabilities), amount(r.non_current_liabilities)),
  };
}

function incomeStatement(r: Row): LvIncomeStatement {
  return {
    chiffre_affaires: amount(r.net_turnover),
    // Total revenue is not a published line of the Latvian statements.
    produits: null,
    resultat_avant_impot: amount(r.income_before_income_taxes),
    resultat_net: amount(r.net_income),
  };
}

function cashFlow(r: Row): LvCashFlow {
  return {
    // Direct method when the company used it, else the indirect method's figure.
    exploitation: amount(r.cfo_dm_net_operating_cash_flow) ?? amount(r.cfo_im_net_operating_cash_flow),
    investissement: amount(r.cfi_net_investing_cash_flow),
    financement: amount(r.cff_net_financing_cash_flow),
    variation: amount(r.net_increase),
    tresorerie_debut: amount(r.at_beginning_of_year),
    tresorerie_fin: amount(r.at_end_of_year),
  };
}

/** The published amounts of a statement row outside its block, as `{etat, code, montant}` (empty cells are not lines). */
function otherLines(etat: LvStatementLine['etat'], r: Row | undefined): LvStatementLine[] {
  if (!r) return [];
  return Object.entries(r)
    .filter(([code]) => !KEYS.includes(code) && !IN_BLOCKS[etat].includes(code))
    .flatMap(([code, v]) => {
      const montant = amount(v);
      return montant === null ? [] : [{ etat, code, montant }];
    });
}

/**
 * Rows of `financial_statements.csv` of one company (filed annual reports), newest year first, each with its
 * balance sheet, income statement and cash-flow statement when the pass read those files. Amounts are as
 * published, in `devise` (LVL before 2014) and in the unit `arrondi` says (`ONES`: units); the blocks pick
 * the headline lines, and every other published line is in `autres_postes` under its source column name.
 */
export function lvAccounts(rows: readonly Row[], statements: LvStatements): LvAccount[] {
  return rows
    .map((r) => {
      const id = text(r.id);
      const year = text(r.year);
      const employees = text(r.employees);
      const created = text(r.created_at);
      const m = created ? /^(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2}:\d{2})/.exec(created) : null;
      const balance = id ? statements.balanceSheets.get(id) : undefined;
      const income = id ? statements.incomeStatements.get(id) : undefined;
      const flows = id ? statements.cashFlows.get(id) : undefined;
      return {
        annee: year && /^\d{4}$/.test(year) ? Number(year) : null,
        debut: text(r.year_started_on)?.slice(0, 10) ?? null,
        fin: text(r.year_ended_on)?.slice(0, 10) ?? null,
        effectif: employees && /^\d+$/.test(employees) ? Number(employees) : null,
        arrondi: text(r.rounded_to_nearest),
        devise: text(r.currency),
        type_source: text(r.source_type),
        schema_source: text(r.source_schema),
        depose_le: m ? `${m[1]}T${m[2]}Z` : null,
        bilan: balance ? balanceSheet(balance) : null,
        compte_resultat: income ? incomeStatement(income) : null,
        flux_tresorerie: flows ? cashFlow(flows) : null,
        autres_postes: [
          ...otherLines('bilan', balance),
          ...otherLines('compte_resultat', income),
          ...otherLines('flux_tresorerie', flows),
        ],
      };
    })
    .sort((a, b) => (b.annee ?? 0) - (a.annee ?? 0) || (b.fin ?? '').localeCompare(a.fin ?? ''));
}
