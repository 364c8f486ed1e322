import type { Knex } from 'knex';
import { readLiveProfile } from '../../projections/eu-live/euLiveProjection.ts';
import type {
  EuLiveReader,
  EuLiveRegister,
  LiveObservation,
  LiveProfileAnswer,
} from '../../schemas/europe/euLiveRegister.ts';
import type { EuProfileRow } from '../../schemas/europe/euProfileRow.ts';
import { LiveUnavailableError } from '../../schemas/live/liveUnavailable.ts';
import type { RegisterInfo } from '../../schemas/registerInfo.ts';
import type { HandlerResult, ProvenanceEntry } from '../catalogue/route.ts';
import { ApiError, notFound, unavailable } from '../errors/apiError.ts';

/** A live register that failed: 503 `amont_indisponible`, its reason in `raison` (never charged). */
export function upstreamDown(register: RegisterInfo | undefined, code: string, err: unknown): ApiError {
  const name = register?.nomCourt ?? code;
  if (err instanceof LiveUnavailableError) {
    return new ApiError(
      503,
      'amont_indisponible',
      `${name} ne répond pas utilement (${err.reason}) ; réessayez plus tard. Rien n’est facturé. / ${code} did not answer usably (${err.reason}); retry later. Nothing is charged.`,
      {
        extra: { registre: code, motif_panne: 'amont_indisponible', raison: err.reason },
        // The register's own Retry-After when it gave one (429), else a minute.
        headers: { 'Retry-After': String(err.retryAfterSeconds ?? 60) },
      },
    );
  }
  throw err;
}

/**
 * No reader for this register in this process: its address or credentials are not configured. 503
 * `registre_non_configure`, which says so; never `amont_indisponible`, which would say the register is down.
 */
export function notConfigured(register: RegisterInfo | undefined, code: string): ApiError {
  return unavailable(
    'registre_non_configure',
    `${register?.nomCourt ?? code} n’est pas configuré sur ce serveur (identifiants ou adresse) ; ce n’est pas une panne du registre. / ${code} is not configured on this server (credentials or address); the register is not down.`,
    { registre: code, raison: 'non_configure' },
  );
}

/** The provenance of a live answer: the observation it comes from (time, question, body digest). */
export function liveProvenance(register: string, observation: LiveObservation): ProvenanceEntry {
  return {
    registre: register,
    version: observation.observedAt,
    consulte_le: observation.observedAt,
    url: observation.url,
    empreinte_sha256: observation.bodySha256,
  };
}

export function liveFreshness(name: string, observation: LiveObservation, maxAgeMs: number): string {
  return observation.cached
    ? `${name} lu en direct le ${observation.observedAt}, resservi (âge maximal ${Math.round(maxAgeMs / 3600_000)} h) / read live, served again within its maximum age`
    : `${name} lu en direct le ${observation.observedAt} / read live`;
}

/**
 * The company of a live register: the last observation younger than the register's maximum age (the read
 * table), else a live read (appended to the log before it is served). Refusals as for a local copy, plus 404
 * `forme_juridique_non_servie` for a legal form that does not decide; a failure is 503, never an absence.
 */
export async function liveCompany(
  knex: Knex,
  live: EuLiveRegister,
  reader: EuLiveReader | undefined,
  info: RegisterInfo | undefined,
  id: string,
  now: Date,
): Promise<{ row: EuProfileRow; provenance: ProvenanceEntry; dataFreshness: string }> {
  let answer: LiveProfileAnswer | null = await readLiveProfile(knex, live.register, id, live.maxAgeMs, now);
  if (!answer) {
    if (!reader) throw notConfigured(info, live.register);
    try {
      answer = await reader.profile(id);
    } catch (err) {
      throw upstreamDown(info, live.register, err);
    }
  }
  const { record, observation } = answer;
  const where = { pays: live.pays, id_national: id, consulte_le: observation.observedAt };
  if (record.forme_indecise) {
    throw notFound(
      'forme_juridique_non_servie',
      `${live.pays} ${id} : forme juridique ${record.forme_indecise.code ?? 'absente'} qui ne dit pas s’il s’agit d’une personne morale ; non servie. / Legal form that does not decide; not served.`,
      { ...where, forme_code: record.forme_indecise.code },
    );
  }
  if (!record.profil) {
    throw notFound(
      'entreprise_inconnue',
      `${live.pays} ${id} : inconnu du registre. / Not in the register.`,
      where,
    );
  }
  if (record.profil.personne_physique) {
    throw notFound(
      'entreprise_individuelle_non_servie',
      `${live.pays} ${id} : entrepreneur individuel ou personne physique, non servi. / Sole trader or natural person: not served.`,
      where,
    );
  }
  return {
    row: record.profil,
    provenance: liveProvenance(live.register, observation),
    dataFreshness: liveFreshness(info?.nomCourt ?? live.register, observation, live.maxAgeMs),
  };
}

export type LiveHandlerExtras = Pick<HandlerResult, 'provenance' | 'dataFreshness'>;
