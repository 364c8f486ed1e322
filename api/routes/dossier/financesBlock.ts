import type { Knex } from 'knex';
import { namedStatement } from '../../../ops/database/namedStatements.ts';
import { RAISONS_BLOC_ABSENT, type RaisonBlocAbsent } from '../../../schemas/enums/blocAbsent.ts';
import { absentBlock, type BlockReading, served } from '../entreprise/blockReading.ts';

interface ExerciceRow {
  date_cloture: string;
  confidentialite: string | null;
  ca: string | null;
  ebe: string | null;
  resultat_net: string | null;
}

/**
 * One exercise per closing date, newest first, from the filed accounts the company list holds
 * (projections/fr-entreprises-liste, table `liste_exercices`): only qualified ones (closing date not after
 * the export that published it) and, on the same date, company accounts (C) before simplified (S) before
 * consolidated (K), as the list chooses its last accounts. Figures are already null where confidentiality
 * withholds them (exerciceRows.ts).
 */
const EXERCICES_SQL = `
  select distinct on (date_cloture) to_char(date_cloture, 'YYYY-MM-DD') as date_cloture, confidentialite, ca,
         ebe, resultat_net
    from liste_exercices
   where siren = ? and (date_photo is null or date_cloture <= date_photo)
   order by date_cloture desc,
            case type_bilan when 'C' then 0 when 'S' then 1 when 'K' then 2 else 3 end, type_bilan`;

const NOTE =
  'Comptes annuels déposés (export ratios INPI-BCE), un exercice par date de clôture, le plus récent d’abord ; à date égale, comptes sociaux avant simplifiés avant consolidés. null : non publié (comptes confidentiels, art. L. 232-25 du Code de commerce). / Filed annual accounts, one exercise per closing date, newest first; null: not published (confidential accounts).';

const amount = (value: string | null): number | null => (value === null ? null : Number(value));

const isWhollyConfidential = (row: ExerciceRow) =>
  row.confidentialite !== null && /^confidentiel/i.test(row.confidentialite);

const absence = (raison: RaisonBlocAbsent) => ({
  bloc: 'finances',
  raison,
  message: RAISONS_BLOC_ABSENT.find((r) => r.code === raison)!.signification,
});

/**
 * The `finances` block: `siren`, `nombre_exercices`, `exercices[]` (`date_cloture`, `chiffre_affaires`,
 * `ebe`, `resultat_net`, euros). No exercise published: absent `aucune_donnee` (the export is a complete
 * snapshot); every exercise wholly confidential: absent `non_diffusible`.
 */
export async function readFinancesBlock(
  knex: Knex,
  siren: string,
): Promise<BlockReading<Record<string, unknown>>> {
  const { rows } = await namedStatement<{ rows: ExerciceRow[] }>(
    knex,
    'registres_dossier_finances',
    EXERCICES_SQL,
    [siren],
  );
  if (rows.length === 0) return absentBlock(absence('aucune_donnee'));
  if (rows.every(isWhollyConfidential)) return absentBlock(absence('non_diffusible'));
  return served(
    {
      siren,
      nombre_exercices: rows.length,
      exercices: rows.map((row) => ({
        date_cloture: row.date_cloture,
        chiffre_affaires: amount(row.ca),
        ebe: amount(row.ebe),
        resultat_net: amount(row.resultat_net),
      })),
      note: NOTE,
    },
    [],
  );
}
