import type { Knex } from 'knex';

/** What the server knows of a table's content, and when it last analysed it. */
export interface PlannerStatistics {
  table: string;
  /** pg_stat_user_tables: live and dead rows counted by the server as it wrote them. */
  liveTuples: number;
  deadTuples: number;
  /** pg_class.reltuples, the planner's row estimate: -1 until the table is first analysed or vacuumed. */
  plannerRows: number;
  lastAnalyze: Date | null;
  lastAutoanalyze: Date | null;
  lastVacuum: Date | null;
  lastAutovacuum: Date | null;
}

/**
 * The planner's view of the named tables of the session's schema and the server's `autovacuum` setting. Read
 * only: nothing here analyses or vacuums, so the figures show what the product itself did after a load.
 * The counters of a session that has gone idle reach pg_stat_user_tables within 10 seconds (PostgreSQL 15).
 */
export async function readPlannerStatistics(
  knex: Knex,
  tables: readonly string[],
): Promise<{ autovacuum: string; tables: PlannerStatistics[] }> {
  const setting = await knex.raw<{ rows: { autovacuum: string }[] }>('show autovacuum');
  const { rows } = await knex.raw<{
    rows: {
      name: string;
      live: string;
      dead: string;
      planner_rows: string;
      last_analyze: Date | null;
      last_autoanalyze: Date | null;
      last_vacuum: Date | null;
      last_autovacuum: Date | null;
    }[];
  }>(
    `select s.relname as name, s.n_live_tup as live, s.n_dead_tup as dead, c.reltuples as planner_rows,
            s.last_analyze, s.last_autoanalyze, s.last_vacuum, s.last_autovacuum
       from pg_stat_user_tables s join pg_class c on c.oid = s.relid
      where s.schemaname = current_schema() and s.relname = any(?::text[])`,
    [[...tables]],
  );
  const byName = new Map(rows.map((r) => [r.name, r]));
  return {
    autovacuum: setting.rows[0]?.autovacuum ?? 'unknown',
    tables: tables.flatMap((table) => {
      const r = byName.get(table);
      if (!r) return [];
      return [
        {
          table,
          liveTuples: Number(r.live),
          deadTuples: Number(r.dead),
          plannerRows: Number(r.planner_rows),
          lastAnalyze: r.last_analyze,
          lastAutoanalyze: r.last_autoanalyze,
          lastVacuum: r.last_vacuum,
          lastAutovacuum: r.last_autovacuum,
        },
      ];
    }),
  };
}
