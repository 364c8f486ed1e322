import { EU_VIES_REGISTER } from '../../../schemas/events/euViesEvents.ts';
import { parseEuVatNumber } from '../../../schemas/identifiers/euVatNumber.ts';
import { LiveUnavailableError } from '../../../schemas/live/liveUnavailable.ts';
import type { HandlerDeps } from '../../catalogue/route.ts';
import { absentBlock, type BlockReading, served } from '../entreprise/blockReading.ts';
import { tvaIntracommunautaire } from '../entreprise/tvaIntracommunautaire.ts';
import { liveProvenance } from '../europeLive.ts';
import { readViesCheck } from './readViesCheck.ts';

/** A French company's VAT number (computed from its SIREN) and VIES's verdict on it. */
export interface CompanyVat {
  numero_tva: string;
  tva: {
    statut: 'valide' | 'invalide';
    date_demande: string | null;
    identifiant_consultation: string | null;
    consulte_le: string;
  };
}

/**
 * The company's French VAT number, computed from its SIREN, checked live with VIES. Absent, as block `bloc`,
 * when VIES is not configured (`registre_non_configure`) or VIES or the member state cannot answer
 * (`amont_indisponible`): never a number called invalid for want of an answer.
 */
export async function readCompanyVat(
  deps: HandlerDeps,
  siren: string,
  bloc: string,
): Promise<BlockReading<CompanyVat>> {
  const vies = deps.live.french[EU_VIES_REGISTER];
  if (!vies) {
    return absentBlock({
      bloc,
      raison: 'registre_non_configure',
      message: 'VIES n’est pas configuré sur ce serveur. / VIES is not configured on this server.',
    });
  }
  const numero = tvaIntracommunautaire(siren);
  const vat = parseEuVatNumber(numero);
  if ('refusal' in vat) throw new Error(`${bloc}: computed VAT number ${numero} refused`);
  try {
    const { check, observation } = await readViesCheck(deps.knex, vies, vat);
    return served(
      {
        numero_tva: numero,
        tva: {
          statut: check.statut,
          date_demande: check.date_demande,
          identifiant_consultation: check.identifiant_consultation,
          consulte_le: check.consulte_le,
        },
      },
      [liveProvenance(EU_VIES_REGISTER, observation)],
    );
  } catch (err) {
    if (!(err instanceof LiveUnavailableError)) throw err;
    return absentBlock({
      bloc,
      raison: 'amont_indisponible',
      message: `VIES n’a pas pu vérifier ${numero} auprès de l’État membre FR (${err.reason}) ; réessayez plus tard. / VIES could not check ${numero} with member state FR (${err.reason}); retry later.`,
    });
  }
}
