import type { Logger } from '../../../ops/logger.ts';
import type { BlocAbsent, RaisonBlocAbsent } from '../../../schemas/enums/blocAbsent.ts';
import { type Dirigeant, FR_RNE_REGISTER, type RneReader } from '../../../schemas/events/frRneEvents.ts';
import { LiveUnavailableError } from '../../../schemas/live/liveUnavailable.ts';
import type { ProvenanceEntry } from '../../catalogue/route.ts';
import { liveProvenance } from '../europeLive.ts';
import { absentBlock, type BlockReading, served } from './blockReading.ts';

export interface DirigeantsDeps {
  /** `HandlerDeps.live.french['fr.rne']`: absent when this server has no RNE credentials. */
  rne: RneReader | undefined;
  /** The request's logger (`ctx.state.log`): told why the RNE could not be read, never an officer. */
  log: Logger;
}

const absence = (raison: RaisonBlocAbsent, message: string): BlocAbsent => ({
  bloc: 'dirigeants',
  raison,
  message,
});

/**
 * The French profile's `dirigeants` from the INPI's RNE: an observation younger than 24 hours (the RNE
 * reader's `maxAgeMs`) is served again from the log's read table without asking the RNE; otherwise the RNE is
 * asked and its answer, stripped of every natural person's data, is appended to the log before it is served.
 * Never an empty list: a company the RNE does not know, or for which it lists nobody, is `aucune_donnee`; one
 * it marks not disclosable `non_diffusible`; an RNE down, slow, over quota, refusing or unreadable
 * `amont_indisponible`; no credentials `registre_non_configure`. Other failures (the database) are thrown.
 */
export async function readDirigeants(
  siren: string,
  deps: DirigeantsDeps,
): Promise<BlockReading<Dirigeant[]>> {
  if (!deps.rne) {
    return absentBlock(
      absence(
        'registre_non_configure',
        'Le RNE (INPI) n’est pas configuré sur ce serveur (identifiants) : dirigeants non lus. / The RNE (INPI) is not configured on this server (credentials): officers not read.',
      ),
    );
  }
  let answer: Awaited<ReturnType<RneReader['dirigeants']>>;
  try {
    answer = await deps.rne.dirigeants(siren);
  } catch (err) {
    if (!(err instanceof LiveUnavailableError)) throw err;
    deps.log.warn({ registre: FR_RNE_REGISTER, raison: err.reason, err: err.message }, 'officers not read');
    return absentBlock(
      absence(
        'amont_indisponible',
        `Le RNE (INPI) n’a pas répondu utilement (${err.reason}) ; réessayez plus tard. / The RNE (INPI) did not answer usably (${err.reason}); retry later.`,
      ),
    );
  }
  const { record, observation } = answer;
  const provenance: ProvenanceEntry[] = [liveProvenance(FR_RNE_REGISTER, observation)];
  if (!record.connu) {
    return absentBlock(
      absence(
        'aucune_donnee',
        'Le RNE (INPI) ne connaît pas cette entreprise. / The RNE (INPI) holds no such company.',
      ),
      provenance,
    );
  }
  if (record.non_diffusible) {
    return absentBlock(
      absence(
        'non_diffusible',
        'Le RNE (INPI) marque cette entreprise comme non diffusible. / The RNE (INPI) marks this company as not disclosable.',
      ),
      provenance,
    );
  }
  if (record.dirigeants.length === 0) {
    return absentBlock(
      absence(
        'aucune_donnee',
        'Le RNE (INPI) ne liste aucun dirigeant pour cette entreprise. / The RNE (INPI) lists no officer for this company.',
      ),
      provenance,
    );
  }
  return served(record.dirigeants, provenance);
}
