import { PAYMENT_ERROR_CODES, type PaymentRefusalCode } from '../payment/refusals.ts';

/**
 * The closed list of error codes this service answers, served by GET /v1/lecture. A code used anywhere in
 * api/ must be listed here (a test checks it).
 */
export interface ErrorCodeEntry {
  code: string;
  statut: number;
  signification: string;
}

export const ERROR_CODES = [
  {
    code: 'parametre_invalide',
    statut: 400,
    signification: 'Paramètre mal formé ; `champ` le nomme. / Malformed parameter; `champ` names it.',
  },
  {
    code: 'parametre_manquant',
    statut: 400,
    signification: 'Paramètre obligatoire absent. / Required parameter missing.',
  },
  {
    code: 'parametre_inconnu',
    statut: 400,
    signification: "Paramètre que la route n'accepte pas. / Parameter the route does not accept.",
  },
  // The closed list of the list routes (api/lister/): body {error, champ, message, indice, nom}.
  {
    code: 'criteres_illisibles',
    statut: 400,
    signification:
      'Critères illisibles : un tableau JSON de {champ, op, valeur} est attendu ; `indice` situe le critère. / Unreadable criteria: a JSON array of {champ, op, valeur}.',
  },
  {
    code: 'criteres_trop_longs',
    statut: 400,
    signification:
      'Paramètre « criteres » trop long (au plus 2000 caractères). / Criteria too long (2,000 characters at most).',
  },
  {
    code: 'trop_de_criteres',
    statut: 400,
    signification: 'Plus de 20 critères. / More than 20 criteria.',
  },
  {
    code: 'champ_inconnu',
    statut: 400,
    signification:
      'Champ absent du catalogue de la liste ; `nom` le donne, `indice` situe le critère. / Field not in the list catalogue.',
  },
  {
    code: 'champ_indisponible',
    statut: 400,
    signification: 'Champ du catalogue pas encore servi. / Catalogue field not served yet.',
  },
  {
    code: 'champ_non_filtrable',
    statut: 400,
    signification: 'Champ servi mais qui ne peut pas servir de critère. / Field served but not filterable.',
  },
  {
    code: 'operateur_refuse',
    statut: 400,
    signification:
      'Opérateur inconnu ou non permis sur ce champ. / Operator unknown or not allowed on this field.',
  },
  {
    code: 'valeur_invalide',
    statut: 400,
    signification:
      'Valeur de critère invalide pour le champ et l’opérateur. / Invalid criterion value for the field and operator.',
  },
  {
    code: 'personnes_physiques_exclues',
    statut: 400,
    signification:
      'Les entrepreneurs individuels (personnes physiques) ne sont jamais listés. / Sole proprietorships (natural persons) are never listed.',
  },
  {
    code: 'tri_refuse',
    statut: 400,
    signification: 'Champ de tri inconnu ou non triable. / Unknown or unsortable sort field.',
  },
  {
    code: 'page_hors_bornes',
    statut: 400,
    signification: 'Page hors de 1 à 100. / Page outside 1 to 100.',
  },
  {
    code: 'champ_de_sortie_inconnu',
    statut: 400,
    signification: 'Champ de sortie inconnu ou jamais servi. / Unknown or never-served output field.',
  },
  {
    code: 'requete_trop_large',
    statut: 400,
    signification:
      'Requête encore trop large après le budget de 15 secondes ; resserrer les critères. / Query still too broad after the 15-second budget; narrow the criteria.',
  },
  {
    code: 'diffusion_partielle_non_couverte',
    statut: 400,
    signification:
      'SIREN en diffusion partielle (statut de diffusion P) : non servi. / SIREN under restricted diffusion: not served.',
  },
  {
    code: 'entreprise_individuelle_non_couverte',
    statut: 400,
    signification:
      'Entrepreneur individuel (catégorie juridique 1000), personne physique : non servi. / Sole proprietorship, a natural person: not served.',
  },
  {
    code: 'groupement_sans_personnalite_morale_non_couvert',
    statut: 400,
    signification:
      'Groupement sans personnalité morale (catégorie 2xxx, association non déclarée, OPCVM) : non servi. / Group without legal personality: not served.',
  },
  {
    code: 'paiement_requis',
    statut: 402,
    signification: 'Paiement ou clé requis ; le devis est dans PAYMENT-REQUIRED. / Payment or key required.',
  },
  {
    code: 'credits_insuffisants',
    statut: 402,
    signification: 'Solde de crédits insuffisant. / Credit balance too low.',
  },
  {
    code: 'route_inconnue',
    statut: 404,
    signification: 'Aucune route à cette adresse. / No route at this path.',
  },
  {
    code: 'entreprise_inconnue',
    statut: 404,
    signification:
      'Identifiant absent de la dernière photo du registre (Sirene : aucune entreprise diffusible pour ce SIREN). / Identifier not in the register’s last snapshot (Sirene: no diffusible company for this SIREN).',
  },
  {
    code: 'identite_incomplete',
    statut: 404,
    signification:
      'État administratif ou catégorie juridique absent : `siren`, `champs_absents` et la `fiche` partielle sont donnés. / Administrative status or legal category missing; the partial record is given.',
  },
  {
    code: 'modele_score_absent',
    statut: 404,
    signification:
      'Aucun modèle de score chargé sur ce serveur (registres score train), ou les données de démonstration ne contiennent aucune défaillance : le message dit lequel. / No score model loaded on this server, or the demo data holds no failure: the message says which.',
  },
  {
    code: 'association_inconnue',
    statut: 404,
    signification:
      'Aucune association de ce numéro RNA dans le RNA ni le JOAFE tenus. / No association with this RNA number in the RNA or JOAFE held.',
  },
  {
    code: 'trop_de_requetes',
    statut: 429,
    signification:
      'Limite de débit atteinte (par clé ou par adresse) ; réessayer après Retry-After, rien n’est facturé. / Rate limit reached (per key or per address); retry after Retry-After, nothing is charged.',
  },
  {
    code: 'methode_non_permise',
    statut: 405,
    signification:
      'Méthode que la route ne sert pas (GET, et POST pour les routes à corps JSON). / Method the route does not serve (GET, and POST for routes with a JSON body).',
  },
  // The POST routes' bodies (api/middleware/readBody.ts) and their idempotency (api/payment/idempotency.ts).
  {
    code: 'corps_illisible',
    statut: 400,
    signification:
      'Corps absent ou qui n’est pas du JSON (Content-Type: application/json). / Body missing or not JSON.',
  },
  {
    code: 'corps_invalide',
    statut: 400,
    signification:
      'Corps JSON hors de son schéma (OpenAPI requestBody) ; `champ` nomme le membre. / JSON body outside its schema; `champ` names the member.',
  },
  {
    code: 'corps_trop_volumineux',
    statut: 413,
    signification:
      'Corps plus long que la limite de la route ; jamais facturé. / Body over the route’s size limit; never charged.',
  },
  {
    code: 'aucune_entite_servie',
    statut: 404,
    signification:
      'Aucune entité du lot n’a pu être servie : chacune est dans `erreurs` avec son code ; rien n’est facturé. / No entity of the batch could be served: each is in `erreurs` with its code; nothing is charged.',
  },
  {
    code: 'cle_idempotence_invalide',
    statut: 400,
    signification:
      'En-tête Idempotency-Key vide ou hors de 1 à 255 caractères imprimables. / Idempotency-Key empty or not 1 to 255 printable characters.',
  },
  {
    code: 'cle_idempotence_reutilisee',
    statut: 422,
    signification:
      'Idempotency-Key déjà utilisée par ce payeur pour un autre corps ou une autre route (24 h) ; jamais facturé. / Idempotency-Key already used by this payer with another body or route (24 h); never charged.',
  },
  {
    code: 'requete_en_cours',
    statut: 409,
    signification:
      'Une requête de même Idempotency-Key est encore en cours ; réessayer après elle. Jamais facturé. / A request with the same Idempotency-Key is still running; retry after it. Never charged.',
  },
  {
    code: 'base_indisponible',
    statut: 503,
    signification:
      'La base de données du service est indisponible ; réessayer. / The service database is down; retry.',
  },
  {
    code: 'amont_indisponible',
    statut: 503,
    signification:
      'Registre en direct ou source LEI indisponible ou illisible. / Live register or LEI source down or unreadable.',
  },
  {
    code: 'collecte_en_cours',
    statut: 503,
    signification:
      'Collecte initiale du registre local en cours ; réessayer ne sert à rien avant sa fin. / Initial collection still running.',
  },
  {
    code: 'photo_perimee',
    statut: 503,
    signification:
      'Photo locale plus ancienne que le seuil de fraîcheur du registre. / Local snapshot older than the freshness threshold.',
  },
  {
    code: 'stock_perime',
    statut: 503,
    signification:
      'Table de liste ou stock d’identité de plus de 45 jours. / List table or identity stock older than 45 days.',
  },
  {
    code: 'cle_requise',
    statut: 401,
    signification:
      'Clé d’API absente ou inconnue (GET /v1/compte) ; jamais facturé. / API key missing or unknown; never charged.',
  },
  {
    code: 'compte_incoherent',
    statut: 503,
    signification: 'Un total inférieur à la liste lue : non vendu. / A count below the list read; not sold.',
  },
  {
    code: 'pays_non_couvert',
    statut: 400,
    signification:
      'Pays sans copie locale ni registre en direct sur cette route. / Country not covered by this route.',
  },
  {
    code: 'forme_juridique_non_servie',
    statut: 404,
    signification:
      'Forme juridique inconnue, ou qui ne dit pas s’il s’agit d’une personne morale : non servie. / Legal form unknown or undecided: not served.',
  },
  {
    code: 'entreprise_individuelle_non_servie',
    statut: 404,
    signification:
      'Personne physique ou entrepreneur individuel : non servi (registres étrangers). / Natural person or sole trader: not served (foreign registers).',
  },
  {
    code: 'element_inconnu',
    statut: 404,
    signification:
      'L’élément que nomme le chemin (un état clos à cette date…) n’est pas parmi ceux que le registre tient pour cette entreprise ; `champ` le nomme. / The item the path names (a statement closing on that date…) is not among those the register holds for this company.',
  },
  {
    code: 'document_inconnu',
    statut: 404,
    signification:
      'Dépôt inconnu du registre (identifiant pris hors de la liste des documents, ou supprimé). / Filing unknown to the register (an id not from the filings list, or deleted).',
  },
  {
    code: 'surveillance_inconnue',
    statut: 404,
    signification:
      'Surveillance inconnue, arrivée à son terme, ou d’un autre propriétaire (clé d’un autre compte, payeur x402 non prouvé) : rien ne dit laquelle. / Watch unknown, ended, or owned by someone else: nothing tells which.',
  },
  {
    code: 'registre_non_configure',
    statut: 503,
    signification:
      'Aucun accès au registre sur ce serveur (adresse ou identifiants non configurés) : ce n’est pas une panne du registre. / No access to the register on this server (address or credentials not configured); not an outage of the register.',
  },
  {
    code: 'zavierka_non_lue',
    statut: 503,
    signification:
      'Un dépôt annoncé pour cette unité n’a pu être lu ni conservé ; se répare à la prochaine lecture réussie. / A filing announced for this unit could not be read or stored; heals on the next successful read.',
  },
  {
    code: 'depot_non_lu',
    statut: 503,
    signification:
      'Un dépôt annoncé pour cette entreprise n’a pu être décodé ; relu automatiquement. / A filing announced for this company could not be decoded; read again automatically.',
  },
  {
    code: 'recherche_indisponible',
    statut: 503,
    signification:
      'Recherche sans réponse : index dégradé sans rien trouvé, ou aucun registre interrogé n’a pu répondre. / Search could not answer: index degraded with nothing found, or none of the searched registers answered.',
  },
  {
    code: 'service_en_arret',
    statut: 503,
    signification:
      'Le service s’arrête : les requêtes en cours finissent, les nouvelles sont refusées ; réessayer. / The service is shutting down: running requests finish, new ones are refused; retry.',
  },
  {
    code: 'incident_interne',
    statut: 503,
    signification:
      "Défaut interne imprévu, consigné avec l'identifiant de requête ; rien n'est facturé. / Unexpected internal fault, logged with the request id; nothing is charged.",
  },
] as const satisfies readonly ErrorCodeEntry[];

/** Values of `motif_panne`: why a source or the service could not answer. */
export const MOTIFS_PANNE = [
  {
    code: 'base_indisponible',
    signification: 'Base de données du service injoignable. / Service database unreachable.',
  },
  {
    code: 'service_en_arret',
    signification: 'Le service s’arrête. / The service is shutting down.',
  },
  {
    code: 'amont_indisponible',
    signification:
      'Registre amont injoignable ou réponse illisible. / Upstream register unreachable or unreadable.',
  },
  {
    code: 'collecte_en_cours',
    signification:
      'Première collecte du registre non terminée. / First collection of the register not complete.',
  },
  {
    code: 'photo_perimee',
    signification: 'Dernière photo complète trop ancienne. / Last complete snapshot too old.',
  },
  { code: 'stock_perime', signification: 'Stock de plus de 45 jours. / Stock older than 45 days.' },
  {
    code: 'copie_locale_illisible',
    signification:
      'La copie locale du registre n’a pu être lue (table absente ou requête en échec). / The local copy could not be read.',
  },
  {
    code: 'delai_depasse',
    signification:
      "Source trop lente dans le budget de la requête. / Source too slow for the request's budget.",
  },
] as const satisfies readonly Omit<ErrorCodeEntry, 'statut'>[];

/** A code of the closed list: the `error` of every refusal or outage the service answers. */
export type ErrorCode =
  | (typeof ERROR_CODES)[number]['code']
  | (typeof PAYMENT_ERROR_CODES)[number]['code']
  | PaymentRefusalCode;

/** A value of `motif_panne`. */
export type MotifPanne = (typeof MOTIFS_PANNE)[number]['code'];

/** Payment refusals (api/payment/refusals.ts) belong to the same closed list. */
export const ALL_ERROR_CODES: readonly ErrorCodeEntry[] = [...ERROR_CODES, ...PAYMENT_ERROR_CODES];

const KNOWN = new Set(ALL_ERROR_CODES.map((e) => e.code));
export function isKnownErrorCode(code: string): boolean {
  return KNOWN.has(code);
}
