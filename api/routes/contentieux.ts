import { unitesLegalesProjection } from '../../projections/fr-sirene-unites-legales/unitesLegalesProjection.ts';
import { NATURES_CONTENTIEUX, type NatureContentieux } from '../../schemas/enums/contentieux.ts';
import {
  FR_JUDILIBRE_REGISTER,
  type JudilibreContentieux,
  type JudilibreDecisionRead,
} from '../../schemas/events/frJudilibreEvents.ts';
import { FR_SIRENE_REGISTER } from '../../schemas/events/frSireneEvents.ts';
import { sirenPathParam } from '../../schemas/params/siren.ts';
import { contentieuxSchema } from '../../schemas/responses/contentieux.ts';
import type { ProvenanceEntry, RouteDefinition } from '../catalogue/route.ts';
import { readCoveredUnit } from './entreprise/readCoveredUnit.ts';
import { SIRENE_COVERAGE_ERRORS } from './entreprise/sireneCoverage.ts';
import { liveFreshness, liveProvenance, notConfigured, upstreamDown } from './europeLive.ts';

/** The public page of a decision on the Cour de cassation's site (Judilibre's own search engine). */
export const decisionUrl = (id: string) =>
  `https://www.courdecassation.fr/decision/${encodeURIComponent(id)}`;

export const CONTENTIEUX_WARNING =
  'Couverture partielle : environ 62 % des décisions publiées portent un identifiant exploitable de l’entreprise ; une décision est rattachée par le SIREN écrit dans son texte (certain) ou par la seule dénomination (jamais certain). Aucun résultat ne signifie jamais aucun contentieux. Ni texte, ni nom de personne physique, ni montant n’est servi. / Partial coverage: about 62% of published decisions carry a usable identifier of the company; a decision is tied by the SIREN written in its text (certain) or by the name alone (never certain). No result never means no litigation. No text, individual’s name or amount is served.';

function decisionItem({ record }: JudilibreDecisionRead) {
  const tie = record.rattachement!;
  return {
    id_judilibre: record.id_judilibre,
    date: record.date,
    juridiction: record.juridiction,
    nature: record.nature,
    role: tie.role,
    mode_rattachement: tie.mode_rattachement,
    confiance: tie.confiance,
    redondante_bodacc: record.nature === 'procedure_collective',
    url_officielle: decisionUrl(record.id_judilibre),
    autres_sirens: record.autres_sirens,
  };
}

/**
 * The answer's members from what the reader found: the tied decisions, newest first (then by id), counted by
 * nature (every nature of the closed list, zero included).
 */
export function contentieuxBody(
  unit: { siren: string; denomination: string | null },
  found: JudilibreContentieux,
): Record<string, unknown> {
  const decisions = [...found.decisions]
    .sort(
      (a, b) =>
        (b.record.date ?? '').localeCompare(a.record.date ?? '') ||
        a.record.id_judilibre.localeCompare(b.record.id_judilibre),
    )
    .map(decisionItem);
  const parNature = Object.fromEntries(NATURES_CONTENTIEUX.map((n) => [n, 0])) as Record<
    NatureContentieux,
    number
  >;
  for (const d of decisions) parNature[d.nature] += 1;
  const observed = [...found.searches, ...found.decisions.map((d) => d.observation)].map((o) => o.observedAt);
  return {
    siren: unit.siren,
    denomination: unit.denomination,
    exhaustivite: 'partielle',
    avertissement: CONTENTIEUX_WARNING,
    synthese: { nombre_decisions: decisions.length, par_nature: parNature },
    decisions,
    tronque: found.tronque,
    consulte_le: observed.sort().at(-1) ?? null,
    listes_bornees: {
      decisions: { nombre_total: decisions.length, tronque: found.tronque, total_borne_basse: found.tronque },
    },
  };
}

/**
 * GET /v1/entreprise/{siren}/contentieux: court decisions linked to a French company, read live from Judilibre
 * (Cour de cassation, through PISTE). Same refusals as the company profile; Judilibre down or unreadable is 503
 * `amont_indisponible`, never an empty list; no PISTE credentials on this server is 503
 * `registre_non_configure`. None of them is charged.
 */
export const contentieuxRoute: RouteDefinition = {
  id: 'entreprise.contentieux',
  tool: {
    name: 'get_french_company_court_decisions',
    title: 'Court decisions linked to a French company',
    description:
      'Court decisions (Judilibre, Cour de cassation open data) tied to a French company by its SIREN written in the decision (certain) or its name alone (never certain), with date, court, nature (insolvency, order to pay, summary proceedings, appraisal, other), the company’s side and other companies by SIREN; no text, no individual’s name, no amount. Partial coverage: no result never means no litigation.',
  },
  method: 'GET',
  path: '/v1/entreprise/{siren}/contentieux',
  summary: 'Décisions de justice rattachées à une entreprise (Judilibre, lu en direct).',
  description:
    'Judilibre (Cour de cassation, via PISTE) interrogé en direct par le SIREN puis par la dénomination (10 décisions par recherche, toutes juridictions) ; chaque décision trouvée est lue pour décider du rattachement (`siren_dans_le_texte` : certain ; `denomination_dans_le_texte` : probable ou faible, jamais certain) et de la nature (champs structurés d’abord, puis le texte). Le texte n’est ni conservé ni servi ; aucune personne physique n’est nommée, aucun montant servi ; les autres entreprises apparaissent par SIREN. Les jugements de procédure collective sont marqués `redondante_bodacc`. Couverture partielle : aucun résultat ne prouve l’absence de contentieux. Judilibre indisponible : 503 `amont_indisponible` ; sans identifiants PISTE : 503 `registre_non_configure` (non facturés). Mêmes refus que la fiche entreprise.',
  params: [sirenPathParam],
  price: 10_000,
  freeTier: true,
  errors: [...SIRENE_COVERAGE_ERRORS, 'amont_indisponible', 'registre_non_configure'],
  registers: [FR_JUDILIBRE_REGISTER, FR_SIRENE_REGISTER],
  projections: [unitesLegalesProjection.name],
  freshness: { code: 'photo_perimee' },
  responseSchema: contentieuxSchema,
  async handler(ctx, { knex, live, registers }) {
    const unit = await readCoveredUnit(knex, String(ctx.state.params?.siren));
    const info = registers.find((r) => r.code === FR_JUDILIBRE_REGISTER);
    const reader = live.french['fr.judilibre'];
    if (!reader) throw notConfigured(info, FR_JUDILIBRE_REGISTER);
    const company = { siren: unit.siren, denomination: unit.denomination };
    let found: JudilibreContentieux;
    try {
      found = await reader.contentieux(company);
    } catch (err) {
      throw upstreamDown(info, FR_JUDILIBRE_REGISTER, err);
    }
    const observations = [...found.searches, ...found.decisions.map((d) => d.observation)];
    const provenance: ProvenanceEntry[] = observations.map((o) => liveProvenance(FR_JUDILIBRE_REGISTER, o));
    const latest = [...observations].sort((a, b) => a.observedAt.localeCompare(b.observedAt)).at(-1)!;
    return {
      body: contentieuxBody(company, found),
      provenance,
      dataFreshness: liveFreshness(info?.nomCourt ?? FR_JUDILIBRE_REGISTER, latest, reader.maxAgeMs),
    };
  },
};
