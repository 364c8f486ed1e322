import type {
  EuLiveRegister,
  LiveDetailAnswer,
  LiveObservation,
} from '../../schemas/europe/euLiveRegister.ts';
import { LiveFilingUnreadError } from '../../schemas/europe/liveFilingUnread.ts';
import type { JsonSchema, ParamDefinition, ProvenanceEntry, RouteDefinition } from '../catalogue/route.ts';
import { notFound, unavailable } from '../errors/apiError.ts';
import type { ErrorCode } from '../errors/errorCodes.ts';
import { liveFreshness, liveProvenance, notConfigured, upstreamDown } from './europeLive.ts';

/** A European register queried live, as its detail routes need it. */
export interface EuropeanLiveDetailRegister
  extends Pick<
    EuLiveRegister,
    'pays' | 'register' | 'idPattern' | 'idCheck' | 'canonicalId' | 'idDescription' | 'maxAgeMs'
  > {
  /** The path parameter that names the company (`ico`), with its examples (a recorded company). */
  idParam: ParamDefinition;
  /** The country's adjective in English, for the MCP tools' names (`slovak`). */
  adjective: string;
}

/** One detail route of a live register: its catalogue entry; the reading is its reader's `details[segment]`. */
export interface LiveDetailSpec {
  /** Path after the company (`comptes`, `comptes/{date_cloture}`): also the key of the reader's `details`. */
  segment: string;
  /** Last part of the route's id (`eu.sk.<idSuffix>`). */
  idSuffix: string;
  /** Path parameters of the segment, beyond the company's. */
  params?: ParamDefinition[];
  tool: { name: string; title: string; description: string };
  summary: string;
  description?: string;
  price: number;
  responseSchema: JsonSchema;
  /** The codes only this route answers (its own outages), beyond every live detail route's. */
  errors?: readonly ErrorCode[];
}

const LIVE_DETAIL_ERRORS = [
  'entreprise_inconnue',
  'entreprise_individuelle_non_servie',
  'forme_juridique_non_servie',
  'element_inconnu',
  'amont_indisponible',
  'registre_non_configure',
] as const satisfies readonly ErrorCode[];

/**
 * The detail routes of a live register: each asks the register's reader (which appends every upstream answer
 * to the log before it is read), refuses what is not served (unknown, natural person, undecided form, an item
 * the register does not hold), and answers `pays`, `id_national`, the route's members, then `consulte_le` (the
 * latest observation read) and the register's `licence`. Its provenance
 * names every observation the members come from; an outage is 503 and never charged.
 */
export function europeanLiveDetailRoutes(
  register: EuropeanLiveDetailRegister,
  specs: readonly LiveDetailSpec[],
): RouteDefinition[] {
  const { pays, idParam } = register;
  return specs.map((spec) => ({
    id: `eu.${pays.toLowerCase()}.${spec.idSuffix}`,
    tool: spec.tool,
    method: 'GET' as const,
    path: `/v1/eu/entreprise/${pays}/{${idParam.name}}/${spec.segment}`,
    summary: spec.summary,
    ...(spec.description === undefined ? {} : { description: spec.description }),
    params: [idParam, ...(spec.params ?? [])],
    paramsCheck(params) {
      const id = String(params[idParam.name]);
      if (!register.idPattern.test(id) || (register.idCheck && !register.idCheck(id))) {
        return {
          error: 'parametre_invalide',
          champ: idParam.name,
          message: `${pays} : ${register.idDescription}.`,
        };
      }
      return null;
    },
    price: spec.price,
    freeTier: true,
    errors: [...LIVE_DETAIL_ERRORS, ...(spec.errors ?? [])],
    registers: [register.register],
    // A live register has no snapshot to guard: its answer carries its own observation times.
    projections: [],
    responseSchema: spec.responseSchema,
    async handler(ctx, { registers, live }) {
      const asked = String(ctx.state.params?.[idParam.name]);
      const id = register.canonicalId?.(asked) ?? asked;
      const info = registers.find((r) => r.code === register.register);
      const read = live.europe.get(register.register)?.details?.[spec.segment];
      if (!read) throw notConfigured(info, register.register);
      const params = Object.fromEntries(
        (spec.params ?? []).map((p) => [p.name, String(ctx.state.params?.[p.name])]),
      );
      let answer: LiveDetailAnswer;
      try {
        answer = await read(id, params);
      } catch (err) {
        if (err instanceof LiveFilingUnreadError) {
          throw unavailable(
            err.code,
            `${pays} ${id} : ${err.message} Rien n’est facturé ; réessayez plus tard. / Nothing is charged; retry later.`,
            { registre: register.register, depot: err.filing },
          );
        }
        throw upstreamDown(info, register.register, err);
      }
      const where = { pays, id_national: id, consulte_le: latest(answer.observations) };
      switch (answer.outcome) {
        case 'inconnu':
          throw notFound(
            'entreprise_inconnue',
            `${pays} ${id} : inconnu du registre. / Not in the register.`,
            where,
          );
        case 'personne_physique':
          throw notFound(
            'entreprise_individuelle_non_servie',
            `${pays} ${id} : entrepreneur individuel ou personne physique, non servi. / Sole trader or natural person: not served.`,
            where,
          );
        case 'forme_indecise':
          throw notFound(
            'forme_juridique_non_servie',
            `${pays} ${id} : forme juridique ${answer.forme_code ?? 'absente'} qui ne dit pas s’il s’agit d’une personne morale ; non servie. / Legal form that does not decide; not served.`,
            { ...where, forme_code: answer.forme_code },
          );
        case 'element_absent':
          throw notFound('element_inconnu', answer.message, { ...where, champ: answer.champ });
        default:
          break;
      }
      const oldest = [...answer.observations].sort((a, b) => a.observedAt.localeCompare(b.observedAt))[0];
      return {
        body: {
          pays,
          id_national: id,
          ...answer.members,
          consulte_le: answer.members.consulte_le ?? latest(answer.observations),
          licence: info?.licence ?? null,
        },
        provenance: provenanceOf(register.register, answer.observations),
        ...(oldest
          ? { dataFreshness: liveFreshness(info?.nomCourt ?? register.register, oldest, register.maxAgeMs) }
          : {}),
      };
    },
  }));
}

const latest = (observations: readonly LiveObservation[]) =>
  observations.reduce<string | null>((m, o) => (m === null || o.observedAt > m ? o.observedAt : m), null);

/** One provenance entry per upstream answer read, in the order read (the same question once). */
function provenanceOf(register: string, observations: readonly LiveObservation[]): ProvenanceEntry[] {
  const seen = new Set<string>();
  return observations.flatMap((o) => {
    if (seen.has(o.url)) return [];
    seen.add(o.url);
    return [liveProvenance(register, o)];
  });
}
