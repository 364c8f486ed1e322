import { EU_VIES_REGISTER } from '../../../schemas/events/euViesEvents.ts';
import type { EuVatNumber } from '../../../schemas/identifiers/euVatNumber.ts';
import { LiveUnavailableError } from '../../../schemas/live/liveUnavailable.ts';
import type { HandlerDeps } from '../../catalogue/route.ts';
import { absentBlock, type BlockReading, served } from '../entreprise/blockReading.ts';
import { liveProvenance } from '../europeLive.ts';
import { readViesCheck } from '../tva/readViesCheck.ts';

/** The `tva` member of the European invoicing check. */
export interface EuVat {
  numero: string;
  statut: 'valide' | 'invalide';
  date_demande: string | null;
  identifiant_consultation: string | null;
  consulte_le: string;
}

/**
 * A Belgian or Polish VAT number (`BE` + enterprise number, `PL` + NIP) checked live with VIES. Absent (block
 * `tva`) when VIES is not configured or cannot answer: never "invalid" for want of an answer. The trader's
 * name VIES may give is never served here (the recipient is named by its register).
 */
export async function readEuVat(
  deps: HandlerDeps,
  memberState: 'BE' | 'PL',
  number: string,
): Promise<BlockReading<EuVat>> {
  const numero = `${memberState}${number}`;
  const vies = deps.live.french[EU_VIES_REGISTER];
  if (!vies) {
    return absentBlock({
      bloc: 'tva',
      raison: 'registre_non_configure',
      message: 'VIES n’est pas configuré sur ce serveur. / VIES is not configured on this server.',
    });
  }
  // The route checked the number (mod 97, NIP check digit): jsvat's Belgian rules still refuse the enterprise
  // numbers beginning with 1 (issued since 2023), so the number is not parsed again.
  const vat: EuVatNumber = { memberState, number, canonical: numero };
  try {
    const { check, observation } = await readViesCheck(deps.knex, vies, vat);
    return served(
      {
        numero: check.numero,
        statut: check.statut,
        date_demande: check.date_demande,
        identifiant_consultation: check.identifiant_consultation,
        consulte_le: check.consulte_le,
      },
      [liveProvenance(EU_VIES_REGISTER, observation)],
    );
  } catch (err) {
    if (!(err instanceof LiveUnavailableError)) throw err;
    return absentBlock({
      bloc: 'tva',
      raison: 'amont_indisponible',
      message: `VIES n’a pas pu vérifier ${numero} (${err.reason}) ; réessayez plus tard. / VIES could not check ${numero} (${err.reason}); retry later.`,
    });
  }
}
