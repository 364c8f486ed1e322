import type { Knex } from 'knex';
import type { EuLocalCopy } from '../../projections/eu-profile/euLocalCopy.ts';
import {
  type CountryScope,
  countEntities,
  type ProfileMatch,
  searchProfiles,
} from '../../projections/eu-profile/searchProfiles.ts';
import type { EuLiveRegister } from '../../schemas/europe/euLiveRegister.ts';
import type { EuProfileRow } from '../../schemas/europe/euProfileRow.ts';
import { LiveUnavailableError } from '../../schemas/events/liveUnavailable.ts';
import { euProfileSchema, euSearchSchema } from '../../schemas/responses/europe.ts';
import type { MutedRegister, ProvenanceEntry, RouteDefinition } from '../catalogue/route.ts';
import { notFound, unavailable } from '../errors/apiError.ts';
import type { MotifPanne } from '../errors/errorCodes.ts';
import { type LiveHandlerExtras, liveCompany, liveProvenance } from './europeLive.ts';
import { SERVED_COMPANY_ERRORS, servedCompany } from './euServedCompany.ts';

const MAX_RESULTS = 10;
/**
 * Countries the worldwide LEI copy never answers for: France has its own routes (/v1/entreprise/{siren});
 * Germany and the Netherlands are out of scope of the European routes (contract, "What the service does").
 */
const WORLD_EXCLUDED: readonly string[] = ['FR', 'DE', 'NL'];
/** Time one local copy may take before it is reported mute (`delai_depasse`). */
const REGISTER_BUDGET_MS = 5000;
/**
 * Time a live register may take in a search: the search is served without it after this (listed mute,
 * `delai_depasse`), whatever the register's own timeout (bench live: p95 with one register hanging).
 */
const LIVE_SEARCH_BUDGET_MS = 1500;

/** Letters, digits and a few name punctuation marks; the rest is stripped. 1 to 100 characters remain. */
export function cleanSearchText(raw: string): string {
  return raw
    .normalize('NFC')
    .replace(/[^\p{L}\p{N}&'’.,\- ]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 100)
    .trim();
}

function withinBudget<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(Object.assign(new Error('budget exceeded'), { budget: true })), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

function motifOf(err: unknown): MotifPanne {
  if ((err as { budget?: boolean }).budget) return 'delai_depasse';
  const code = (err as { code?: string }).code ?? '';
  // Connection refused/reset or PostgreSQL "connection exception" class (08xxx), admin shutdown (57P01).
  if (/^(ECONN|ETIMEDOUT|08|57P0)/.test(code)) return 'base_indisponible';
  return 'copie_locale_illisible';
}

/**
 * The unified profile and the search across the European local copies, built for the countries the register
 * manifests declare (app/registers/): every text that names the countries is generated from that list.
 */
export function europeRoutes(
  copies: readonly EuLocalCopy[],
  live: readonly EuLiveRegister[] = [],
): RouteDefinition[] {
  const national = copies.filter((c) => !c.worldwide);
  const world = copies.find((c) => c.worldwide);
  const nationalPays = new Set([...national, ...live].map((c) => c.pays));
  const WORLD_TEXT = world ? ' ; autres pays : entités LEI (GLEIF), par LEI' : '';
  const PAYS_LIST = `${[...national, ...live].map((c) => c.pays).join(', ')}${WORLD_TEXT}`;
  const SOURCES_TEXT = `${national.map((c) => c.pays).join(', ')} depuis les copies locales${live.length ? `, ${live.map((l) => l.pays).join(', ')} en direct` : ''}${WORLD_TEXT}`;
  /** A country the worldwide copy answers for: no national register covers it, and it is in its scope. */
  const worldServes = (pays: string) =>
    world !== undefined && !nationalPays.has(pays) && !WORLD_EXCLUDED.includes(pays);
  const localCopyOf = (pays: string) => {
    const p = pays.toUpperCase();
    return national.find((c) => c.pays === p) ?? (worldServes(p) ? world : undefined);
  };
  const liveOf = (pays: string) => live.find((l) => l.pays === pays.toUpperCase());
  /** The copies a search reads: each national one of the country asked (all without one), and the worldwide copy. */
  const searchedCopies = (pays: string | null) =>
    copies.filter((c) =>
      c.worldwide ? pays === null || worldServes(pays) : pays === null || c.pays === pays,
    );
  /** The worldwide copy's matches stay in their own countries: none from a country a national register covers. */
  const worldScope = (pays: string | null): CountryScope =>
    pays === null ? { except: [...nationalPays, ...WORLD_EXCLUDED] } : { only: pays };

  /** 400 `pays_non_couvert` or `parametre_invalide` for an identifier that is not the country's format. */
  function checkCountryAndId(
    params: Record<string, unknown>,
  ): ReturnType<NonNullable<RouteDefinition['paramsCheck']>> {
    const copy = localCopyOf(String(params.pays)) ?? liveOf(String(params.pays));
    if (!copy) {
      return {
        error: 'pays_non_couvert',
        champ: 'pays',
        message: `Pays non couvert par cette route ; couverts : ${PAYS_LIST}. / Country not covered; covered: ${PAYS_LIST}.`,
      };
    }
    const id = copy.canonicalId ? copy.canonicalId(String(params.id)) : String(params.id);
    if (!copy.idPattern.test(id) || ('idCheck' in copy && copy.idCheck && !copy.idCheck(id))) {
      const pays = String(params.pays).toUpperCase();
      return { error: 'parametre_invalide', champ: 'id', message: `${pays} : ${copy.idDescription}.` };
    }
    return null;
  }

  const profileRoute: RouteDefinition = {
    id: 'eu.entreprise.profil',
    tool: {
      name: 'get_european_company',
      title: 'European company profile',
      description:
        "A company's unified profile by country and national identifier (European registers), or by LEI for a country no national register covers (GLEIF: large groups and financial entities worldwide): name, legal form, normalised status, creation date, head office, VAT and LEI.",
    },
    method: 'GET',
    path: '/v1/eu/entreprise/{pays}/{id}',
    summary: `Profil unifié d’une entreprise européenne (${SOURCES_TEXT}).`,
    description:
      'statut normalisé : actif, en_cessation, radie ; libellé source dans statut_detail. Personnes physiques et entrepreneurs individuels : 404 entreprise_individuelle_non_servie. Registre en direct : la réponse lue est inscrite au journal avant d’être servie, et la provenance nomme cette lecture (consulte_le, url, empreinte du corps) ; registre injoignable : 503 amont_indisponible, jamais une absence.',
    params: [
      {
        name: 'pays',
        in: 'path',
        required: true,
        description: `Code pays à 2 lettres (${PAYS_LIST}). / 2-letter country code.`,
        schema: { type: 'string', pattern: '^[A-Za-z]{2}$', examples: ['NO'] },
      },
      {
        name: 'id',
        in: 'path',
        required: true,
        description: `Identifiant national : ${[...copies, ...live].map((c) => `${c.pays} ${c.idLabel}`).join(', ')}. / National identifier.`,
        schema: { type: 'string', pattern: '^[0-9A-Za-z.\\-]{1,20}$', examples: ['998543118'] },
      },
    ],
    paramsCheck: checkCountryAndId,
    price: 10_000,
    freeTier: true,
    errors: [
      'pays_non_couvert',
      ...SERVED_COMPANY_ERRORS,
      ...(live.length
        ? (['forme_juridique_non_servie', 'amont_indisponible', 'registre_non_configure'] as const)
        : []),
    ],
    registers: [...copies.map((c) => c.register), ...live.map((l) => l.register)],
    // A live register has no snapshot to guard: its answer carries its own observation time.
    registersFor: (params) => {
      const copy = localCopyOf(String(params.pays ?? ''));
      return copy ? [copy.register] : [];
    },
    projections: copies.map((c) => c.projection),
    responseSchema: euProfileSchema,
    async handler(ctx, { knex, registers, live: sources }) {
      const pays = String(ctx.state.params?.pays).toUpperCase();
      const asked = String(ctx.state.params?.id);
      const copy = localCopyOf(pays);
      // A register keys its answers on the identifier as it publishes it, whatever the spelling asked.
      const canonical = (copy ?? liveOf(pays))?.canonicalId?.(asked) ?? asked;
      const id = copy?.resolveId ? await copy.resolveId(knex, canonical) : canonical;
      const register = copy?.register ?? liveOf(pays)!.register;
      const info = registers.find((r) => r.code === register);
      let row: EuProfileRow;
      let extras: LiveHandlerExtras = {};
      let block: Record<string, unknown> = {};
      if (copy) {
        row = await servedCompany(knex, copy.table, copy.worldwide ? pays : copy.pays, id);
        if (copy.worldwide && row.pays_adresse !== pays) {
          throw notFound(
            'entreprise_inconnue',
            `LEI ${id} : entité enregistrée en ${row.pays_adresse ?? '(pays non publié)'}, pas en ${pays}. / Entity registered in ${row.pays_adresse ?? '(country not published)'}, not ${pays}.`,
            { pays, id_national: id, pays_enregistrement: row.pays_adresse },
          );
        }
        const photo = (ctx.state.provenance ?? []).find((p) => p.registre === copy.register)?.date_photo;
        if (copy.profileBlock) block = await copy.profileBlock(knex, row.id_national, photo ?? null);
      } else {
        const read = await liveCompany(
          knex,
          liveOf(pays)!,
          sources.europe.get(liveOf(pays)!.register),
          info,
          id,
          new Date(),
        );
        row = read.row;
        extras = { provenance: [read.provenance], dataFreshness: read.dataFreshness };
      }
      return {
        ...extras,
        body: {
          pays,
          registre: info?.nomCourt ?? register,
          id_national: row.id_national,
          denomination: row.denomination,
          forme_juridique: { code: row.forme_code, libelle: row.forme_libelle },
          statut: row.statut,
          statut_detail: row.statut_detail,
          date_creation: row.date_creation,
          adresse_siege: {
            adresse: row.adresse,
            code_postal: row.code_postal,
            ville: row.ville,
            pays: row.pays_adresse,
          },
          identifiants: { tva: row.tva, lei: row.lei },
          lien_registre: row.lien_registre,
          ...block,
        },
      };
    },
  };

  const searchRoute: RouteDefinition = {
    id: 'eu.recherche',
    tool: {
      name: 'search_european_companies',
      title: 'Search European companies',
      description:
        'Search companies by name or national identifier across the European registers, local copies and live registers at once, and LEI entities (GLEIF) of the countries no national register covers; lists the registers that could not answer in time.',
    },
    method: 'GET',
    path: '/v1/eu/recherche',
    summary: `Recherche d’entreprises européennes par nom (${SOURCES_TEXT}).`,
    description:
      'Au plus 10 résultats. Un registre qui ne peut répondre (collecte en cours, photo périmée, lecture en échec) est listé dans registres_muets et la réponse vient des autres.',
    params: [
      {
        name: 'q',
        in: 'query',
        required: true,
        description:
          'Nom de l’entreprise (ou identifiant national), 1 à 100 caractères après nettoyage. / Company name or national identifier.',
        schema: { type: 'string', minLength: 1, maxLength: 300, examples: ['001 Kinnisvara'] },
      },
      {
        name: 'pays',
        in: 'query',
        required: false,
        description: `Restreint à un pays (${PAYS_LIST}). / Restrict to one country.`,
        schema: { type: 'string', pattern: '^[A-Za-z]{2}$' },
      },
    ],
    paramsCheck(params) {
      if (!cleanSearchText(String(params.q ?? ''))) {
        return {
          error: 'parametre_invalide',
          champ: 'q',
          message: 'Rien de cherchable dans « q » après nettoyage. / Nothing searchable left in q.',
        };
      }
      if (params.pays !== undefined && !localCopyOf(String(params.pays)) && !liveOf(String(params.pays))) {
        return {
          error: 'pays_non_couvert',
          champ: 'pays',
          message: `Pays non couvert par la recherche ; couverts : ${PAYS_LIST}. / Country not covered.`,
        };
      }
      return null;
    },
    price: 3000,
    freeTier: true,
    errors: ['pays_non_couvert', 'recherche_indisponible'],
    registers: [...copies.map((c) => c.register), ...live.map((l) => l.register)],
    registersFor: (params) =>
      searchedCopies(params.pays === undefined ? null : String(params.pays).toUpperCase()).map(
        (c) => c.register,
      ),
    freshnessDegrades: true,
    projections: copies.map((c) => c.projection),
    responseSchema: euSearchSchema,
    async handler(ctx, { knex, live: sources }) {
      const q = cleanSearchText(String(ctx.state.params?.q));
      const pays = ctx.state.params?.pays === undefined ? null : String(ctx.state.params.pays).toUpperCase();
      const provenance = ctx.state.provenance ?? [];
      const muted: MutedRegister[] = [...(ctx.state.registresMuets ?? [])];
      const fresh = searchedCopies(pays).filter((c) => provenance.some((p) => p.registre === c.register));
      // Started first: the live registers answer while the local copies are read. A live register this server
      // has no reader for (not configured) is not part of its coverage: not asked, not listed as mute.
      const askedLive = live.filter(
        (l) =>
          (pays === null || l.pays === pays) &&
          sources.europe.has(l.register) &&
          (sources.europe.get(l.register)!.searchesByName || l.idPattern.test(q)),
      );
      const liveSearches = Promise.allSettled(
        askedLive.map((l) =>
          withinBudget(sources.europe.get(l.register)!.search(q, MAX_RESULTS), LIVE_SEARCH_BUDGET_MS),
        ),
      );
      const answers = await Promise.allSettled(
        fresh.map((copy) => {
          const p = provenance.find((x) => x.registre === copy.register)!;
          return withinBudget(
            Promise.all([
              searchByIdOrName(knex, copy, q, copy.worldwide ? worldScope(pays) : undefined),
              countEntities(knex, copy.table, `${p.empreinte_sha256 ?? ''}|${p.version}`),
            ]),
            REGISTER_BUDGET_MS,
          );
        }),
      );
      const results: (ProfileMatch & { pays: string; registre: string })[] = [];
      /** A register that returned its whole allowance may hold more matches than were read. */
      let reachedLimit = false;
      const covered: { pays: string; registre: string; mode: string; entites?: number }[] = [];
      answers.forEach((answer, i) => {
        const copy = fresh[i]!;
        if (answer.status === 'rejected') {
          ctx.state.log.warn(
            { err: answer.reason, registre: copy.register },
            'european search: register mute',
          );
          muted.push({ registre: copy.register, motif: motifOf(answer.reason) });
          return;
        }
        const [matches, entites] = answer.value;
        if (matches.length >= MAX_RESULTS) reachedLimit = true;
        for (const m of matches) {
          results.push({
            ...m,
            pays: copy.worldwide ? (m.pays_adresse ?? '') : copy.pays,
            registre: copy.register,
          });
        }
        covered.push({
          pays: copy.worldwide ? (pays ?? copy.pays) : copy.pays,
          registre: copy.register,
          mode: 'copie_locale',
          entites,
        });
      });
      // The live registers, asked in parallel with the local copies above, within the same budget.
      const liveAnswers = await liveSearches;
      const liveProvenances: ProvenanceEntry[] = [];
      liveAnswers.forEach((answer, i) => {
        const reg = askedLive[i]!;
        if (answer.status === 'rejected') {
          ctx.state.log.warn(
            { err: answer.reason, registre: reg.register },
            'european search: live register mute',
          );
          muted.push({ registre: reg.register, motif: liveMotifOf(answer.reason) });
          return;
        }
        const { matches, observation } = answer.value;
        if (matches.length >= MAX_RESULTS) reachedLimit = true;
        for (const m of matches.slice(0, MAX_RESULTS))
          results.push({ ...m, pays: reg.pays, registre: reg.register });
        covered.push({ pays: reg.pays, registre: reg.register, mode: 'direct' });
        liveProvenances.push(liveProvenance(reg.register, observation));
      });
      if (covered.length === 0) {
        throw unavailable(
          'recherche_indisponible',
          'Aucun registre de la recherche européenne n’a pu répondre. / No register of the European search could answer.',
          { registres_muets: muted.map((m) => mutedEntry([...copies, ...live], m)) },
        );
      }
      // Provenance only of the registers that answered.
      ctx.state.provenance = [
        ...provenance.filter((p) => covered.some((c) => c.registre === p.registre)),
        ...liveProvenances,
      ];
      results.sort(
        (a, b) =>
          b.score - a.score || a.pays.localeCompare(b.pays) || a.id_national.localeCompare(b.id_national),
      );
      const served = results.slice(0, MAX_RESULTS);
      return {
        body: {
          nombre_resultats: served.length,
          registres_muets: muted.map((m) => mutedEntry([...copies, ...live], m)),
          listes_bornees: {
            resultats: {
              nombre_total: results.length,
              tronque: results.length > served.length,
              total_borne_basse: reachedLimit,
            },
          },
          resultats: served.map((r) => ({
            pays: r.pays,
            id_national: r.id_national,
            denomination: r.denomination,
            statut: r.statut,
            ville: r.ville,
            registre: r.registre,
            correspondance: r.correspondance,
            score_confiance: Math.round(Math.min(1, Math.max(0, r.score)) * 1000) / 1000,
          })),
          pays_couverts: covered,
        },
      };
    },
  };

  return [searchRoute, profileRoute];
}

/** A local copy's matches: an identifier as the table keys it (canonical, then resolved), or a name. */
async function searchByIdOrName(knex: Knex, copy: EuLocalCopy, q: string, countries?: CountryScope) {
  const canonical = copy.canonicalId ? copy.canonicalId(q) : q;
  let key = copy.idPattern.test(canonical) ? canonical : q;
  if (copy.resolveId && copy.idPattern.test(key)) key = await copy.resolveId(knex, key);
  return searchProfiles(knex, copy.table, key, {
    idPattern: copy.idPattern,
    limit: MAX_RESULTS,
    ...(countries ? { countries } : {}),
  });
}

/** Why a live register is mute in a search: no answer in time, or down (the closed list of `motif`). */
function liveMotifOf(err: unknown): MotifPanne {
  if ((err as { budget?: boolean }).budget) return 'delai_depasse';
  if (err instanceof LiveUnavailableError && err.reason === 'delai_depasse') return 'delai_depasse';
  return 'amont_indisponible';
}

function mutedEntry(copies: readonly { pays: string; register: string }[], m: MutedRegister) {
  return {
    pays: copies.find((c) => c.register === m.registre)?.pays ?? null,
    registre: m.registre,
    motif: m.motif,
  };
}
