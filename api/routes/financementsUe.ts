import type { Knex } from 'knex';
import { eurosOf } from '../../projections/eu-cordis/cordisAmount.ts';
import type { CordisParticipationRow } from '../../projections/eu-cordis/cordisRows.ts';
import {
  CORDIS_FILES_TABLE,
  CORDIS_PARTICIPATIONS_TABLE,
  CORDIS_PROJECTS_TABLE,
  EU_CORDIS_PROJECTION,
} from '../../projections/eu-cordis/euCordisProjection.ts';
import { unitesLegalesProjection } from '../../projections/fr-sirene-unites-legales/unitesLegalesProjection.ts';
import { CORDIS_ROLE_OF_SOURCE, CORDIS_STATUT_OF_SOURCE } from '../../schemas/enums/euCordis.ts';
import {
  CORDIS_PROGRAMMES,
  type CordisProgramme,
  EU_CORDIS_REGISTER,
} from '../../schemas/events/euCordisEvents.ts';
import { FR_SIRENE_REGISTER } from '../../schemas/events/frSireneEvents.ts';
import { sirenPathParam } from '../../schemas/params/siren.ts';
import { frenchVatOf } from '../../schemas/records/cordisVat.ts';
import { financementsUeSchema } from '../../schemas/responses/financementsUe.ts';
import type { ProvenanceEntry, RouteDefinition } from '../catalogue/route.ts';
import { unavailable } from '../errors/apiError.ts';
import { readCoveredUnit } from './entreprise/readCoveredUnit.ts';
import { SIRENE_COVERAGE_ERRORS } from './entreprise/sireneCoverage.ts';

/** Participations served per call; the counts and the total cover them all. */
export const FUNDING_LIMIT = 200;

export const FUNDING_NOTE =
  'Participations rattachées par le numéro de TVA que publie le programme (environ 90 % des participations françaises) : aucune participation trouvée ne prouve pas l’absence de financement européen. Montants et statuts tels que publiés par CORDIS, jamais recalculés. / Matched by the VAT number the programme publishes (about 90% of French participations): none found does not prove the company received no EU funding. Amounts and statuses as published by CORDIS, never recomputed.';

/**
 * GET /v1/entreprise/{siren}/financements-ue: the company's participations in the EU framework programmes
 * (Horizon 2020, Horizon Europe) as CORDIS publishes them, matched by its VAT number (FR + key + SIREN).
 * Sirene decides which companies are served (the profile's refusals, never charged), so a participant
 * registered under a person's name (a sole proprietor) is never named.
 */
export const financementsUeRoute: RouteDefinition = {
  id: 'entreprise.financements_ue',
  tool: {
    name: 'get_french_company_eu_funding',
    title: 'EU research funding of a French company',
    description:
      'The EU research grants (Horizon 2020, Horizon Europe) a French company took part in, from CORDIS, matched by its VAT number: role, EU contribution, project status and dates, by SIREN.',
  },
  method: 'GET',
  path: '/v1/entreprise/{siren}/financements-ue',
  summary:
    'Financements européens de recherche d’une entreprise (Horizon 2020, Horizon Europe) : projets, rôle, contribution de l’UE.',
  description:
    'Participations publiées par CORDIS, rattachées par le numéro de TVA intracommunautaire (environ 90 % des participations françaises) : aucune participation trouvée (`aucun_financement`) n’est pas une preuve. Montants en euros et statuts tels que publiés. Mêmes refus que la fiche entreprise (non facturés).',
  params: [sirenPathParam],
  price: 20_000,
  freeTier: true,
  errors: [...SIRENE_COVERAGE_ERRORS, 'compte_incoherent'],
  registers: [EU_CORDIS_REGISTER, FR_SIRENE_REGISTER],
  projections: [EU_CORDIS_PROJECTION, unitesLegalesProjection.name],
  responseSchema: financementsUeSchema,
  async handler(ctx, { knex }) {
    const unit = await readCoveredUnit(knex, String(ctx.state.params?.siren));
    const publication = publicationOf(ctx.state.provenance);
    return { body: await readFinancementsUe(knex, unit.siren, publication) };
  },
};

function publicationOf(provenance: readonly ProvenanceEntry[] | undefined): string | null {
  return provenance?.find((p) => p.registre === EU_CORDIS_REGISTER)?.date_photo ?? null;
}

/** A participation joined to its project, as the read query returns it. */
export interface FundingLine
  extends Pick<
    CordisParticipationRow,
    | 'role_source'
    | 'contribution_ue_centimes'
    | 'contribution_ue_nette_centimes'
    | 'cout_total_centimes'
    | 'fin_anticipee'
    | 'pme'
    | 'type_activite'
    | 'nom_publie'
  > {
  participation_id: string;
  projet_id: string;
  programme: string | null;
  acronyme: string | null;
  titre: string | null;
  statut_source: string | null;
  debut: string | null;
  fin: string | null;
  projet_cout_total_centimes: string | null;
  contribution_ue_max_centimes: string | null;
  regime_financement: string | null;
  appel: string | null;
}

/** The answer for a company the coverage rules let through (`publication`: the date of the CORDIS pass). */
export async function readFinancementsUe(
  knex: Knex,
  siren: string,
  publication: string | null,
): Promise<Record<string, unknown>> {
  const [funding, files] = await Promise.all([
    readFundingOfVat(knex, frenchVatOf(siren)),
    knex.raw<{ rows: { role: string }[] }>(`select role from ${CORDIS_FILES_TABLE} order by role`),
  ]);
  if (funding.participations < funding.lines.length) {
    throw unavailable(
      'compte_incoherent',
      'Total inférieur à la liste lue : non vendu. / Count below the list.',
    );
  }
  return {
    siren,
    nombre_projets: funding.projets,
    nombre_participations: funding.participations,
    contribution_ue_totale_eur: eurosOf(funding.totalCents),
    en_cours: funding.enCours,
    tronque: funding.participations > funding.lines.length,
    projets: funding.lines.map(projectOf),
    aucun_financement: funding.participations === 0,
    couverture: {
      programmes: programmesOf(files.rows.map((f) => f.role)),
      publication,
      note: FUNDING_NOTE,
    },
  };
}

/** What the read tables hold for one VAT number as CORDIS publishes it (`FR40303265045`, `ESB66340514`). */
export interface FundingOfVat {
  participations: number;
  projets: number;
  /** Distinct grants whose status is SIGNED. */
  enCours: number;
  /** Sum of the published `ecContribution` of every participation, in cents (0 when none is published). */
  totalCents: string;
  /** The participations served, newest grant first, FUNDING_LIMIT at most. */
  lines: FundingLine[];
}

export async function readFundingOfVat(knex: Knex, vat: string): Promise<FundingOfVat> {
  const [totals, lines] = await Promise.all([
    knex.raw<{
      rows: { participations: string; projets: string; en_cours: string; total: string | null }[];
    }>(
      `select count(*) as participations, count(distinct p.projet_id) as projets,
              count(distinct p.projet_id) filter (where j.statut_source = 'SIGNED') as en_cours,
              sum(p.contribution_ue_centimes) as total
         from ${CORDIS_PARTICIPATIONS_TABLE} p left join ${CORDIS_PROJECTS_TABLE} j on j.id = p.projet_id
        where p.tva = ?`,
      [vat],
    ),
    knex.raw<{ rows: FundingLine[] }>(
      `select p.id as participation_id, p.projet_id, j.programme, j.acronyme, j.titre, j.statut_source,
              j.debut, j.fin, j.cout_total_centimes::text as projet_cout_total_centimes,
              j.contribution_ue_max_centimes::text as contribution_ue_max_centimes, j.regime_financement,
              j.appel, p.role_source, p.contribution_ue_centimes::text as contribution_ue_centimes,
              p.contribution_ue_nette_centimes::text as contribution_ue_nette_centimes,
              p.cout_total_centimes::text as cout_total_centimes, p.fin_anticipee, p.pme, p.type_activite,
              p.nom_publie
         from ${CORDIS_PARTICIPATIONS_TABLE} p left join ${CORDIS_PROJECTS_TABLE} j on j.id = p.projet_id
        where p.tva = ?
        order by j.debut desc nulls last, p.projet_id desc, p.id
        limit ?`,
      [vat, FUNDING_LIMIT],
    ),
  ]);
  const t = totals.rows[0]!;
  return {
    participations: Number(t.participations),
    projets: Number(t.projets),
    enCours: Number(t.en_cours),
    totalCents: t.total === null ? '0' : String(t.total),
    lines: lines.rows,
  };
}

/** The programmes whose files the published pass read (`h2020-project` → `H2020`), in the contract's order. */
export function programmesOf(roles: readonly string[]): string[] {
  return (Object.keys(CORDIS_PROGRAMMES) as CordisProgramme[]).filter((p) =>
    roles.includes(`${p.toLowerCase()}-organization`),
  );
}

/** One participation with its grant, as served. */
export function projectOf(l: FundingLine): Record<string, unknown> {
  return {
    id: l.projet_id,
    programme: l.programme,
    programme_libelle: l.programme ? (CORDIS_PROGRAMMES[l.programme as CordisProgramme] ?? null) : null,
    acronyme: l.acronyme,
    titre: l.titre,
    statut: l.statut_source === null ? null : (ownValue(CORDIS_STATUT_OF_SOURCE, l.statut_source) ?? 'autre'),
    statut_source: l.statut_source,
    debut: l.debut,
    fin: l.fin,
    cout_total_eur: eurosOf(l.projet_cout_total_centimes),
    contribution_ue_max_eur: eurosOf(l.contribution_ue_max_centimes),
    regime_financement: l.regime_financement,
    appel: l.appel,
    lien: `https://cordis.europa.eu/project/id/${l.projet_id}`,
    participation: {
      role: l.role_source === null ? null : ownValue(CORDIS_ROLE_OF_SOURCE, l.role_source),
      role_source: l.role_source,
      contribution_ue_eur: eurosOf(l.contribution_ue_centimes),
      contribution_ue_nette_eur: eurosOf(l.contribution_ue_nette_centimes),
      cout_total_eur: eurosOf(l.cout_total_centimes),
      fin_anticipee: l.fin_anticipee,
      pme: l.pme,
      type_activite: l.type_activite,
      nom_publie: l.nom_publie,
    },
  };
}

/** A value of a closed-list map by a published key (never one of Object's own members). */
function ownValue<V>(map: Readonly<Record<string, V>>, key: string): V | null {
  return Object.hasOwn(map, key) ? map[key]! : null;
}
