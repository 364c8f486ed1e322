/**
 * The flags a synthesis may raise, each derived from one block by a stated rule (a closed list, served by
 * the route's description and the schema's enum). A block absent raises none.
 */
export const DRAPEAUX_INTELLIGENCE = [
  {
    code: 'procedure_collective_ouverte',
    bloc: 'procedures_collectives',
    regle:
      'La dernière annonce de procédure collective n’est pas une clôture. / The latest proceeding notice is not a closure.',
  },
  {
    code: 'entreprise_cessee',
    bloc: 'profil',
    regle: 'Sirene publie l’unité légale cessée. / Sirene publishes the legal unit as ceased.',
  },
  {
    code: 'comptes_anciens',
    bloc: 'comptes',
    regle:
      'Dernière clôture publiée il y a plus de 24 mois. / Latest published closing more than 24 months ago.',
  },
  {
    code: 'resultat_net_negatif',
    bloc: 'comptes',
    regle: 'Résultat net du dernier exercice négatif. / Net result of the latest exercise negative.',
  },
  {
    code: 'chiffre_affaires_en_baisse',
    bloc: 'comptes',
    regle:
      'Chiffre d’affaires du dernier exercice inférieur au précédent. / Latest turnover below the previous one.',
  },
  {
    code: 'marge_ebe_sous_mediane_secteur',
    bloc: 'comptes',
    regle:
      'Marge d’EBE du dernier exercice inférieure d’au moins un point à la médiane de sa division NAF. / Latest EBITDA margin at least one point below its NAF division’s median.',
  },
] as const;

export type DrapeauIntelligence = (typeof DRAPEAUX_INTELLIGENCE)[number]['code'];
