/**
 * Why a block of the French profile or of the dossier is not served (`blocs_absents[].raison`): a closed list,
 * served by GET /v1/lecture. A block is absent only for one of these reasons; an empty list is never presented
 * as a fact in its place.
 */
export const RAISONS_BLOC_ABSENT = [
  {
    code: 'identite_incomplete',
    signification:
      'Statut administratif ou catégorie juridique non publiés : identité partielle. / Administrative status or legal category not published: partial identity.',
  },
  {
    code: 'aucune_donnee',
    signification:
      'La source, lue en entier, ne publie rien pour cette entreprise. / The source, read in full, publishes nothing for this company.',
  },
  {
    code: 'non_diffusible',
    signification:
      'La source marque ces données comme non diffusibles. / The source marks this data as not disclosable.',
  },
  {
    code: 'amont_indisponible',
    signification:
      'Registre amont injoignable ou réponse illisible au moment de la requête. / Upstream register unreachable or unreadable at request time.',
  },
  {
    code: 'registre_non_configure',
    signification:
      'Le registre amont demande des identifiants que ce serveur n’a pas. / The upstream register needs credentials this server does not have.',
  },
  {
    code: 'copie_indisponible',
    signification:
      'Copie locale de la source absente, incomplète ou trop ancienne. / Local copy of the source missing, incomplete or too old.',
  },
] as const;

/** A value of `blocs_absents[].raison`. */
export type RaisonBlocAbsent = (typeof RAISONS_BLOC_ABSENT)[number]['code'];

/** One entry of `blocs_absents`: the block, the reason, a bilingual message. */
export interface BlocAbsent {
  bloc: string;
  raison: RaisonBlocAbsent;
  message: string;
}

/** Whether an absence is an upstream outage (counted in the dossier's `resume.dont_panne_amont`). */
export const isUpstreamOutage = (absent: BlocAbsent): boolean => absent.raison === 'amont_indisponible';
