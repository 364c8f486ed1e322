/**
 * What the IDCC codes that are states, not agreements, mean in the SIRET-IDCC file (DSN escape codes), and
 * the one value of the 2019 file that is no IDCC (`0`, served as `0000`). Sources: the ministry of Labour's
 * IDCC nomenclature (DARES, https://code.travail.gouv.fr/fiche-ministere-travail/conventions-collectives-nomenclatures)
 * as the State's Annuaire des entreprises reproduces it (github.com/annuaire-entreprises-data-gouv-fr/site,
 * utils/helpers/formatting/metadata/conventions-collectives.ts): 5100 "Statut divers ou non précisé", 5501
 * "Convention d'entreprise indépendante ou texte assimilé non précisé", 9998 "Convention non encore en
 * vigueur"; 9999 "Sans convention collective", the escape code an employer whose main activity falls under no
 * applicable agreement declares in the DSN (OPCO Cohésion sociale, "Attention à l'IDCC que vous saisissez dans
 * votre DSN", lacohesionsocialerecrute.fr; the Egapro declaration form's labels "9999 - Sans convention
 * collective" and "9998 - Convention non encore en vigueur").
 */
export const IDCC_STATE_NOTES: Readonly<Record<string, string>> = {
  '5100':
    '5100 : statut divers ou non précisé (code d’état de la nomenclature des IDCC, pas une convention). / Miscellaneous or unspecified status (a state code, not an agreement).',
  '5501':
    '5501 : convention d’entreprise indépendante ou texte assimilé non précisé. / Unspecified independent company agreement or similar text.',
  '9998': '9998 : convention collective non encore en vigueur. / Collective agreement not yet in force.',
  '9999':
    '9999 : aucune convention collective déclarée (code « sans convention collective » de la DSN). / No collective agreement declared (the DSN’s “no agreement” code).',
  '0000':
    '0000 : valeur déclarée telle quelle, aucun IDCC de la nomenclature ne porte ce numéro. / Value kept as declared; no IDCC of the nomenclature has this number.',
};

/** The note on the DSN months the codes were declared for (`idcc` null in the notes). */
export function monthNote(months: readonly string[]): string {
  const list = months.length > 0 ? months.join(', ') : 'non publié / not published';
  return `Codes IDCC déclarés en DSN par les établissements de l’entreprise, mois ${list} (fichier SIRET-IDCC du ministère du Travail). / IDCC codes declared in the DSN by the company’s establishments, month ${list} (Ministry of Labour SIRET-IDCC file).`;
}
