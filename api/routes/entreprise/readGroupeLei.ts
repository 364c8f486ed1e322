import type { Knex } from 'knex';
import { batchedKeyRead } from '../../../ops/database/batchedKeyReads.ts';
import { readSnapshotStates } from '../../../projections/core/snapshotState.ts';
import {
  GLEIF_ENTITIES,
  GLEIF_EXCEPTIONS,
  GLEIF_PROJECTION,
  GLEIF_RELATIONSHIPS,
} from '../../../projections/gleif/gleifProjection.ts';
import {
  DIRECT_PARENT,
  DIRECT_PARENT_EXCEPTION,
  GLEIF_FRESHNESS_DAYS,
  GLEIF_REGISTER,
  ULTIMATE_PARENT,
  ULTIMATE_PARENT_EXCEPTION,
} from '../../../schemas/events/gleifEvents.ts';
import type {
  GroupeLei,
  GroupeLeiParent,
  GroupeLeiRelationship,
} from '../../../schemas/responses/groupeLei.ts';
import type { ProvenanceEntry } from '../../catalogue/route.ts';
import type { SnapshotReader } from '../../catalogue/snapshotReader.ts';
import { type BlockReading, served } from './blockReading.ts';

const DAY_MS = 86_400_000;

export interface EntityRow {
  lei: string;
  denomination: string | null;
  pays_adresse: string | null;
  categorie: string | null;
  forme_code: string | null;
  forme_autre: string | null;
  statut_enregistrement: string | null;
}

interface RelationshipRow {
  type: string;
  lei_mere: string;
  statut: string | null;
  statut_enregistrement: string | null;
  debut: string | null;
  fin: string | null;
}

interface ExceptionRow {
  categorie: string;
  raisons: string[];
  references_publiees: string[];
}

export const ENTITY_COLUMNS =
  'lei, denomination, pays_adresse, categorie, forme_code, forme_autre, statut_enregistrement';

/** Which of a SIREN's LEI records is its own: issued first, then a general entity, then the latest updated. */
const OWN_ENTITY_ORDER = `(statut_enregistrement = 'ISSUED') desc nulls last, (categorie = 'GENERAL') desc nulls last,
               derniere_maj desc nulls last, lei`;

/**
 * The company's own LEI record as one JSON value (null without one), for a statement that reads it beside other
 * facts: `siren` is a bound placeholder or a column of the outer statement.
 */
export const ownEntityJsonSql = (siren: string) =>
  `(select row_to_json(e) from (select ${ENTITY_COLUMNS} from ${GLEIF_ENTITIES} where siren = ${siren}
     order by ${OWN_ENTITY_ORDER} limit 1) e)`;

/**
 * The LEI record of each SIREN asked for, when GLEIF holds several the one to serve: issued first, then a
 * general entity (not a branch or fund), then the latest updated. Most French companies hold no LEI, so this
 * is the member's only statement for most answers: the SIRENs asked for at the same moment share it
 * (batchedKeyReads.ts).
 */
const ownEntity = batchedKeyRead<EntityRow & { siren: string }, EntityRow>({
  name: 'registres_gleif_own_entity',
  sql: (places) =>
    `select distinct on (siren) siren, ${ENTITY_COLUMNS} from ${GLEIF_ENTITIES} where siren in (${places})
      order by siren, ${OWN_ENTITY_ORDER}`,
  group: (rows) => new Map(rows.map(({ siren, ...entity }) => [siren, entity])),
});

const NOTHING = { lei: null, statut_enregistrement_lei: null, mere_directe: null, mere_ultime: null };

function unavailable(message: string, datePhoto: string | null = null): BlockReading<GroupeLei> {
  return served({ etat: 'indisponible', ...NOTHING, date_photo: datePhoto, message }, []);
}

/**
 * Whether a parent's LEI record names no legal person we may name: a sole proprietor (a natural person), or
 * a legal form that does not tell what the entity is. The rule, from the real records: an ELF code other
 * than the placeholders `8888` (form not in the ELF list) and `9999` (ELF code not yet known) tells the
 * form; a placeholder or no code at all tells it only with an `OtherLegalForm` text (the golden copy has
 * `8888` + `Trust`, `FUND`, `Bank`...). No code and no text, or a placeholder and no text: ambiguous.
 */
export function omittedParentReason(e: EntityRow): 'personne_physique' | 'forme_ambigue' | null {
  if (e.categorie === 'SOLE_PROPRIETOR') return 'personne_physique';
  const placeholder = e.forme_code === null || e.forme_code === '8888' || e.forme_code === '9999';
  if (placeholder && e.forme_autre === null) return 'forme_ambigue';
  return null;
}

function relationshipOf(r: RelationshipRow): GroupeLeiRelationship {
  return {
    type: r.type,
    statut: r.statut,
    statut_enregistrement: r.statut_enregistrement,
    ...(r.debut ? { debut: r.debut } : {}),
    ...(r.fin ? { fin: r.fin } : {}),
  };
}

/**
 * One level of the group. In this order: an ACTIVE relationship record of that level (the most recently
 * updated, published before lapsed, if several); else the reporting exception of that level (its first
 * declared reason, and reference); else an INACTIVE relationship (a parent that was, with its status);
 * else `non_declare`. The parent is named from its own LEI record, unless that record is a natural person or
 * of ambiguous form (`mere_omise`: no LEI, no name, no country); an LEI missing from the copy is named null.
 */
function parentOf(
  type: string,
  category: string,
  relationships: RelationshipRow[],
  exceptions: ExceptionRow[],
  parents: Map<string, EntityRow>,
): GroupeLeiParent {
  const ofType = relationships.filter((r) => r.type === type);
  const active = ofType.find((r) => r.statut === 'ACTIVE');
  const exception = exceptions.find((x) => x.categorie === category && x.raisons.length > 0);
  const chosen = active ?? (exception ? undefined : ofType[0]);
  if (!chosen) {
    if (!exception) return { etat: 'non_declare' };
    return {
      etat: 'absence_mere',
      declaration: exception.raisons[0]!,
      reference: exception.references_publiees[0] ?? null,
    };
  }
  const parent = parents.get(chosen.lei_mere);
  const omitted = parent ? omittedParentReason(parent) : null;
  if (omitted) return { etat: 'mere_omise', raison: omitted, relationship: relationshipOf(chosen) };
  return {
    etat: 'mere',
    lei: chosen.lei_mere,
    denomination: parent?.denomination ?? null,
    pays: parent?.pays_adresse ?? null,
    relationship: relationshipOf(chosen),
  };
}

/**
 * Whether a GLEIF pass is current (its read table then exists and holds a copy): a statement may then read the
 * company's own record beside its other facts ({@link ownEntityJsonSql}).
 */
export async function gleifCopyLoaded(knex: Knex, readSnapshots?: SnapshotReader): Promise<boolean> {
  const read = readSnapshots ?? ((q) => readSnapshotStates(knex, q));
  const [state] = await read({ projections: [GLEIF_PROJECTION], registers: [GLEIF_REGISTER] }).catch(
    () => [],
  );
  return Boolean(state?.current);
}

/**
 * `groupe_lei` of a French company, from the GLEIF local copy. The company's LEI is the record registered
 * with GLEIF under its SIREN (authority RA000189 or RA000192); when several are, the ISSUED one first, then
 * the category GENERAL, then the most recently updated. Never null, never thrown: no completed GLEIF pass, a
 * pass older than the register's threshold, or an unreadable table gives `indisponible`.
 */
export async function readGroupeLei(
  knex: Knex,
  siren: string,
  now: Date = new Date(),
  /** The service's cached reader (HandlerDeps.readSnapshots); unset: read from `knex`. */
  readSnapshots?: SnapshotReader,
  /** The company's own LEI record, already read by the caller's statement ({@link ownEntityJsonSql}). */
  known?: { ownEntity: EntityRow | null },
): Promise<BlockReading<GroupeLei>> {
  try {
    const read = readSnapshots ?? ((q) => readSnapshotStates(knex, q));
    const [state] = await read({ projections: [GLEIF_PROJECTION], registers: [GLEIF_REGISTER] });
    const current = state?.current;
    if (!current) {
      return unavailable(
        'Copie GLEIF pas encore chargée : groupe inconnu pour l’instant. / GLEIF copy not loaded yet: group unknown for now.',
      );
    }
    const ageDays = Math.floor((now.getTime() - Date.parse(`${current.snapshotDate}T00:00:00Z`)) / DAY_MS);
    if (ageDays > GLEIF_FRESHNESS_DAYS) {
      return unavailable(
        `Copie GLEIF du ${current.snapshotDate} : ${ageDays} jours, au-delà du seuil de ${GLEIF_FRESHNESS_DAYS} jours. / GLEIF copy older than the ${GLEIF_FRESHNESS_DAYS}-day threshold.`,
        current.snapshotDate,
      );
    }
    const provenance: ProvenanceEntry[] = [
      {
        registre: GLEIF_REGISTER,
        version: current.version,
        ...(current.sha256 === null ? {} : { empreinte_sha256: current.sha256 }),
        date_photo: current.snapshotDate,
      },
    ];
    const datePhoto = current.snapshotDate;

    const company = known ? known.ownEntity : await ownEntity.load(knex, siren);
    if (!company) {
      return served(
        {
          etat: 'sans_objet',
          ...NOTHING,
          date_photo: datePhoto,
          message:
            'Aucun LEI enregistré auprès de GLEIF sous ce SIREN. / No LEI registered with GLEIF under this SIREN.',
        },
        provenance,
      );
    }
    const { rows: relationships } = await knex.raw<{ rows: RelationshipRow[] }>(
      `select type, lei_mere, statut, statut_enregistrement,
              to_char(debut, 'YYYY-MM-DD') as debut, to_char(fin, 'YYYY-MM-DD') as fin
         from ${GLEIF_RELATIONSHIPS}
        where lei_fille = ? and type in (?, ?)
        order by (statut = 'ACTIVE') desc nulls last, (statut_enregistrement = 'PUBLISHED') desc nulls last,
                 derniere_maj desc nulls last, id`,
      [company.lei, DIRECT_PARENT, ULTIMATE_PARENT],
    );
    const { rows: exceptions } = await knex.raw<{ rows: ExceptionRow[] }>(
      `select categorie, raisons, references_publiees from ${GLEIF_EXCEPTIONS} where lei = ? order by id`,
      [company.lei],
    );
    const parentLeis = [...new Set(relationships.map((r) => r.lei_mere))];
    const { rows: parentRows } = await knex.raw<{ rows: EntityRow[] }>(
      `select ${ENTITY_COLUMNS} from ${GLEIF_ENTITIES} where lei = any(?::text[])`,
      [parentLeis],
    );
    const parents = new Map(parentRows.map((p) => [p.lei, p]));
    return served(
      {
        etat: 'renseigne',
        lei: company.lei,
        statut_enregistrement_lei: company.statut_enregistrement,
        date_photo: datePhoto,
        mere_directe: parentOf(DIRECT_PARENT, DIRECT_PARENT_EXCEPTION, relationships, exceptions, parents),
        mere_ultime: parentOf(ULTIMATE_PARENT, ULTIMATE_PARENT_EXCEPTION, relationships, exceptions, parents),
      },
      provenance,
    );
  } catch {
    return unavailable('Copie GLEIF illisible pour l’instant. / GLEIF copy unreadable for now.');
  }
}
