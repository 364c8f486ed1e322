import type { Knex } from 'knex';
import { liveNoticesSince } from '../../projections/fr-bodacc-annonces/liveNotices.ts';
import { currentSireneStock } from '../../projections/fr-bodacc-annonces/sireneStock.ts';
import {
  WATCH_ATTEMPTS,
  WATCH_CHANGES,
  WATCHED_ENTITIES,
  WATCHES,
} from '../../projections/surveillance/watchesSchema.ts';
import { dateQueryParam } from '../../schemas/params/date.ts';
import {
  WATCH_ID_PATTERN,
  watchAnnouncementsSchema,
  watchDeliveriesSchema,
  watchSchema,
} from '../../schemas/responses/surveillance.ts';
import type { ParamDefinition, RouteContext, RouteDefinition } from '../catalogue/route.ts';
import { ApiError, notFound } from '../errors/apiError.ts';
import { FRANCE } from '../surveillance/watchableCountries.ts';
import { provesOwnership, type WatchOwnerRow } from '../surveillance/watchOwnerProof.ts';
import { CHANGES_LIMIT } from './changements.ts';
import { readCoveredUnit } from './entreprise/readCoveredUnit.ts';

export interface WatchRoutesDeps {
  /** The account of an issued key (with payment); absent: only an x402 payer's proof opens a watch. */
  accountOf?: (key: string) => Promise<string | null>;
  now?: () => Date;
}

interface WatchRow extends WatchOwnerRow {
  id: string;
  jours: number;
  cree_le: Date;
  fin: Date;
  prix_par_entite: string;
  prix: string;
  webhook_url: string | null;
}

const watchIdParam: ParamDefinition = {
  name: 'id',
  in: 'path',
  required: true,
  description:
    'Identifiant de la surveillance (rendu à sa création). / The watch id returned when it was created.',
  // No example: a watch exists only for its owner (the registry's example calls would answer 404).
  schema: { type: 'string', pattern: WATCH_ID_PATTERN },
};

const OWNER_AUTH =
  'Gratuit pour le propriétaire : une clé d’API du compte qui l’a créée (X-Api-Key ou Authorization: Bearer), ou, pour une surveillance payée en x402, l’adresse du payeur prouvée par sa signature (X-Payeur-Adresse, X-Payeur-Horodatage, X-Payeur-Signature : docs/http.md). Inconnue, finie ou d’un autre : 404 surveillance_inconnue, sans dire laquelle.';

const free = { price: 0, freeTier: false, registers: [] as string[], projections: [] as string[] };

const unknownWatch = () =>
  notFound(
    'surveillance_inconnue',
    'Surveillance inconnue, arrivée à sa fin, ou dont vous n’êtes pas le propriétaire. / Unknown watch, ended, or not yours.',
  );

/** The watch the request names, if it is live and the request proves it owns it; the 404 otherwise. */
async function ownedWatch(
  ctx: RouteContext,
  knex: Knex,
  deps: WatchRoutesDeps,
  now: Date,
): Promise<WatchRow> {
  const id = String(ctx.state.params?.id);
  const row = await knex(WATCHES)
    .where({ id })
    .first<WatchRow | undefined>(
      'id',
      'jours',
      'cree_le',
      'fin',
      'prix_par_entite',
      'prix',
      'webhook_url',
      'proprietaire_compte',
      'proprietaire_payeur',
    );
  if (!row || new Date(row.fin).getTime() <= now.getTime()) throw unknownWatch();
  const owner = await provesOwnership(ctx, id, row, {
    ...(deps.accountOf ? { accountOf: deps.accountOf } : {}),
    now,
  });
  if (!owner) throw unknownWatch();
  // The owner's own facts: never kept by a shared cache.
  ctx.set('Cache-Control', 'private, no-store');
  return row;
}

const entitiesOf = (knex: Knex, watchId: string) =>
  knex(WATCHED_ENTITIES)
    .where({ surveillance: watchId })
    .orderBy('rang')
    .select<{ pays: string; id: string }[]>('pays', 'id');

/**
 * `GET /v1/surveillance/{id}`, `/annonces?depuis=` and `/livraisons`: a watch, what changed for its entities,
 * and its webhook deliveries. Free to its owner; the creation (`POST /v1/surveillance/creer`) is priced.
 */
export function watchRoutes(deps: WatchRoutesDeps = {}): RouteDefinition[] {
  const clock = deps.now ?? (() => new Date());
  return [
    {
      ...free,
      id: 'surveillance',
      method: 'GET',
      path: '/v1/surveillance/{id}',
      summary:
        'Une surveillance : ses entités, sa fin, son état. / A watch: its entities, end date and state.',
      description: OWNER_AUTH,
      params: [watchIdParam],
      errors: ['surveillance_inconnue'],
      responseSchema: watchSchema,
      async handler(ctx, { knex }) {
        const w = await ownedWatch(ctx, knex, deps, clock());
        return {
          body: {
            surveillance: w.id,
            etat: 'active',
            entites: await entitiesOf(knex, w.id),
            jours: w.jours,
            cree_le: new Date(w.cree_le).toISOString(),
            fin: new Date(w.fin).toISOString(),
            prix: { par_entite: Number(w.prix_par_entite), total: Number(w.prix) },
            webhook_url: w.webhook_url,
          },
        };
      },
    },
    {
      ...free,
      id: 'surveillance.annonces',
      method: 'GET',
      path: '/v1/surveillance/{id}/annonces',
      summary:
        'Ce qui a changé depuis une date pour chaque entité surveillée. / What changed since a date for every watched entity.',
      description: `Pour un SIREN, la forme de GET /v1/entreprise/{siren}/changements (annonces BODACC en vigueur parues depuis la date, stock Sirene plus récent), plus les changements constatés au journal (annonces, modifications et retraits de fiche, observations en direct qui diffèrent de la précédente), 100 au plus par entité, les plus récents d’abord. ${OWNER_AUTH}`,
      params: [
        watchIdParam,
        dateQueryParam(
          'depuis',
          'Date à partir de laquelle chercher (AAAA-MM-JJ, incluse). / Date to look from.',
        ),
      ],
      errors: ['surveillance_inconnue'],
      responseSchema: watchAnnouncementsSchema,
      async handler(ctx, { knex }) {
        const w = await ownedWatch(ctx, knex, deps, clock());
        const depuis = String(ctx.state.params?.depuis);
        const entities = await entitiesOf(knex, w.id);
        const sirene = entities.some((e) => e.pays === FRANCE) ? await currentSireneStock(knex) : null;
        const entites = [];
        for (const e of entities) {
          const recorded = await recordedChanges(knex, w.id, e, depuis);
          entites.push(
            e.pays === FRANCE
              ? {
                  pays: e.pays,
                  id: e.id,
                  ...(await frenchChanges(knex, e.id, depuis, sirene)),
                  changements_constates: recorded,
                }
              : { pays: e.pays, id: e.id, changements_constates: recorded },
          );
        }
        return { body: { surveillance: w.id, depuis, fin: new Date(w.fin).toISOString(), entites } };
      },
    },
    {
      ...free,
      id: 'surveillance.livraisons',
      method: 'GET',
      path: '/v1/surveillance/{id}/livraisons',
      summary:
        'Les livraisons de webhook d’une surveillance et chacune de leurs tentatives. / A watch’s webhook deliveries and their attempts.',
      description: OWNER_AUTH,
      params: [watchIdParam],
      errors: ['surveillance_inconnue'],
      responseSchema: watchDeliveriesSchema,
      async handler(ctx, { knex }) {
        const w = await ownedWatch(ctx, knex, deps, clock());
        const livraisons = await deliveriesOf(knex, w.id);
        return { body: { surveillance: w.id, nombre: livraisons.length, livraisons } };
      },
    },
  ];
}

/** The contract's "New announcements since a date" for one SIREN (the reader of GET …/changements). */
async function frenchChanges(
  knex: Knex,
  siren: string,
  depuis: string,
  sirene: Awaited<ReturnType<typeof currentSireneStock>>,
) {
  const { total, notices } = await liveNoticesSince(knex, { siren, since: depuis, limit: CHANGES_LIMIT });
  return {
    siren,
    denomination: await denominationOf(knex, siren),
    depuis,
    nouveaux_evenements_bodacc: {
      nombre: notices.length,
      nombre_total: total,
      tronque: total > notices.length,
      annonces: notices.map((n) => ({
        id: n.id,
        date_parution: n.date_parution,
        type_avis: n.type_avis,
        tribunal: n.tribunal,
        jugement: n.jugement,
        publication: n.publication ? `BODACC ${n.publication}` : null,
        famille: n.famille,
        avis_precedent: n.type_avis === 'rectificatif' ? n.precedent_id : null,
      })),
      listes_bornees: {
        annonces: { nombre_total: total, tronque: total > notices.length, total_borne_basse: false },
      },
    },
    changements_fiche: {
      disponible: sirene !== null && sirene.snapshotDate > depuis,
      version_stock_courant: sirene?.version ?? null,
    },
  };
}

/**
 * The company's name where the profile would serve it; null for what the profile refuses (a sole trader, whose
 * name is a person's; restricted diffusion; not in the stock): a watch still reports their notices.
 */
async function denominationOf(knex: Knex, siren: string): Promise<string | null> {
  try {
    return (await readCoveredUnit(knex, siren)).denomination ?? null;
  } catch (err) {
    if (err instanceof ApiError) return null;
    throw err;
  }
}

async function recordedChanges(knex: Knex, watchId: string, e: { pays: string; id: string }, depuis: string) {
  const { rows } = await knex.raw<{
    rows: {
      livraison: string;
      registre: string;
      genre: string;
      constate_le: Date;
      detail: unknown;
      total: string;
    }[];
  }>(
    `select livraison, registre, genre, constate_le, detail, count(*) over () as total
       from ${WATCH_CHANGES}
      where surveillance = ? and pays = ? and id = ? and constate_le >= ?::date
      order by position desc limit ${CHANGES_LIMIT}`,
    [watchId, e.pays, e.id, depuis],
  );
  const total = rows.length > 0 ? Number(rows[0]!.total) : 0;
  return {
    nombre: rows.length,
    nombre_total: total,
    tronque: total > rows.length,
    changements: rows.map((r) => ({
      livraison: r.livraison,
      registre: r.registre,
      genre: r.genre,
      constate_le: new Date(r.constate_le).toISOString(),
      detail: r.detail,
    })),
  };
}

async function deliveriesOf(knex: Knex, watchId: string) {
  const rows = await knex(WATCH_ATTEMPTS)
    .where({ surveillance: watchId })
    .orderBy([
      { column: 'tente_le', order: 'asc' },
      { column: 'tentative', order: 'asc' },
    ])
    .select<
      {
        livraison: string;
        tentative: number;
        pays: string;
        id: string;
        tente_le: Date;
        issue: string;
        statut_http: number | null;
        erreur: string | null;
        prochaine_tentative: Date | null;
      }[]
    >();
  const byDelivery = new Map<
    string,
    { livraison: string; entite: { pays: string; id: string }; etat: string; tentatives: unknown[] }
  >();
  for (const r of rows) {
    let d = byDelivery.get(r.livraison);
    if (!d) {
      d = { livraison: r.livraison, entite: { pays: r.pays, id: r.id }, etat: 'en_attente', tentatives: [] };
      byDelivery.set(r.livraison, d);
    }
    d.etat =
      r.issue === 'livre'
        ? 'livre'
        : r.issue === 'abandon'
          ? 'abandon'
          : d.etat === 'livre'
            ? 'livre'
            : 'en_attente';
    d.tentatives.push({
      tentative: r.tentative,
      tente_le: new Date(r.tente_le).toISOString(),
      issue: r.issue,
      statut_http: r.statut_http,
      erreur: r.erreur,
      prochaine_tentative: r.prochaine_tentative ? new Date(r.prochaine_tentative).toISOString() : null,
    });
  }
  return [...byDelivery.values()].reverse();
}
