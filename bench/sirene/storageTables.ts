import { formatBytes, formatCount } from '../core/format.ts';
import { printTable, type TableRow } from '../core/printTable.ts';
import type { PlannerStatistics } from './plannerStatistics.ts';
import type { RelationSize } from './relationSizes.ts';

/** A table the pass writes, and who writes it: the log, the ingest's digests, or a read model. */
export interface WrittenTable {
  table: string;
  writer: string;
}

/**
 * What the pass added to each table (pg_total_relation_size after minus before: heap, TOAST and indexes),
 * per row of the table and per row of the files. Returns the total added.
 */
export function printDiskTable(opts: {
  rows: number;
  tables: readonly WrittenTable[];
  growth: ReadonlyMap<string, RelationSize>;
  tableRows: ReadonlyMap<string, number>;
  out: (line: string) => void;
}): number {
  const { rows, growth } = opts;
  const perRow = (bytes: number, n: number) => (n > 0 ? formatCount(bytes / n) : '');
  let total = 0;
  let indexes = 0;
  const lines: TableRow[] = opts.tables.map(({ table, writer }) => {
    const added = growth.get(table) ?? { total: 0, indexes: 0 };
    const n = opts.tableRows.get(table) ?? 0;
    total += added.total;
    indexes += added.indexes;
    return {
      table,
      'written by': writer,
      rows: formatCount(n),
      added: formatBytes(added.total),
      'of which indexes': formatBytes(added.indexes),
      'bytes per table row': perRow(added.total, n),
      'bytes per file row': perRow(added.total, rows),
    };
  });
  lines.push({
    table: 'total',
    added: formatBytes(total),
    'of which indexes': formatBytes(indexes),
    'bytes per file row': perRow(total, rows),
  });
  printTable(
    `Disk: what the pass added to each table (pg_total_relation_size after - before; ${formatCount(rows)} file rows)`,
    lines,
    opts.out,
  );
  return total;
}

/** The planner's view of the tables after the load: whether the product analysed what it loaded. */
export function printPlannerStatistics(opts: {
  autovacuum: string;
  statistics: readonly PlannerStatistics[];
  tableRows: ReadonlyMap<string, number>;
  out: (line: string) => void;
}): void {
  const when = (d: Date | null) => (d ? d.toISOString().slice(11, 19) : 'never');
  printTable(
    `Planner statistics after the load (server autovacuum: ${opts.autovacuum}; the bench itself analyses nothing)`,
    opts.statistics.map(
      (s): TableRow => ({
        table: s.table,
        'rows (counted)': opts.tableRows.has(s.table) ? formatCount(opts.tableRows.get(s.table)!) : '',
        n_live_tup: formatCount(s.liveTuples),
        n_dead_tup: formatCount(s.deadTuples),
        'planner rows (reltuples)': s.plannerRows < 0 ? 'never analysed' : formatCount(s.plannerRows),
        'last analyze': when(s.lastAnalyze),
        'last autoanalyze': when(s.lastAutoanalyze),
        'last (auto)vacuum': when(latest(s.lastVacuum, s.lastAutovacuum)),
      }),
    ),
    opts.out,
  );
}

function latest(a: Date | null, b: Date | null): Date | null {
  if (!a) return b;
  if (!b) return a;
  return a > b ? a : b;
}
