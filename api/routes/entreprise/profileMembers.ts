import type { BlocAbsent } from '../../../schemas/enums/blocAbsent.ts';
import { FR_EGAPRO_REGISTER } from '../../../schemas/events/frEgaproEvents.ts';
import { type Dirigeant, FR_RNE_REGISTER } from '../../../schemas/events/frRneEvents.ts';
import { FR_SIRET_IDCC_REGISTER } from '../../../schemas/events/frSiretIdccEvents.ts';
import { GLEIF_REGISTER } from '../../../schemas/events/gleifEvents.ts';
import type { GroupeLei } from '../../../schemas/responses/groupeLei.ts';
import type { HandlerDeps, ProvenanceEntry, RouteContext } from '../../catalogue/route.ts';
import type { BlockReading } from './blockReading.ts';
import { type ConventionNote, readConventionsCollectives } from './readConventionsCollectives.ts';
import { readDirigeants } from './readDirigeants.ts';
import { readGroupeLei } from './readGroupeLei.ts';
import { type IndexEgaproItem, readIndexEgapro } from './readIndexEgapro.ts';

/** The registers the members below are read from (the route's `registers`). */
export const PROFILE_MEMBER_REGISTERS = [
  FR_RNE_REGISTER,
  FR_EGAPRO_REGISTER,
  FR_SIRET_IDCC_REGISTER,
  GLEIF_REGISTER,
];

/** The members of the French profile that come from other sources than Sirene. */
export interface ProfileMembers {
  dirigeants: Dirigeant[] | null;
  index_egapro: IndexEgaproItem[] | null;
  conventions_collectives: string[] | null;
  conventions_collectives_notes: ConventionNote[] | null;
  groupe_lei: GroupeLei;
  /** Each member not served, with its reason (closed list: schemas/enums/blocAbsent.ts). */
  blocs_absents: BlocAbsent[];
  /** What was read for them, added to the answer's provenance. */
  provenance: ProvenanceEntry[];
}

/**
 * Officers (RNE, live), the Egapro index, the collective agreements (SIRET-IDCC) and the LEI group (GLEIF),
 * read side by side. A source that cannot answer makes its own member absent, with its reason; it never
 * refuses the profile. `groupe_lei` is never absent: it states `indisponible` in band (contract).
 */
export async function readProfileMembers(
  siren: string,
  ctx: RouteContext,
  deps: HandlerDeps,
): Promise<ProfileMembers> {
  const now = (deps.now ?? (() => new Date()))();
  const [dirigeants, egapro, conventions, groupe] = await Promise.all([
    readDirigeants(siren, { rne: deps.live.french['fr.rne'], log: ctx.state.log }),
    readIndexEgapro(deps.knex, siren, { now, readSnapshots: deps.readSnapshots }),
    readConventionsCollectives(deps.knex, siren, { now, readSnapshots: deps.readSnapshots }),
    readGroupeLei(deps.knex, siren, now, deps.readSnapshots),
  ]);
  const readings: BlockReading<unknown>[] = [dirigeants, egapro, conventions, groupe];
  return {
    dirigeants: dirigeants.value,
    index_egapro: egapro.value,
    conventions_collectives: conventions.value?.conventions_collectives ?? null,
    conventions_collectives_notes: conventions.value?.conventions_collectives_notes ?? null,
    groupe_lei: groupe.value!,
    blocs_absents: readings.flatMap((r) => (r.absent ? [r.absent] : [])),
    provenance: readings.flatMap((r) => r.provenance),
  };
}
