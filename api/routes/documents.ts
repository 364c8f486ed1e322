import type { Knex } from 'knex';
import type { LiveObservation } from '../../schemas/europe/euLiveRegister.ts';
import {
  FR_RNE_REGISTER,
  RNE_DOCUMENT_TYPES,
  type RneDocumentsRecord,
  type RneReader,
} from '../../schemas/events/frRneEvents.ts';
import { sirenPathParam } from '../../schemas/params/siren.ts';
import type { RegisterInfo } from '../../schemas/registerInfo.ts';
import { documentPdfSchema, documentsListSchema } from '../../schemas/responses/documents.ts';
import { formatPrice } from '../catalogue/price.ts';
import type { HandlerDeps, HandlerResult, ProvenanceEntry, RouteDefinition } from '../catalogue/route.ts';
import { notFound } from '../errors/apiError.ts';
import { readUnit } from './entreprise/readEtablissements.ts';
import { assertCovered, SIRENE_COVERAGE_ERRORS } from './entreprise/sireneCoverage.ts';
import { identityOf } from './entreprise/unitFields.ts';
import { liveFreshness, liveProvenance, notConfigured, upstreamDown } from './europeLive.ts';

/** $0.10 a filing (contract: French routes). */
export const DOCUMENT_PRICE = 100_000;
const DOCUMENTS_PRICE = 20_000;

/** The recorded filings list the samples and the demo (LIVE_REPLAY=1) answer (ingest/fr-rne/live/SOURCE.txt). */
const SAMPLE_SIREN = '535113062';
const SAMPLE_ACTE_ID = '63df98a28eded29cb31823ee';

const rneInfo = (deps: HandlerDeps): RegisterInfo | undefined =>
  deps.registers.find((r) => r.code === FR_RNE_REGISTER);

/** The RNE reader of this server, or 503 `registre_non_configure` (no INPI account configured). */
function rneOf(deps: HandlerDeps): RneReader {
  const rne = deps.live.french[FR_RNE_REGISTER];
  if (!rne) throw notConfigured(rneInfo(deps), FR_RNE_REGISTER);
  return rne;
}

/**
 * The Sirene name of the company, after the coverage rules every French company route applies (unknown,
 * restricted diffusion, sole proprietor… refused, not charged), when the service's Sirene copy holds the SIREN.
 * A SIREN it does not hold is read from the RNE alone, without a name: the filings' own `denomination` is
 * never served (it would name a sole trader).
 */
export async function coveredName(knex: Knex, siren: string): Promise<string | null> {
  const unit = await readUnit(knex, siren);
  if (!unit) return null;
  assertCovered(siren, unit, identityOf);
  return unit.denomination;
}

/** The filings list's members (contract: "French filings list"), from the RNE's record. */
export function filingsListOf(
  siren: string,
  denomination: string | null,
  record: RneDocumentsRecord,
  observation: LiveObservation,
): Record<string, unknown> {
  return {
    siren,
    denomination,
    actes: record.actes,
    bilans: record.bilans,
    bilans_confidentiels: record.bilans_confidentiels,
    total: record.actes.length + record.bilans.length,
    consulte_le: observation.observedAt,
    telechargement: {
      chemin: '/v1/documents/{type}/{id}',
      prix_usd: formatPrice(DOCUMENT_PRICE),
      note: 'Le PDF du dépôt, octet pour octet, signé ; `type` et `id` pris de cette liste. Clé d’API requise. / The filing’s PDF, byte for byte, signed; `type` and `id` from this list. API key required.',
    },
  };
}

/** The company's filings from the RNE, or why not (503 outage, 404 unknown to the RNE). */
export async function readFilings(
  siren: string,
  deps: HandlerDeps,
): Promise<{ record: RneDocumentsRecord; observation: LiveObservation; provenance: ProvenanceEntry }> {
  const rne = rneOf(deps);
  let answer: Awaited<ReturnType<RneReader['documents']>>;
  try {
    answer = await rne.documents(siren);
  } catch (err) {
    throw upstreamDown(rneInfo(deps), FR_RNE_REGISTER, err);
  }
  if (!answer.record.connu) {
    throw notFound(
      'entreprise_inconnue',
      `Le RNE (INPI) ne connaît pas le SIREN ${siren}. / The RNE (INPI) holds no such company.`,
      { siren },
    );
  }
  return { ...answer, provenance: liveProvenance(FR_RNE_REGISTER, answer.observation) };
}

export const documentsListRoute: RouteDefinition = {
  id: 'entreprise.documents',
  tool: {
    name: 'list_french_company_filings',
    title: 'Filings of a French company',
    description:
      "A French company's public filings at the INPI's RNE, by SIREN: acts (actes[]) and annual accounts (bilans[]) with their ids, filing dates and labels, the count of confidential accounts, and the download route of each PDF (download_french_company_filing).",
  },
  method: 'GET',
  path: '/v1/entreprise/{siren}/documents',
  summary:
    'Liste des dépôts publics d’une entreprise au RNE (INPI) : actes et comptes annuels, avec leur identifiant de téléchargement.',
  description:
    'Deux listes, `actes` et `bilans`, jamais un seul tableau. Seuls les dépôts que le RNE marque publics sont listés ; les comptes qu’il liste comme confidentiels sont comptés (`bilans_confidentiels`), jamais listés ; un dépôt qu’il marque supprimé n’est jamais servi. Lecture du RNE resservie 24 heures. RNE injoignable : 503 `amont_indisponible` ; pas de compte INPI sur le serveur : 503 `registre_non_configure`. Clé d’API requise (dépôts des registres).',
  params: [{ ...sirenPathParam, schema: { ...sirenPathParam.schema, examples: [SAMPLE_SIREN] } }],
  price: DOCUMENTS_PRICE,
  freeTier: false,
  keyOnly: true,
  errors: [...SIRENE_COVERAGE_ERRORS, 'amont_indisponible', 'registre_non_configure'],
  registers: [FR_RNE_REGISTER],
  projections: [],
  responseSchema: documentsListSchema,
  async handler(ctx, deps) {
    const siren = String(ctx.state.params?.siren);
    const denomination = await coveredName(deps.knex, siren);
    const { record, observation, provenance } = await readFilings(siren, deps);
    return {
      body: filingsListOf(siren, denomination, record, observation),
      provenance: [provenance],
      dataFreshness: liveFreshness('RNE', observation, rneOf(deps).maxAgeMs),
    };
  },
};

/** The headers that carry a PDF's provenance (no JSON envelope around a PDF). */
const PDF_HEADERS = {
  'X-Registre': 'Registre dont vient le document (`fr.rne`). / The register the document comes from.',
  'X-Registre-Document-Id': 'Identifiant du dépôt au RNE. / The filing’s RNE id.',
  'X-Registre-Url': 'Ce que le service a demandé au RNE. / What the service asked the RNE.',
  'X-Registre-Consulte-Le':
    'Quand le RNE a envoyé ces octets (resservis 24 h). / When the RNE sent these bytes (served again for 24 h).',
  'X-Registre-Sha256':
    'SHA-256 des octets tels que reçus du RNE, égal à celui du corps servi. / SHA-256 of the bytes as received, equal to the body’s.',
  'X-Citation': 'Une ligne à citer, encodée en pourcent (RFC 3986). / One line to cite, percent-encoded.',
  'Accept-Ranges': '`none` : un document se sert entier. / `none`: a document is served whole.',
};

export const documentDownloadRoute: RouteDefinition = {
  id: 'documents.telechargement',
  tool: {
    name: 'download_french_company_filing',
    title: 'French company filing as PDF',
    description:
      'The PDF of one filing at the INPI’s RNE, by type (actes or bilans) and id from list_french_company_filings; returned as an embedded PDF resource, signed over its bytes.',
  },
  method: 'GET',
  path: '/v1/documents/{type}/{id}',
  summary: 'Un dépôt au RNE (INPI) en PDF, octet pour octet, signé ; `type` et `id` pris de la liste.',
  description:
    'Le PDF tel que le RNE l’envoie (`Content-Type: application/pdf`), signé comme toute réponse payante (`Content-Digest` sur ses octets). Pas d’enveloppe JSON : la provenance est dans les en-têtes `X-Registre-*` et `X-Citation`. Pas de requête partielle : `Range` est ignoré, le document est servi entier (`Accept-Ranges: none`). Au-delà de la limite de taille du serveur (20 Mo par défaut) : 503 `amont_indisponible`, raison `trop_volumineux`, jamais tronqué. Identifiant inconnu du RNE : 404 `document_inconnu`. Réponse du RNE qui n’est pas un PDF : 503 `amont_indisponible`. Rien n’est facturé hors 2xx. Clé d’API requise.',
  params: [
    {
      name: 'type',
      in: 'path',
      required: true,
      description: '`actes` ou `bilans`. / Document type.',
      schema: { type: 'string', enum: [...RNE_DOCUMENT_TYPES], examples: ['actes'] },
    },
    {
      name: 'id',
      in: 'path',
      required: true,
      description:
        'Le membre `id` de la liste des documents (24 caractères hexadécimaux). / The `id` member from the filings list.',
      schema: { type: 'string', pattern: '^[0-9a-f]{24}$', examples: [SAMPLE_ACTE_ID] },
    },
  ],
  price: DOCUMENT_PRICE,
  freeTier: false,
  keyOnly: true,
  errors: ['document_inconnu', 'amont_indisponible', 'registre_non_configure'],
  registers: [FR_RNE_REGISTER],
  projections: [],
  contentType: 'application/pdf',
  responseHeaders: Object.fromEntries(
    Object.entries(PDF_HEADERS).map(([name, description]) => [
      name,
      { description, schema: { type: 'string' } },
    ]),
  ),
  responseSchema: documentPdfSchema,
  handler: downloadHandler,
};

async function downloadHandler(
  ctx: Parameters<RouteDefinition['handler']>[0],
  deps: HandlerDeps,
): Promise<HandlerResult> {
  const type = String(ctx.state.params?.type) as (typeof RNE_DOCUMENT_TYPES)[number];
  const id = String(ctx.state.params?.id);
  const rne = rneOf(deps);
  let pdf: Awaited<ReturnType<RneReader['download']>>;
  try {
    pdf = await rne.download(type, id);
  } catch (err) {
    throw upstreamDown(rneInfo(deps), FR_RNE_REGISTER, err);
  }
  if (!pdf) {
    throw notFound(
      'document_inconnu',
      `Le RNE (INPI) ne connaît pas le dépôt ${type}/${id}. / The RNE (INPI) holds no such filing.`,
      { type, id },
    );
  }
  const { observation } = pdf;
  const citation = `RNE (INPI), ${type} ${id}, lu le ${observation.observedAt.slice(0, 19)}Z, sha256 ${pdf.sha256.slice(0, 12)} — servi par Registres API`;
  ctx.set('X-Registre', FR_RNE_REGISTER);
  ctx.set('X-Registre-Document-Id', id);
  ctx.set('X-Registre-Url', observation.url);
  ctx.set('X-Registre-Consulte-Le', observation.observedAt);
  ctx.set('X-Registre-Sha256', pdf.sha256);
  ctx.set('X-Citation', encodeURIComponent(citation));
  ctx.set('Accept-Ranges', 'none');
  ctx.set('Content-Disposition', `inline; filename="rne-${type}-${id}.pdf"`);
  return { body: { bytes: pdf.bytes } };
}

export const DOCUMENTS_ROUTES: readonly RouteDefinition[] = [documentsListRoute, documentDownloadRoute];
