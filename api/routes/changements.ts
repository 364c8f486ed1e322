import { LRUCache } from 'lru-cache';
import { bodaccRevision } from '../../projections/fr-bodacc-annonces/bodaccAnnoncesProjection.ts';
import { type LiveNotice, liveNoticesSince } from '../../projections/fr-bodacc-annonces/liveNotices.ts';
import { currentSireneStock } from '../../projections/fr-bodacc-annonces/sireneStock.ts';
import { dateQueryParam } from '../../schemas/params/date.ts';
import { sirenPathParam } from '../../schemas/params/siren.ts';
import { changementsSchema } from '../../schemas/responses/changements.ts';
import type { RouteDefinition } from '../catalogue/route.ts';
import { BODACC_NOTICE_SOURCES } from './bodaccNoticeSources.ts';
import { readCoveredUnit } from './entreprise/readCoveredUnit.ts';

/** Notices served per call; `nombre_total` counts them all. */
export const CHANGES_LIMIT = 100;
const HOUR_MS = 3_600_000;

interface CachedAnswer {
  /** What the answer was read at: the projection's checkpoint and the Sirene stock version. */
  token: string;
  storedAt: number;
  body: Record<string, unknown>;
}

/**
 * GET /v1/entreprise/{siren}/changements?depuis=YYYY-MM-DD. Answers are cached up to one hour per (siren,
 * depuis) in an LRU; an answer is used only while the BODACC projection's data revision (the position of the
 * last BODACC event it applied) and the Sirene stock are those it was read at, so any advance of the
 * projection over BODACC invalidates it at once. The checkpoint itself is not the token: it moves with every
 * event of the log, served responses included, which would void the cache on each call.
 */
export function createChangementsRoute(
  opts: { now?: () => Date; maxAgeMs?: number; maxEntries?: number } = {},
): RouteDefinition {
  const now = opts.now ?? (() => new Date());
  const maxAgeMs = opts.maxAgeMs ?? HOUR_MS;
  const cache = new LRUCache<string, CachedAnswer>({ max: opts.maxEntries ?? 10_000 });

  return {
    id: 'entreprise.changements',
    tool: {
      name: 'get_french_company_changes',
      title: 'BODACC changes of a French company since a date',
      description:
        'The changes published in the BODACC gazette for a French company since a date (modifications, transfers, radiations, collective proceedings), by SIREN.',
    },
    method: 'GET',
    path: '/v1/entreprise/{siren}/changements',
    summary:
      'Nouvelles annonces BODACC d’une entreprise depuis une date, et disponibilité d’un stock Sirene plus récent.',
    description:
      'Annonces en vigueur parues depuis `depuis` (incluse), la plus récente d’abord, 100 au plus. Une annonce annulée ou remplacée par un rectificatif n’est pas servie. Mêmes refus que la fiche entreprise (non facturés). Détecte les nouvelles publications, pas les modifications champ par champ de la fiche. Réponse mise en cache une heure au plus par (siren, depuis), invalidée dès que la projection avance.',
    params: [
      sirenPathParam,
      dateQueryParam(
        'depuis',
        'Date de parution à partir de laquelle chercher (AAAA-MM-JJ, incluse). / Publication date to look from (inclusive).',
      ),
    ],
    price: 10_000,
    freeTier: true,
    ...BODACC_NOTICE_SOURCES,
    responseSchema: changementsSchema,
    async handler(ctx, { knex }) {
      const siren = String(ctx.state.params?.siren);
      const depuis = String(ctx.state.params?.depuis);
      const unit = await readCoveredUnit(knex, siren);
      const key = `${siren}|${depuis}`;
      const sirene = await currentSireneStock(knex);
      const token = `${await bodaccRevision(knex)}|${sirene?.version ?? ''}|${sirene?.completedAt ?? ''}`;
      const at = now().getTime();
      const hit = cache.get(key);
      if (hit && hit.token === token && at - hit.storedAt < maxAgeMs) {
        ctx.set('X-Cache', 'HIT');
        return { body: hit.body };
      }
      const { total, notices } = await liveNoticesSince(knex, { siren, since: depuis, limit: CHANGES_LIMIT });
      const body = {
        siren,
        denomination: unit.denomination,
        depuis,
        nouveaux_evenements_bodacc: {
          nombre: notices.length,
          nombre_total: total,
          tronque: total > notices.length,
          annonces: notices.map(changeItem),
          listes_bornees: {
            annonces: { nombre_total: total, tronque: total > notices.length, total_borne_basse: false },
          },
        },
        changements_fiche: {
          disponible: sirene !== null && sirene.snapshotDate > depuis,
          version_stock_courant: sirene?.version ?? null,
        },
      };
      cache.set(key, { token, storedAt: at, body });
      ctx.set('X-Cache', 'MISS');
      return { body };
    },
  };
}

function changeItem(n: LiveNotice) {
  return {
    id: n.id,
    date_parution: n.date_parution,
    type_avis: n.type_avis,
    tribunal: n.tribunal,
    jugement: n.jugement,
    publication: n.publication ? `BODACC ${n.publication}` : null,
    famille: n.famille,
    avis_precedent: n.type_avis === 'rectificatif' ? n.precedent_id : null,
  };
}

export const changementsRoute = createChangementsRoute();
