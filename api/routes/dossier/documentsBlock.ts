import { FR_RNE_REGISTER, type RneReader } from '../../../schemas/events/frRneEvents.ts';
import { LiveUnavailableError } from '../../../schemas/live/liveUnavailable.ts';
import { documentsListRoute, filingsListOf } from '../documents.ts';
import { absentBlock, type BlockReading, served } from '../entreprise/blockReading.ts';
import { liveProvenance } from '../europeLive.ts';
import type { DossierBlockSource } from './blockSource.ts';

const bloc = 'documents';

/**
 * The `documents` block: the filings list of GET /v1/entreprise/{siren}/documents, at that route's price, read
 * through the same RNE reader (its 24-hour recall included). The RNE down, slow or unreadable makes the block
 * absent (`amont_indisponible`, counted in `dont_panne_amont`), no INPI account `registre_non_configure`, a
 * company the RNE does not know `aucune_donnee`; the dossier is served without it, and it is not charged.
 */
export const DOCUMENTS_BLOCK_SOURCE: DossierBlockSource = {
  price: documentsListRoute.price,
  registers: [FR_RNE_REGISTER],
  projections: [],
  async read(deps, unit): Promise<BlockReading<Record<string, unknown>>> {
    const rne = deps.live.french[FR_RNE_REGISTER];
    if (!rne) {
      return absentBlock({
        bloc,
        raison: 'registre_non_configure',
        message:
          'Le RNE (INPI) n’est pas configuré sur ce serveur (identifiants) : documents non lus. / The RNE (INPI) is not configured on this server (credentials): filings not read.',
      });
    }
    let answer: Awaited<ReturnType<RneReader['documents']>>;
    try {
      answer = await rne.documents(unit.siren);
    } catch (err) {
      if (!(err instanceof LiveUnavailableError)) throw err;
      return absentBlock({
        bloc,
        raison: 'amont_indisponible',
        message: `Le RNE (INPI) n’a pas répondu utilement (${err.reason}) ; réessayez plus tard. / The RNE (INPI) did not answer usably (${err.reason}); retry later.`,
      });
    }
    const provenance = [liveProvenance(FR_RNE_REGISTER, answer.observation)];
    if (!answer.record.connu) {
      return absentBlock(
        {
          bloc,
          raison: 'aucune_donnee',
          message: 'Le RNE (INPI) ne connaît pas cette entreprise. / The RNE (INPI) holds no such company.',
        },
        provenance,
      );
    }
    return served(
      filingsListOf(unit.siren, unit.denomination, answer.record, answer.observation),
      provenance,
    );
  },
};
