/**
 * Why a payment was refused, in the 402 body (`error`, `message`) and in the `error` of PAYMENT-REQUIRED.
 * The spec leaves these codes open ("the complete list of error codes: not shown"); they follow its style.
 */
export type PaymentRefusalCode =
  | 'paiement_requis'
  | 'paiement_illisible'
  | 'version_x402_non_supportee'
  | 'paiement_non_conforme'
  | 'reseau_refuse'
  | 'actif_refuse'
  | 'destinataire_incorrect'
  | 'montant_incorrect'
  | 'autorisation_pas_encore_valide'
  | 'autorisation_expiree'
  | 'signature_invalide'
  | 'paiement_deja_utilise'
  | 'x402_non_configure'
  | 'empreinte_corps_differente';

export interface PaymentRefusal {
  code: PaymentRefusalCode;
  message: string;
}

export const refusal = (code: PaymentRefusalCode, message: string): PaymentRefusal => ({ code, message });

/** Entries for the closed list of error codes (same shape as api/errors/errorCodes.ts). */
export const PAYMENT_ERROR_CODES = [
  {
    code: 'paiement_illisible',
    statut: 402,
    signification: 'En-tête de paiement x402 illisible (base64 ou JSON). / Unreadable x402 payment header.',
  },
  {
    code: 'version_x402_non_supportee',
    statut: 402,
    signification: 'Version x402 autre que 1 ou 2. / x402 version other than 1 or 2.',
  },
  {
    code: 'paiement_non_conforme',
    statut: 402,
    signification:
      '`accepted` ne reprend aucune exigence du devis. / `accepted` matches none of the quoted requirements.',
  },
  {
    code: 'reseau_refuse',
    statut: 402,
    signification: 'Réseau autre que eip155:8453. / Network other than eip155:8453.',
  },
  { code: 'actif_refuse', statut: 402, signification: 'Jeton non accepté. / Token not accepted.' },
  {
    code: 'destinataire_incorrect',
    statut: 402,
    signification: 'Le bénéficiaire n’est pas payTo. / The recipient is not payTo.',
  },
  {
    code: 'montant_incorrect',
    statut: 402,
    signification: 'Montant différent du prix exact. / Amount differs from the exact price.',
  },
  {
    code: 'autorisation_pas_encore_valide',
    statut: 402,
    signification: 'validAfter est dans le futur. / validAfter is in the future.',
  },
  {
    code: 'autorisation_expiree',
    statut: 402,
    signification: 'validBefore est passé. / validBefore has passed.',
  },
  {
    code: 'signature_invalide',
    statut: 402,
    signification:
      'La signature EIP-712 ne correspond pas à `from`. / The EIP-712 signature does not match `from`.',
  },
  {
    code: 'paiement_deja_utilise',
    statut: 402,
    signification: 'Nonce déjà utilisé ou en cours d’usage. / Nonce already used or in flight.',
  },
  {
    code: 'x402_non_configure',
    statut: 402,
    signification: 'Paiement x402 non configuré ; utilisez une clé. / x402 not configured; use a key.',
  },
  {
    code: 'empreinte_corps_differente',
    statut: 402,
    signification:
      'Le devis payé (`extra.empreinte_corps`) était celui d’un autre corps de requête ; payer le devis de ce corps. / The quote paid was for another request body; pay this body’s quote.',
  },
  {
    code: 'compte_requis',
    statut: 402,
    signification:
      'Route payable par clé seulement (dépôts au registre). / Key-only route (registry filings).',
  },
] as const satisfies readonly { code: string; statut: number; signification: string }[];
