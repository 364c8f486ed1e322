import type { Knex } from 'knex';
import { LRUCache } from 'lru-cache';

/** The ratios compared with the sector, in percent of turnover (`bfr_sur_ca` as the export publishes it). */
export const SECTOR_RATIOS = ['marge_ebe', 'marge_nette', 'bfr_sur_ca'] as const;
export type SectorRatio = (typeof SECTOR_RATIOS)[number];

/** The medians of one NAF division for one closing year, and how many companies each was taken over. */
export interface SectorYear {
  annee: number;
  nombre_entreprises: number;
  medianes: Record<SectorRatio, number | null>;
}

interface MedianRow {
  annee: number;
  nombre_entreprises: string | number;
  marge_ebe: string | number | null;
  marge_nette: string | number | null;
  bfr_sur_ca: string | number | null;
}

/**
 * One exercise per company and closing year (the latest closing of the year; company accounts before
 * simplified before consolidated, as the company list chooses), qualified only (closing not after the export
 * that published it), public figures only (exerciceRows.ts nulls what confidentiality withholds), turnover
 * above zero (a ratio over nothing is not a ratio). Then the median of each ratio per closing year, over the
 * companies of one NAF division (the first two digits of a NAF rev. 2 class code, `10.81Z` → `10`; the
 * older nomenclatures' codes Sirene still carries, `51.2A`, `62.21`, are left out). Read from the tables
 * the company list derives from the ratios export (liste_exercices, liste_unites).
 */
const MEDIANS_SQL = `
  with one_per_year as (
    select distinct on (e.siren, extract(year from e.date_cloture))
           extract(year from e.date_cloture)::int as annee,
           100.0 * e.ebe / e.ca as marge_ebe,
           100.0 * e.resultat_net / e.ca as marge_nette,
           e.bfr_sur_ca
      from liste_exercices e
      join liste_unites u on u.siren = e.siren
     where u.naf >= ? and u.naf < ? and length(u.naf) = 6
       and (e.date_photo is null or e.date_cloture <= e.date_photo)
       and e.ca > 0
       and e.date_cloture >= make_date(?, 1, 1) and e.date_cloture < make_date(? + 1, 1, 1)
     order by e.siren, extract(year from e.date_cloture), e.date_cloture desc,
              case e.type_bilan when 'C' then 0 when 'S' then 1 when 'K' then 2 else 3 end
  )
  select annee, count(*) as nombre_entreprises,
         percentile_cont(0.5) within group (order by marge_ebe) as marge_ebe,
         percentile_cont(0.5) within group (order by marge_nette) as marge_nette,
         percentile_cont(0.5) within group (order by bfr_sur_ca) as bfr_sur_ca
    from one_per_year
   group by annee
   order by annee`;

const round2 = (value: string | number | null): number | null =>
  value === null ? null : Math.round(Number(value) * 100) / 100;

/** `10.81Z` → `10`; null when the code is not a NAF rev. 2 class code. */
export function nafDivisionOf(naf: string | null): string | null {
  const match = naf ? /^(\d{2})\.\d{2}[A-Z]$/.exec(naf) : null;
  return match ? match[1]! : null;
}

/** The medians of a division over the closing years `[from, to]`, read in one statement. */
export async function readSectorMedians(
  knex: Knex,
  division: string,
  years: { from: number; to: number },
): Promise<SectorYear[]> {
  // NAF codes of the division sort between `DD.` and `DD/` (the next character after '.').
  const result = await knex.raw<{ rows: MedianRow[] }>(MEDIANS_SQL, [
    `${division}.`,
    `${division}/`,
    years.from,
    years.to,
  ]);
  return result.rows.map((row) => ({
    annee: Number(row.annee),
    nombre_entreprises: Number(row.nombre_entreprises),
    medianes: {
      marge_ebe: round2(row.marge_ebe),
      marge_nette: round2(row.marge_nette),
      bfr_sur_ca: round2(row.bfr_sur_ca),
    },
  }));
}

/** How long a request waits for a division's medians being read before it is served without them. */
export const MEDIANS_WAIT_MS = 1500;

/**
 * The sector medians, cached per division and window for as long as the copy they were read from is the
 * same (`token`: the ratios export's version and the Sirene stock's, from the request's provenance), read once
 * at a time (concurrent requests share the read). Measured on PostgreSQL (docs/registers.md, "Intelligence
 * report"): 3.4 s for a division of 120,000 companies among 3.3 million exercises, on a loaded 2-core machine;
 * far too dear for every request. A request waits at most `waitMs` for a read under way, then is answered without the medians
 * (`null`, stated in the block); the read goes on and serves the requests after it.
 */
export function createSectorMediansCache(opts: { maxEntries?: number; waitMs?: number } = {}) {
  const cache = new LRUCache<string, { promise: Promise<SectorYear[]>; value?: SectorYear[] }>({
    max: opts.maxEntries ?? 200,
  });
  const waitMs = opts.waitMs ?? MEDIANS_WAIT_MS;
  return {
    /** The medians, or null when they are still being read after `waitMs`. */
    async read(
      knex: Knex,
      division: string,
      years: { from: number; to: number },
      token: string,
      reader: typeof readSectorMedians = readSectorMedians,
    ): Promise<SectorYear[] | null> {
      const key = `${token}|${division}|${years.from}|${years.to}`;
      let entry = cache.get(key);
      if (!entry) {
        const created: { promise: Promise<SectorYear[]>; value?: SectorYear[] } = {
          promise: reader(knex, division, years),
        };
        created.promise.then(
          (value) => {
            created.value = value;
          },
          // A failed read is not kept: the next request reads again.
          () => cache.delete(key),
        );
        cache.set(key, created);
        entry = created;
      }
      if (entry.value) return entry.value;
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<null>((resolve) => {
        timer = setTimeout(() => resolve(null), waitMs);
      });
      try {
        return await Promise.race([entry.promise, late]);
      } finally {
        clearTimeout(timer);
      }
    },
    clear: () => cache.clear(),
  };
}

export type SectorMediansCache = ReturnType<typeof createSectorMediansCache>;
