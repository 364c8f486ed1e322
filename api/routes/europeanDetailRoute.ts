import type { Knex } from 'knex';
import type { EuProfileRow } from '../../schemas/europe/euProfileRow.ts';
import type { JsonSchema, ParamDefinition, RouteDefinition } from '../catalogue/route.ts';
import type { ErrorCode } from '../errors/errorCodes.ts';
import {
  detailFooter,
  detailHeader,
  measuredBy,
  SERVED_COMPANY_ERRORS,
  servedCompany,
} from './euServedCompany.ts';

/** A European register held as a local copy, as its detail routes need it. */
export interface EuropeanDetailRegister {
  /** ISO country code, upper case (`EE`): in paths and in the body's `pays`. */
  pays: string;
  /** Register code (the register dictionary's), whose snapshot and licence the footer gives. */
  register: string;
  /** Name of the projection that stands behind the routes. */
  projection: string;
  /** Table of the companies' profiles (`servedCompany`). */
  profilesTable: string;
  /** Table of the files each pass read (the measured flag). */
  filesTable: string;
  /** The path parameter that names the company (its `check`: a check digit the pattern cannot see). */
  idParam: ParamDefinition;
  /** The country's adjective in English, for the MCP tools' names (`estonian`). */
  adjective: string;
  /** Members every detail body of the register carries right after the header (e.g. the legal form). */
  header?: (company: EuProfileRow) => Record<string, unknown>;
  /**
   * A second identifier resolved to the profiles' key, as the unified profile resolves it (the register's
   * `resolveId`: Croatia's MBS to its OIB); the body then names the company by its key.
   */
  resolveId?: (knex: Knex, id: string) => Promise<string>;
  /** Codes every detail route of the register may answer beyond the served company's (SERVED_COMPANY_ERRORS). */
  errors?: readonly ErrorCode[];
}

/** What a detail route's `read` is handed: the company served, and what the common steps found. */
export interface DetailRead {
  knex: Knex;
  /** The company's national identifier: as in the path, or the key a second identifier resolved to. */
  id: string;
  company: EuProfileRow;
  /** Whether an empty list is measured: the published pass read every file of the route's `measuredBy`. */
  measured: boolean;
  /** The footer's `photo_le`: the date of the register's snapshot served. */
  photoLe: string | null;
}

/** One detail route of a European register: its catalogue entry, and the members only it answers. */
export interface DetailSpec {
  /** Last path segment, also the last part of the route's id (`eu.ee.<segment>`). */
  segment: string;
  /** The MCP tool: `get_<adjective>_company_<tool.object>`, and what the answer holds, in English. */
  tool: { object: string; description: string };
  summary: string;
  description?: string;
  price: number;
  responseSchema: JsonSchema;
  /** Role(s) of the file(s) whose reading makes an empty list measured; none: `measured` is false. */
  measuredBy?: string | readonly string[];
  /** Codes this route answers beyond its register's (`EuropeanDetailRegister.errors`). */
  errors?: readonly ErrorCode[];
  /** The route's own members, in body order, between the header and the footer. */
  read(detail: DetailRead): Promise<Record<string, unknown>>;
}

/**
 * The detail routes of a European register: each reads the company (404 when not served), its detail rows
 * through `read`, and answers the header, the register's header members, the route's members, the footer.
 */
export function europeanDetailRoutes(
  register: EuropeanDetailRegister,
  details: readonly DetailSpec[],
): RouteDefinition[] {
  const { pays, idParam } = register;
  const common = {
    method: 'GET' as const,
    params: [idParam],
    freeTier: true,
    registers: [register.register],
    projections: [register.projection],
  };
  const errors = [...SERVED_COMPANY_ERRORS, ...(register.errors ?? [])];
  return details.map((spec) => ({
    ...common,
    errors: [...errors, ...(spec.errors ?? [])],
    id: `eu.${pays.toLowerCase()}.${spec.segment}`,
    tool: {
      name: `get_${register.adjective}_company_${spec.tool.object}`,
      title: `${register.adjective[0]!.toUpperCase()}${register.adjective.slice(1)} company ${spec.tool.object.replaceAll('_', ' ')}`,
      description: spec.tool.description,
    },
    path: `/v1/eu/entreprise/${pays}/{${idParam.name}}/${spec.segment}`,
    summary: spec.summary,
    ...(spec.description === undefined ? {} : { description: spec.description }),
    price: spec.price,
    responseSchema: spec.responseSchema,
    async handler(ctx, { knex, registers }) {
      const asked = String(ctx.state.params?.[idParam.name]);
      const id = register.resolveId ? await register.resolveId(knex, asked) : asked;
      const company = await servedCompany(knex, register.profilesTable, pays, id);
      const footer = detailFooter(ctx, registers, register.register);
      const members = await spec.read({
        knex,
        id,
        company,
        measured: await measuredByAll(knex, register.filesTable, spec.measuredBy),
        photoLe: footer.photo_le,
      });
      return {
        body: {
          ...detailHeader(pays, id, company),
          ...register.header?.(company),
          ...members,
          ...footer,
        },
      };
    },
  }));
}

/** Whether the published pass read every file of these roles (asked in turn, until one was not read). */
async function measuredByAll(knex: Knex, filesTable: string, roles: string | readonly string[] | undefined) {
  const all = typeof roles === 'string' ? [roles] : (roles ?? []);
  for (const role of all) {
    if (!(await measuredBy(knex, filesTable, role))) return false;
  }
  return all.length > 0;
}

// The body members of the lists several registers answer, in their schemas' order (schemas/responses/
// europeanDetail.ts); each flag `aucun_…` is true only when `measured` and the list is empty.

/** An officers' list: the counts, `aucun_mandat_inscrit`, then the list. */
function mandates<M extends { titulaire: { type: string } }>(mandats: M[], measured: boolean) {
  return {
    nombre_mandats: mandats.length,
    nombre_personnes_physiques: mandats.filter((m) => m.titulaire.type === 'personne_physique').length,
    nombre_entites: mandats.filter((m) => m.titulaire.type === 'personne_morale').length,
    aucun_mandat_inscrit: measured && mandats.length === 0,
    mandats,
  };
}

/** A members' list: `aucun_associe_inscrit`, the counts, then the list. */
function members<A extends { type: string }>(associes: A[], measured: boolean) {
  return {
    aucun_associe_inscrit: measured && associes.length === 0,
    nombre_associes: associes.length,
    nombre_personnes_physiques: associes.filter((a) => a.type === 'personne_physique').length,
    associes,
  };
}

/** A beneficial owners' list: `aucun_beneficiaire_inscrit`, the count, then the list. */
function beneficialOwners<B>(beneficiaires: B[], measured: boolean) {
  return {
    aucun_beneficiaire_inscrit: measured && beneficiaires.length === 0,
    nombre_beneficiaires: beneficiaires.length,
    beneficiaires,
  };
}

/** An events' list: the count, `aucun_evenement`, then the list. */
function events<E>(evenements: E[], measured: boolean) {
  return {
    nombre_evenements: evenements.length,
    aucun_evenement: measured && evenements.length === 0,
    evenements,
  };
}

/** The lists several registers answer, each as its body members: `detailLists.mandates(mandats, measured)`. */
export const detailLists = { mandates, members, beneficialOwners, events };

/** The lists several registers answer: their last path segment, MCP object and price, the same everywhere. */
const LIST_ROUTES = {
  mandates: { segment: 'dirigeants', object: 'officers', price: 10_000 },
  beneficialOwners: { segment: 'beneficiaires-effectifs', object: 'beneficial_owners', price: 20_000 },
} as const;

type ListItem<K extends keyof typeof LIST_ROUTES> = K extends 'mandates'
  ? { titulaire: { type: string } }
  : unknown;

/**
 * A detail route answering nothing but one of those lists: its segment, tool object and price are the kind's,
 * `list` reads the items, and the body is the list's members (`detailLists`).
 */
export function listDetail<K extends keyof typeof LIST_ROUTES>(
  kind: K,
  spec: Omit<DetailSpec, 'segment' | 'tool' | 'price' | 'read'> & {
    toolDescription: string;
    list(detail: DetailRead): Promise<ListItem<K>[]>;
  },
): DetailSpec {
  const { segment, object, price } = LIST_ROUTES[kind];
  const { toolDescription, list, ...rest } = spec;
  const answer = detailLists[kind] as (items: ListItem<K>[], measured: boolean) => Record<string, unknown>;
  return {
    ...rest,
    segment,
    tool: { object, description: toolDescription },
    price,
    read: async (detail) => answer(await list(detail), detail.measured),
  };
}
