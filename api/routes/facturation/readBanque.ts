import { type IbanReading, readIban } from '../../../schemas/invoicing/bankOfIban.ts';
import type { RaisonVerdict } from './invoicingVerdict.ts';
import { raison } from './invoicingVerdict.ts';

/** The white list's answer on the account, for a Polish recipient (the route reads it live). */
export interface ListeBlanche {
  sur_la_liste: boolean;
  date_verifiee: string;
  identifiant_requete: string | null;
  date_requete: string | null;
  consulte_le: string;
}

/** The `banque` member and the reasons it raises: none without an IBAN (`iban_non_fourni`). */
export function banqueOf(
  iban: string | undefined,
  listeBlanche: ListeBlanche | null,
): { banque: (IbanReading & Record<string, unknown>) | null; raisons: RaisonVerdict[] } {
  if (iban === undefined) return { banque: null, raisons: [raison('iban_non_fourni', 'requete')] };
  const reading = readIban(iban);
  return {
    banque: { ...reading, verification_titulaire: 'non_disponible', liste_blanche: listeBlanche },
    raisons:
      reading.banque === null
        ? [raison('banque_non_identifiee', `liste des codes banque ${reading.pays}`)]
        : [],
  };
}
