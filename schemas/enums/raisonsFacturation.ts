/**
 * The reasons of an invoicing verdict (`verdict.raisons[].code` of GET /v1/facturation/dossier and
 * GET /v1/eu/facturation/dossier): a closed list, served by GET /v1/lecture. Each comes with its level and the
 * source that raised it; `pret_a_facturer` is true only when no reason is `bloquant` or `avertissement`. No
 * reason is inferred from a source that did not answer: an outage is its own reason (`…_non_verifie`), never
 * an absence.
 * - `bloquant`: do not invoice (or pay) as things stand;
 * - `avertissement`: check before invoicing; the answer could not settle it;
 * - `information`: nothing stands in the way; a fact worth knowing.
 */
export const NIVEAUX_RAISON_FACTURATION = ['bloquant', 'avertissement', 'information'] as const;

export type NiveauRaisonFacturation = (typeof NIVEAUX_RAISON_FACTURATION)[number];

export const RAISONS_FACTURATION = [
  {
    code: 'destinataire_non_identifie',
    niveau: 'bloquant',
    signification:
      'Le registre lu ne connaît pas ce destinataire comme personne morale (BCE : entreprise inconnue ou personne physique ; liste blanche : NIP absent). / The register read does not know this recipient as a legal person.',
  },
  {
    code: 'destinataire_inactif',
    niveau: 'bloquant',
    signification:
      'Le registre publie l’entreprise comme cessée, radiée ou en cessation. / The register publishes the company as ceased, struck off or winding up.',
  },
  {
    code: 'procedure_collective',
    niveau: 'bloquant',
    signification:
      'Une procédure collective est publiée au BODACC sans clôture publiée : une créance se déclare au mandataire, elle ne se facture pas comme d’habitude. / A collective proceeding is published with no closure: a claim is declared to the insolvency practitioner.',
  },
  {
    code: 'procedures_non_verifiees',
    niveau: 'avertissement',
    signification:
      'Copie du BODACC absente ou trop ancienne : procédures collectives non lues. / BODACC copy missing or too old: proceedings not read.',
  },
  {
    code: 'tva_invalide',
    niveau: 'bloquant',
    signification:
      'VIES répond que le numéro de TVA n’est pas valide. / VIES answers that the VAT number is not valid.',
  },
  {
    code: 'tva_non_verifiee',
    niveau: 'avertissement',
    signification:
      'VIES (ou l’État membre) n’a pas pu vérifier le numéro de TVA, ou n’est pas configuré ; ce n’est pas un verdict sur le numéro. / VIES could not check the VAT number; no verdict on it.',
  },
  {
    code: 'tva_non_active',
    niveau: 'avertissement',
    signification:
      'La liste blanche polonaise ne publie pas le NIP comme assujetti actif (statusVat autre que Czynny). / The Polish white list does not publish the NIP as an active VAT taxpayer.',
  },
  {
    code: 'peppol_non_trouve',
    niveau: 'avertissement',
    signification:
      'Participant introuvable dans le Peppol Directory ; la publication y est volontaire : ce n’est pas la preuve qu’il n’est pas sur Peppol, demandez-lui son identifiant. / Not found in the Peppol Directory; publication is voluntary: no proof the company is not on Peppol.',
  },
  {
    code: 'peppol_sans_facture_en16931',
    niveau: 'avertissement',
    signification:
      'Participant publié, mais aucun de ses types de document n’est une facture EN 16931. / Published participant, but none of its document types is an EN 16931 invoice.',
  },
  {
    code: 'peppol_non_verifie',
    niveau: 'avertissement',
    signification:
      'Le Peppol Directory n’a pas répondu, ou n’est pas configuré ; ce n’est pas une absence. / The Peppol Directory did not answer; this is no absence.',
  },
  {
    code: 'iban_hors_liste_blanche',
    niveau: 'bloquant',
    signification:
      'Le compte n’est pas déclaré par ce NIP sur la liste blanche polonaise au jour demandé (paiement de plus de 15 000 PLN : responsabilité solidaire). / The account is not declared for this NIP on the Polish white list on the day asked.',
  },
  {
    code: 'liste_blanche_non_verifiee',
    niveau: 'avertissement',
    signification:
      'La liste blanche polonaise n’a pas répondu, ou n’est pas configurée ; ce n’est pas une absence. / The Polish white list did not answer; this is no absence.',
  },
  {
    code: 'iban_non_fourni',
    niveau: 'information',
    signification:
      'Aucun IBAN fourni : banque et liste blanche non vérifiées. / No IBAN supplied: bank and white list not checked.',
  },
  {
    code: 'banque_non_identifiee',
    niveau: 'information',
    signification:
      'IBAN valide, mais sa banque n’est pas dans la liste nationale des codes banque tenue ici. / Valid IBAN, but its bank is not in the national bank-code list held here.',
  },
  {
    code: 'plateforme_non_disponible',
    niveau: 'information',
    signification:
      'La plateforme de réception de l’annuaire public de la facturation électronique n’est pas lue par ce service. / The receiving platform of the French e-invoicing directory is not read by this service.',
  },
] as const satisfies readonly { code: string; niveau: NiveauRaisonFacturation; signification: string }[];

/** A value of `verdict.raisons[].code`. */
export type RaisonFacturation = (typeof RAISONS_FACTURATION)[number]['code'];
