import type { Knex } from 'knex';
import { namedStatement } from '../../ops/database/namedStatements.ts';
import { euTedProjection, TED_AVIS_TABLE } from '../../projections/eu-ted/euTedProjection.ts';
import type { TedAttribution } from '../../projections/eu-ted/tedRow.ts';
import { unitesLegalesProjection } from '../../projections/fr-sirene-unites-legales/unitesLegalesProjection.ts';
import { EU_TED_REGISTER } from '../../schemas/events/euTedEvents.ts';
import { FR_SIRENE_REGISTER } from '../../schemas/events/frSireneEvents.ts';
import { sirenPathParam } from '../../schemas/params/siren.ts';
import { marchesPublicsUeSchema } from '../../schemas/responses/marchesPublicsUe.ts';
import type { RouteDefinition } from '../catalogue/route.ts';
import { countOncePerCopy } from './copyCount.ts';
import { readCoveredUnit } from './entreprise/readCoveredUnit.ts';
import { SIRENE_COVERAGE_ERRORS } from './entreprise/sireneCoverage.ts';
import { centsOf } from './marchesPublics.ts';

/** Notices served per call, newest first; the counts cover them all. */
export const AVIS_UE_LIMIT = 100;

const NOTE =
  'Avis d’attribution publiés au Journal officiel de l’UE (TED, eForms et TED XML R2.0.9) dont l’entreprise est attributaire, rapprochés uniquement par le SIREN ou le SIRET que l’avis publie pour l’attributaire (pays France). Un attributaire publié sans identifiant utilisable (nom seul) n’est jamais rapproché : un nom n’est pas une identité (voir `couverture`). Valeurs telles que publiées pour le contrat, dans leur devise ; une valeur occultée (-1) est null. Les attributaires ne sont jamais nommés. Aucun avis ne prouve pas l’absence de marché européen. / TED award notices matched only by the SIREN or SIRET the notice publishes for the winner; none found does not prove there is none.';

interface AvisRow {
  id: string;
  date_publication: string | null;
  type_avis: string | null;
  titre: string | null;
  acheteur_nom: string | null;
  code_cpv: string | null;
  attributions: TedAttribution[];
  /** Window counts over every notice of the company, before the limit. */
  n_avis: string;
  n_attributions: string;
}

/**
 * The company's notices (GIN index on the winners' SIRENs), newest first, with the counts of notices and of
 * the company's awards over all of them (window sums, before the limit).
 */
const AVIS_SQL = `
  select id, date_publication, type_avis, titre, acheteur_nom, code_cpv, attributions,
         (count(*) over ())::text as n_avis,
         (sum((select count(*) from jsonb_array_elements(attributions) a
                where a->'attributaires_siren' @> jsonb_build_array(?::text))) over ())::text as n_attributions
    from ${TED_AVIS_TABLE}
   where attributaires_siren @> array[?]::text[]
   order by date_publication desc nulls last, id
   limit ?`;

function avisItem(row: AvisRow, siren: string) {
  return {
    numero_publication: row.id,
    date_publication: row.date_publication,
    type_avis: row.type_avis,
    titre: row.titre,
    acheteur: { nom: row.acheteur_nom },
    code_cpv: row.code_cpv,
    lien: `https://ted.europa.eu/fr/notice/-/detail/${encodeURIComponent(row.id)}`,
    attributions: row.attributions
      .filter((a) => a.attributaires_siren.includes(siren))
      .map((a) => ({
        lot: a.lot,
        contrat: a.contrat,
        titre: a.titre,
        montant_centimes: centsOf(a.montant_centimes),
        devise: a.devise,
        groupement: a.nombre_attributaires > 1,
        coattributaires: Math.max(a.nombre_attributaires - 1, 0),
      })),
  };
}

/**
 * The TED award notices of a company the coverage rules let through: this route's body (`limit` 100) and the
 * dossier's `marches_publics_ue` (its most recent notices). Winners are never named: the answer counts them.
 */
export async function readMarchesPublicsUe(
  knex: Knex,
  unit: { siren: string; denomination: string | null },
  limit = AVIS_UE_LIMIT,
): Promise<Record<string, unknown>> {
  const { rows } = await namedStatement<{ rows: AvisRow[] }>(knex, 'registres_ted_avis', AVIS_SQL, [
    unit.siren,
    unit.siren,
    limit,
  ]);
  const total = Number(rows[0]?.n_avis ?? 0);
  return {
    siren: unit.siren,
    denomination: unit.denomination,
    nombre_avis: total,
    nombre_attributions: Number(rows[0]?.n_attributions ?? 0),
    tronque: total > rows.length,
    avis: rows.map((r) => avisItem(r, unit.siren)),
    listes_bornees: { avis: { nombre_total: total, tronque: total > rows.length, total_borne_basse: false } },
    note: NOTE,
  };
}

/** Notices of the copy with a French winner that gives no SIREN, counted once per copy (partial index). */
const noticesWithUnidentifiedWinner = countOncePerCopy(
  EU_TED_REGISTER,
  `select count(*)::text as n from ${TED_AVIS_TABLE} where attributaires_non_identifies > 0`,
);

/**
 * GET /v1/entreprise/{siren}/marches-publics-ue: the EU public contracts (TED award notices) a company won,
 * matched only by the identifier the notice publishes for the winner.
 */
export const marchesPublicsUeRoute: RouteDefinition = {
  id: 'entreprise.marches_publics_ue',
  tool: {
    name: 'get_french_company_eu_public_contracts',
    title: 'EU public contracts won by a French company',
    description:
      'The EU award notices (TED, Official Journal S) naming a French company as a winner by the SIREN or SIRET the notice publishes, newest first, with the buyer, CPV, lot and the value published for its contract; winners published by name only are never matched, co-winners are counted, never named.',
  },
  method: 'GET',
  path: '/v1/entreprise/{siren}/marches-publics-ue',
  summary: 'Marchés publics européens d’une entreprise (avis d’attribution TED) dont elle est attributaire.',
  description:
    'Avis d’attribution de TED (Journal officiel de l’UE, série S ; eForms depuis fin 2023 et TED XML R2.0.9 auparavant) dont l’entreprise est attributaire, rapprochés uniquement par l’identifiant national que l’avis publie pour l’attributaire (SIRET ou SIREN, espaces retirés, SIREN valide, pays France). Un attributaire publié sans identifiant utilisable (nom seul, cas fréquent avant eForms) n’est jamais rapproché : un nom n’est pas une identité et une réponse KYB payante ne peut pas l’affirmer ; `couverture` dit combien d’avis de la copie sont dans ce cas. Par avis : numéro et date de publication, titre, acheteur, CPV, lien vers ted.europa.eu, et pour chaque contrat de l’entreprise le lot et la valeur publiée, en centimes de sa devise (entier exact) (null quand elle est occultée, `-1`). Les attributaires ne sont jamais nommés (coattributaires comptés). Le plus récent d’abord, 100 au plus (`tronque`). Une entreprise sans avis : 200 avec des compteurs à zéro. Mêmes refus que la fiche entreprise (non facturés).',
  params: [sirenPathParam],
  price: 20_000,
  freeTier: true,
  errors: SIRENE_COVERAGE_ERRORS,
  registers: [EU_TED_REGISTER, FR_SIRENE_REGISTER],
  projections: [euTedProjection.name, unitesLegalesProjection.name],
  freshness: { code: 'photo_perimee' },
  responseSchema: marchesPublicsUeSchema,
  async handler(ctx, { knex }) {
    const unit = await readCoveredUnit(knex, String(ctx.state.params?.siren));
    const body = await readMarchesPublicsUe(knex, unit);
    const nonIdentifies = await noticesWithUnidentifiedWinner(knex, ctx.state.provenance ?? []);
    return { body: { ...body, couverture: { avis_attributaire_francais_non_identifie: nonIdentifies } } };
  },
};
