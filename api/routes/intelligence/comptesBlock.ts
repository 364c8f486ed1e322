import type { Knex } from 'knex';
import { namedStatement } from '../../../ops/database/namedStatements.ts';
import { RAISONS_BLOC_ABSENT, type RaisonBlocAbsent } from '../../../schemas/enums/blocAbsent.ts';
import { absentBlock, type BlockReading, served } from '../entreprise/blockReading.ts';
import {
  nafDivisionOf,
  SECTOR_RATIOS,
  type SectorMediansCache,
  type SectorRatio,
  type SectorYear,
} from './sectorMedians.ts';

/** Exercises served: the five latest closing dates. */
export const COMPTES_YEARS = 5;

/** A change of a ratio smaller than this, in points, is `stable`. */
export const STABLE_POINTS = 1;

interface ExerciceRow {
  date_cloture: string;
  type_bilan: string;
  confidentialite: string | null;
  ca: string | null;
  ebe: string | null;
  resultat_net: string | null;
  bfr_sur_ca: string | null;
}

/** As the dossier's `finances` block chooses its exercises (financesBlock.ts), with the working capital. */
const EXERCICES_SQL = `
  select distinct on (date_cloture) to_char(date_cloture, 'YYYY-MM-DD') as date_cloture, type_bilan,
         confidentialite, ca, ebe, resultat_net, bfr_sur_ca
    from liste_exercices
   where siren = ? and (date_photo is null or date_cloture <= date_photo)
   order by date_cloture desc,
            case type_bilan when 'C' then 0 when 'S' then 1 when 'K' then 2 else 3 end, type_bilan
   limit ${COMPTES_YEARS}`;

export type Tendance = 'hausse' | 'baisse' | 'stable';

const num = (value: string | null): number | null => (value === null ? null : Number(value));
const round2 = (value: number): number => Math.round(value * 100) / 100;
const percentOf = (part: number | null, whole: number | null): number | null =>
  part === null || whole === null || whole <= 0 ? null : round2((100 * part) / whole);

/** `hausse`, `baisse` or `stable` (within STABLE_POINTS) from `first` to `last`; null without both. */
export function tendanceOf(first: number | null, last: number | null): Tendance | null {
  if (first === null || last === null) return null;
  const delta = last - first;
  if (Math.abs(delta) < STABLE_POINTS) return 'stable';
  return delta > 0 ? 'hausse' : 'baisse';
}

const absence = (raison: RaisonBlocAbsent) => ({
  bloc: 'comptes',
  raison,
  message: RAISONS_BLOC_ABSENT.find((r) => r.code === raison)!.signification,
});

const NOTE =
  'Comptes annuels déposés (export ratios INPI-BCE), cinq dernières clôtures, la plus récente d’abord. Ratios en % du chiffre d’affaires (marge_ebe = EBE / CA, marge_nette = résultat net / CA, bfr_sur_ca tel que publié), null quand le CA n’est pas publié ou nul. Médiane du secteur : division NAF (deux premiers chiffres) de l’entreprise, même année de clôture, un exercice par entreprise, comptes publics à CA positif ; écart en points. `medianes_secteur` : `servies`, `en_calcul` (médianes de la division en cours de lecture : réessayez dans un instant) ou `sans_division` (code NAF non publié). Tendance : du plus ancien au plus récent exercice servi, stable à moins d’un point. / Filed accounts, five latest closings; ratios in % of turnover; sector median over the NAF division, same closing year; gaps in points.';

/**
 * The `comptes` block: the five latest exercises with their ratios, each beside its sector's median for the
 * same closing year, and the trend of each ratio and of its gap to the median. No exercise: absent
 * `aucune_donnee`; every exercise wholly confidential: absent `non_diffusible` (as the dossier's `finances`).
 */
export async function readComptesBlock(
  knex: Knex,
  unit: { siren: string; naf: string | null },
  medians: { cache: SectorMediansCache; token: string },
): Promise<BlockReading<Record<string, unknown>>> {
  const { rows } = await namedStatement<{ rows: ExerciceRow[] }>(
    knex,
    'registres_intelligence_exercices',
    EXERCICES_SQL,
    [unit.siren],
  );
  if (rows.length === 0) return absentBlock(absence('aucune_donnee'));
  if (rows.every((r) => r.confidentialite !== null && /^confidentiel/i.test(r.confidentialite))) {
    return absentBlock(absence('non_diffusible'));
  }
  const division = nafDivisionOf(unit.naf);
  const years = rows.map((r) => Number(r.date_cloture.slice(0, 4)));
  const read = division
    ? await medians.cache.read(
        knex,
        division,
        { from: Math.min(...years), to: Math.max(...years) },
        medians.token,
      )
    : [];
  const sector: SectorYear[] = read ?? [];
  const exercices = rows.map((row, i) => {
    const ca = num(row.ca);
    const ratios: Record<SectorRatio, number | null> = {
      marge_ebe: percentOf(num(row.ebe), ca),
      marge_nette: percentOf(num(row.resultat_net), ca),
      bfr_sur_ca: row.bfr_sur_ca === null ? null : round2(Number(row.bfr_sur_ca)),
    };
    const previousCa = num(rows[i + 1]?.ca ?? null);
    const year = sector.find((s) => s.annee === years[i]) ?? null;
    return {
      date_cloture: row.date_cloture,
      type_bilan: row.type_bilan,
      chiffre_affaires: ca,
      ebe: num(row.ebe),
      resultat_net: num(row.resultat_net),
      croissance_ca: ca === null || previousCa === null ? null : percentOf(ca - previousCa, previousCa),
      ratios,
      secteur: year
        ? {
            annee: year.annee,
            nombre_entreprises: year.nombre_entreprises,
            medianes: year.medianes,
            ecarts: Object.fromEntries(
              SECTOR_RATIOS.map((r) => {
                const own = ratios[r];
                const median = year.medianes[r];
                return [r, own === null || median === null ? null : round2(own - median)];
              }),
            ),
          }
        : null,
    };
  });
  // Oldest to newest: the first and last exercise where each value is known.
  const chronological = [...exercices].reverse();
  const firstLast = (pick: (e: (typeof exercices)[number]) => number | null) => {
    const known = chronological.map(pick).filter((v): v is number => v !== null);
    return { first: known[0] ?? null, last: known.length > 1 ? known.at(-1)! : null };
  };
  const tendances = Object.fromEntries(
    SECTOR_RATIOS.map((r) => {
      const own = firstLast((e) => e.ratios[r]);
      const gap = firstLast((e) => (e.secteur?.ecarts[r] as number | null | undefined) ?? null);
      const latest = exercices.find((e) => e.secteur?.ecarts[r] != null);
      const ecart = (latest?.secteur?.ecarts[r] as number | undefined) ?? null;
      return [
        r,
        {
          entreprise: tendanceOf(own.first, own.last),
          ecart_mediane_dernier: ecart,
          position_dernier:
            ecart === null
              ? null
              : Math.abs(ecart) < STABLE_POINTS
                ? 'proche'
                : ecart > 0
                  ? 'au_dessus'
                  : 'en_dessous',
          ecart_mediane: tendanceOf(gap.first, gap.last),
        },
      ];
    }),
  );
  return served(
    {
      siren: unit.siren,
      division_naf: division,
      medianes_secteur: division === null ? 'sans_division' : read === null ? 'en_calcul' : 'servies',
      nombre_exercices: exercices.length,
      exercices,
      tendances,
      note: NOTE,
    },
    [],
  );
}
