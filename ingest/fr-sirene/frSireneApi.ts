import {
  FR_SIRENE_API_REGISTER,
  type LiveCompany,
  type SireneApiSearch,
} from '../../schemas/events/frSireneApiEvents.ts';
import { legalCategoryRefusal } from '../../schemas/legalForms/legalCategoryCoverage.ts';
import { createLiveQueryClient, type LiveQueryClient, type LiveQueryOptions } from '../core/liveQuery.ts';

/** The real public address of API Sirene 3.11 (portail-api.insee.fr). */
export const SIRENE_API_URL = 'https://api.insee.fr/api-sirene/3.11';
/** The header that carries the integration key of the INSEE API portal. */
export const SIRENE_API_KEY_HEADER = 'X-INSEE-Api-Key-Integration';

/** The fields asked of `/siret`: what a search result shows, and what decides whether it may be shown. */
const FIELDS = [
  'siren',
  'etablissementSiege',
  'statutDiffusionUniteLegale',
  'denominationUniteLegale',
  'etatAdministratifUniteLegale',
  'categorieJuridiqueUniteLegale',
  'activitePrincipaleUniteLegale',
  'codePostalEtablissement',
  'libelleCommuneEtablissement',
].join(',');

/** Words of a name as the API's query syntax accepts them: letters and digits only, at most 8 words. */
function queryWords(text: string): string[] {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toUpperCase()
    .split(/[^A-Z0-9]+/)
    .filter((w) => w.length > 0)
    .slice(0, 8);
}

/**
 * The `q` of a search: the head office of a SIREN, or the head offices whose company name (`raisonSociale`,
 * the API's multi-field name search) holds every word of the text.
 */
export function sireneApiQuery(request: { text: string; siren: string | null }): string | null {
  if (request.siren) return `siren:${request.siren} AND etablissementSiege:true`;
  const words = queryWords(request.text);
  if (words.length === 0) return null;
  return `${words.map((w) => `raisonSociale:${w}`).join(' AND ')} AND etablissementSiege:true`;
}

const text = (v: unknown): string | null => (typeof v === 'string' && v.trim() !== '' ? v : null);

/**
 * The companies of a `/siret` answer that the search may show: head offices of diffusible units (statut O;
 * a partially diffusible unit's values are `[ND]`) of a served legal category (legalCategoryCoverage.ts: never
 * a sole proprietor nor a group without legal personality). One per SIREN.
 */
export function liveCompaniesOf(record: unknown): LiveCompany[] {
  const list = (record as { etablissements?: unknown } | null)?.etablissements;
  const out = new Map<string, LiveCompany>();
  for (const e of Array.isArray(list) ? (list as Record<string, unknown>[]) : []) {
    const unit = (e.uniteLegale ?? {}) as Record<string, unknown>;
    const address = (e.adresseEtablissement ?? {}) as Record<string, unknown>;
    const siren = text(e.siren);
    const category = text(unit.categorieJuridiqueUniteLegale);
    if (!siren || !/^\d{9}$/.test(siren) || out.has(siren)) continue;
    if (e.etablissementSiege !== true || unit.statutDiffusionUniteLegale !== 'O') continue;
    if (!category || !/^\d{4}$/.test(category) || legalCategoryRefusal(category)) continue;
    out.set(siren, {
      siren,
      denomination: text(unit.denominationUniteLegale),
      etat: text(unit.etatAdministratifUniteLegale),
      activite_principale: text(unit.activitePrincipaleUniteLegale),
      commune: text(address.libelleCommuneEtablissement),
      code_postal: text(address.codePostalEtablissement),
    });
  }
  return [...out.values()];
}

/** Over a live client of the API: a 404 is INSEE's "no unit matches", an answer, not an outage. */
export function sireneApiSearch(client: LiveQueryClient): SireneApiSearch {
  return {
    async search(request) {
      const q = sireneApiQuery(request);
      if (!q) return { companies: [], total: 0, observedAt: new Date().toISOString(), url: '' };
      const answer = await client.get('/siret', { q, nombre: String(request.limit * 2), champs: FIELDS });
      const header = (answer.record as { header?: { total?: unknown } } | null)?.header;
      return {
        companies: answer.status === 200 ? liveCompaniesOf(answer.record) : [],
        total: answer.status === 200 && typeof header?.total === 'number' ? header.total : 0,
        observedAt: answer.observedAt,
        url: answer.url,
      };
    },
  };
}

/** The search fallback from the configuration: null when no integration key is configured. */
export function sireneApiSearchFromConfig(
  config: { key: string | null; url: string; timeoutMs: number },
  deps: Pick<LiveQueryOptions, 'store' | 'now' | 'fetch'>,
): SireneApiSearch | null {
  if (!config.key) return null;
  return sireneApiSearch(
    createLiveQueryClient({
      register: FR_SIRENE_API_REGISTER,
      baseUrl: config.url.replace(/\/+$/, ''),
      headers: { [SIRENE_API_KEY_HEADER]: config.key },
      timeoutMs: config.timeoutMs,
      retries: 1,
      // INSEE allows 30 requests a minute per key: a few in flight, a short queue, answers kept 10 minutes.
      concurrency: { max: 4, queue: 16 },
      cacheMs: 600_000,
      answerStatuses: [404],
      ...deps,
    }),
  );
}
