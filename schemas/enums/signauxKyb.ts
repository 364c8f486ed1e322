/**
 * The red flags of a KYB answer (`signaux[].code`): a closed list, served by GET /v1/lecture. Each is computed
 * from one source the answer cites; no flag is inferred from the absence of data (an absent block is named in
 * `blocs_absents`, never turned into a flag or into its opposite).
 */
export const SIGNAUX_KYB = [
  {
    code: 'entreprise_cessee',
    source: 'fr.sirene',
    signification: 'Sirene publie l’unité légale comme cessée. / Sirene publishes the legal unit as ceased.',
  },
  {
    code: 'procedure_collective',
    source: 'fr.bodacc',
    signification:
      'Une procédure collective (sauvegarde, redressement, liquidation) est publiée au BODACC sans clôture publiée depuis. / A collective proceeding is published in the BODACC with no closure published since.',
  },
  {
    code: 'radiation_publiee',
    source: 'fr.bodacc',
    signification: 'Une radiation est publiée au BODACC. / A striking-off is published in the BODACC.',
  },
  {
    code: 'tva_non_valide',
    source: 'eu.vies',
    signification:
      'VIES répond que le numéro de TVA calculé du SIREN n’est pas valide. / VIES answers that the VAT number computed from the SIREN is not valid.',
  },
  {
    code: 'sanction_entreprise',
    source: 'listes de sanctions',
    signification:
      'L’entreprise figure sur une liste de gel des avoirs criblée. / The company is on a screened asset-freeze list.',
  },
  {
    code: 'sanction_dirigeant',
    source: 'listes de sanctions',
    signification:
      'Un dirigeant personne morale figure sur une liste criblée. / A legal-person officer is on a screened list.',
  },
  {
    code: 'sanction_mere',
    source: 'listes de sanctions',
    signification:
      'Une société mère (GLEIF) figure sur une liste criblée. / A parent company (GLEIF) is on a screened list.',
  },
  {
    code: 'creation_recente',
    source: 'fr.sirene',
    signification:
      'Unité légale créée il y a moins de 12 mois (Sirene). / Legal unit created less than 12 months ago (Sirene).',
  },
] as const;

/** A value of `signaux[].code`. */
export type SignalKyb = (typeof SIGNAUX_KYB)[number]['code'];
