/**
 * Why a live register could not answer usably (`raison` of a `503 amont_indisponible`): a closed list, served by
 * GET /v1/lecture (`raisons_amont`) and listed in docs/registers.md. `LiveUnavailableError` carries one of these.
 */
export const RAISONS_AMONT = [
  {
    code: 'injoignable',
    signification:
      'Le registre ne répond pas (connexion refusée ou coupée). / The register cannot be reached.',
  },
  {
    code: 'delai_depasse',
    signification: 'Le registre n’a pas répondu à temps. / The register did not answer in time.',
  },
  {
    code: 'circuit_ouvert',
    signification:
      'Trop d’échecs de suite : le registre n’est plus interrogé pendant un moment. / Too many failures in a row: the register is not asked for a while.',
  },
  {
    code: 'refus',
    signification:
      'Le registre a refusé la demande (erreur serveur ou accès refusé). / The register refused the request (server error or access denied).',
  },
  {
    code: 'illisible',
    signification:
      'Réponse du registre illisible (JSON tronqué, page HTML). / The register’s answer is unreadable (truncated JSON, an HTML page).',
  },
  {
    code: 'sature',
    signification:
      'File d’attente du service vers ce registre pleine. / The service’s own queue for this register is full.',
  },
  {
    code: 'trop_volumineux',
    signification:
      'Document du registre plus lourd que la limite du service : non servi, jamais tronqué. / The register’s document is larger than the service’s limit: not served, never truncated.',
  },
  {
    code: 'limite_amont',
    signification:
      'Limite de débit du registre atteinte (429) : pas d’appel avant son Retry-After. / The register’s rate limit was reached (429): not asked again before its Retry-After.',
  },
] as const;

/** A value of `raison` in a `503 amont_indisponible`. */
export type RaisonAmont = (typeof RAISONS_AMONT)[number]['code'];
