import { DRAPEAUX_INTELLIGENCE } from '../../../schemas/enums/drapeauxIntelligence.ts';
import { FR_JUDILIBRE_REGISTER } from '../../../schemas/events/frJudilibreEvents.ts';
import { FR_RNE_REGISTER } from '../../../schemas/events/frRneEvents.ts';
import { FR_SIRENE_REGISTER } from '../../../schemas/events/frSireneEvents.ts';
import { GLEIF_REGISTER } from '../../../schemas/events/gleifEvents.ts';
import { sirenPathParam } from '../../../schemas/params/siren.ts';
import { intelligencePdfSchema, intelligenceSchema } from '../../../schemas/responses/intelligence.ts';
import type { RouteDefinition } from '../../catalogue/route.ts';
import { SIRENE_COVERAGE_ERRORS } from '../entreprise/sireneCoverage.ts';
import { SIRENE_FRESHNESS, SIRENE_PROJECTIONS } from '../entreprise.ts';
import { readScoreBlock } from '../score/scoreBlock.ts';
import { NO_SCORE_MODEL as NO_SCORE_SOURCE } from '../score/scoreModelSource.ts';
import {
  type BlocIntelligence,
  INTELLIGENCE_BLOCK_SOURCES,
  type IntelligenceBlockSource,
} from './intelligenceBlocks.ts';
import { pdfHeadersOf, renderIntelligencePdf } from './intelligencePdf.ts';
import { readIntelligence } from './readIntelligence.ts';
import { NO_SCORE_MODEL, type ScorePort } from './scorePort.ts';
import { createSectorMediansCache } from './sectorMedians.ts';

/** How many drivers the report's score names. */
const SCORE_DRIVERS = 5;

/** $1.00 (contract). */
export const INTELLIGENCE_PRICE = 1_000_000;

const unique = <T>(values: Iterable<T>): T[] => [...new Set(values)];

const PDF_HEADERS = {
  'X-Citation':
    'La citation de la réponse JSON dont le PDF est rendu, encodée en pourcent (RFC 3986). / The citation, percent-encoded.',
  'X-Registre-Provenance':
    'Le `provenance[]` de la réponse JSON, en JSON encodé en pourcent. / The JSON answer’s provenance, percent-encoded JSON.',
  'Content-Disposition': '`inline; filename="intelligence-{siren}.pdf"`.',
};

/**
 * GET /v1/intelligence/{siren}, built from its block sources and the score model the app wires (a test wires
 * its own). JSON by default; `Accept: application/pdf` serves the same answer rendered as a PDF.
 */
export function intelligenceRouteOf(
  opts: { score?: ScorePort; sources?: Record<BlocIntelligence, IntelligenceBlockSource> } = {},
): RouteDefinition {
  const sources = opts.sources ?? INTELLIGENCE_BLOCK_SOURCES;
  const score = opts.score ?? NO_SCORE_MODEL;
  const medians = createSectorMediansCache();
  const localRegisters = unique(Object.values(sources).flatMap((s) => s.registers));
  return {
    id: 'intelligence.entreprise',
    tool: {
      name: 'get_french_company_intelligence',
      title: 'Intelligence report on a French company',
      description:
        'Everything the service knows about a French company by SIREN, joined: profile, establishments, officers (legal persons named, natural persons counted by role), LEI group, five years of filed accounts with ratios against the NAF division median and their trends, the risk score, collective proceedings and the BODACC changes timeline, French and EU public contracts, EU research funding, approvals (RGE, Qualiopi), court decisions (Judilibre), the RNE filings list, its lobbying registration (HATVP) and its French trademarks and patents (INPI); a synthesis of computed facts and flags. Each block not served is named in blocs_absents with its reason.',
    },
    method: 'GET',
    path: '/v1/intelligence/{siren}',
    summary:
      'Rapport d’intelligence sur une entreprise française : tout ce que le service sait, joint, avec une synthèse calculée ; en JSON ou en PDF signé.',
    description: [
      'Mêmes refus que la fiche entreprise (non facturés) : seule la photo Sirene peut refuser le rapport (503). Chaque autre source qui ne peut répondre (copie locale absente ou trop ancienne, registre en direct injoignable ou non configuré) rend son bloc absent, nommé dans `blocs_absents` avec sa raison ; le rapport est servi sans lui, au même prix.',
      'Comptes : les cinq dernières clôtures (export ratios INPI-BCE), marge d’EBE, marge nette et BFR sur CA face à la médiane de la division NAF pour la même année, et leur tendance. Dirigeants personnes physiques comptés par fonction, jamais nommés. La `synthese` ne contient que des faits calculés des blocs servis ; ses drapeaux forment une liste fermée : ' +
        DRAPEAUX_INTELLIGENCE.map((d) => `${d.code} (${d.regle.split(' / ')[0]})`).join(' ; ') +
        '.',
      'Avec `Accept: application/pdf`, le même rapport rendu en PDF depuis la réponse JSON (mêmes octets pour la même réponse), signé sur ses octets (`Content-Digest`), au même prix ; citation et provenance dans les en-têtes `X-Citation` et `X-Registre-Provenance`.',
    ].join(' '),
    params: [sirenPathParam],
    price: INTELLIGENCE_PRICE,
    freeTier: false,
    errors: [...SIRENE_COVERAGE_ERRORS, 'compte_incoherent'],
    registers: unique([
      FR_SIRENE_REGISTER,
      ...localRegisters,
      FR_RNE_REGISTER,
      GLEIF_REGISTER,
      FR_JUDILIBRE_REGISTER,
    ]),
    // Sirene names the company: stale, it refuses the report. A block's copy that is stale makes it absent.
    registersFor: () => unique([FR_SIRENE_REGISTER, ...localRegisters]),
    freshnessDegrades: localRegisters.filter((code) => code !== FR_SIRENE_REGISTER),
    projections: unique([
      ...SIRENE_PROJECTIONS,
      ...Object.values(sources).flatMap((s) => s?.projections ?? []),
    ]),
    freshness: SIRENE_FRESHNESS,
    responseSchema: intelligenceSchema,
    alternate: {
      contentType: 'application/pdf',
      schema: intelligencePdfSchema,
      description:
        'Le rapport en PDF, rendu de la réponse JSON, signé sur ses octets. / The report as a PDF rendered from the JSON answer, signed over its bytes.',
      responseHeaders: Object.fromEntries(
        Object.entries(PDF_HEADERS).map(([name, description]) => [
          name,
          { description, schema: { type: 'string' } },
        ]),
      ),
      tool: {
        name: 'get_french_company_intelligence_report',
        title: 'Intelligence report on a French company as PDF',
        description:
          'The intelligence report on a French company by SIREN (get_french_company_intelligence) rendered as a signed PDF: the same answer, the same price.',
      },
      async render(answer) {
        return { bytes: await renderIntelligencePdf(answer), headers: pdfHeadersOf(answer) };
      },
    },
    handler: (ctx, deps) => readIntelligence(ctx, deps, sources, { score, medians }),
  };
}

/**
 * The report the service serves: scored with the model it holds (HandlerDeps.scoreModel), with the score's five
 * main drivers (`facteurs`: each feature's contribution to the log-odds, docs/score.md).
 */
export const intelligenceRoute: RouteDefinition = intelligenceRouteOf({
  score: {
    score: (deps, siren, now) =>
      readScoreBlock(deps.knex, siren, now, deps.scoreModel ?? NO_SCORE_SOURCE, { drivers: SCORE_DRIVERS }),
  },
});
