import { PROCEDURE_STATES, SIGNAL_CATEGORIES } from '../../projections/fr-entreprises-liste/publicSignals.ts';
import { FR_BODACC_REGISTER } from '../../schemas/events/frBodaccEvents.ts';
import { FR_RATIOS_INPI_BCE_REGISTER } from '../../schemas/events/frRatiosInpiBceEvents.ts';
import { FR_SIRENE_REGISTER } from '../../schemas/events/frSireneEvents.ts';
import {
  oneOf,
  readAmount,
  readCodePostal,
  readCommune,
  readDate,
  readDepartement,
  readForme,
  readNaf,
  readNumber,
  readSiren,
  TRANCHES_EFFECTIFS,
  type ValueReader,
} from './fieldValues.ts';
import { CODE_OPS, ENUM_OPS, type Operator, ORDERED } from './operators.ts';

/**
 * One field of the companies list: what it is, where it comes from, how fresh, and what a client may do with
 * it. The catalogue below is the single place these facts live: criteria parsing, sorting, SQL, the `champs`
 * member of answers and the OpenAPI description all read it.
 */
export interface FieldDefinition {
  name: string;
  /** Type as served in `champs` and OpenAPI. */
  type: 'code' | 'texte' | 'date' | 'entier' | 'nombre';
  /** Register code of the source (see GET /v1/provenance/registres). */
  source: string;
  fraicheur: string;
  semantique: string;
  filterable: boolean;
  sortable: boolean;
  operators: readonly Operator[];
  /** False: known to the contract but not served yet (`champ_indisponible`). */
  available: boolean;
  /** Served in every result item (the contract's default members); others only when asked in `champs`. */
  defaultOutput: boolean;
  /** Column of the served table, whitelisted here and nowhere else. */
  column: string;
  /** PostgreSQL type of the column, for array bindings of `in`. */
  sqlType: 'text' | 'date' | 'bigint' | 'numeric';
  read?: ValueReader;
  /** Tranche codes: order comparisons apply to numbered bands only (`NN`, non-employer, is not a size). */
  numericCodesOnly?: boolean;
}

const SIRENE_FRESH =
  'stock mensuel INSEE Sirene ; servi si la photo a au plus 45 jours / monthly stock, served up to 45 days old';
const ACCOUNTS_FRESH =
  'export ratios INPI-BCE ; servi si la photo a au plus 45 jours ; exercice clos selon date_cloture / served up to 45 days old';
const LAST_ACCOUNTS =
  'des derniers comptes qualifiés (clôture la plus récente non postérieure à l’export ; à date égale C, puis S, puis K) / of the last qualified accounts';
const WITHHELD =
  'null si non publié, ou si les comptes sont déposés confidentiels (compte de résultat non diffusé) / null when not published or filed confidential';

const SIGNALS_FRESH =
  'annonces BODACC (procédures collectives, radiations), annulées ou rectifiées exclues ; servi si la dernière collecte a au plus 45 jours / BODACC notices, served up to 45 days old';

const identity = { source: FR_SIRENE_REGISTER, fraicheur: SIRENE_FRESH, available: true };
const signals = { source: FR_BODACC_REGISTER, fraicheur: SIGNALS_FRESH, available: true };
const accounts = { source: FR_RATIOS_INPI_BCE_REGISTER, fraicheur: ACCOUNTS_FRESH, available: true };

export const FIELDS: readonly FieldDefinition[] = [
  {
    ...identity,
    name: 'identite.siren',
    type: 'code',
    semantique: 'SIREN de l’unité légale, 9 chiffres / company number',
    filterable: true,
    sortable: true,
    operators: ['=', 'in', '>', '>=', '<', '<=', 'entre', 'commence_par'],
    defaultOutput: true,
    column: 'siren',
    sqlType: 'text',
    read: readSiren,
  },
  {
    ...identity,
    name: 'identite.denomination',
    type: 'texte',
    semantique: 'dénomination de la personne morale telle que publiée / registered name',
    filterable: false,
    sortable: false,
    operators: [],
    defaultOutput: true,
    column: 'denomination',
    sqlType: 'text',
  },
  {
    ...identity,
    name: 'identite.forme',
    type: 'code',
    semantique:
      'catégorie juridique INSEE à 4 chiffres (5710 SAS, 5499 SARL...) ; personnes morales seulement (ni 1xxx entrepreneurs individuels, ni 2xxx groupements sans personnalité morale) / legal category; legal persons only',
    filterable: true,
    sortable: true,
    operators: CODE_OPS,
    defaultOutput: true,
    column: 'forme',
    sqlType: 'text',
    read: readForme,
  },
  {
    ...identity,
    name: 'identite.naf',
    type: 'code',
    semantique: 'activité principale (code NAF/APE tel que publié, ex. 62.01Z) / main activity code',
    filterable: true,
    sortable: true,
    operators: CODE_OPS,
    defaultOutput: true,
    column: 'naf',
    sqlType: 'text',
    read: readNaf,
  },
  {
    ...identity,
    name: 'identite.tranche_effectifs',
    type: 'code',
    semantique:
      'tranche d’effectif salarié INSEE (NN non employeur, 00 zéro, 01 1-2, ... 53 10 000 et plus) ; les comparaisons d’ordre ne portent que sur les tranches numérotées / workforce band',
    filterable: true,
    sortable: true,
    operators: ORDERED.filter((o) => o !== 'entre'),
    defaultOutput: true,
    column: 'tranche_effectifs',
    sqlType: 'text',
    read: oneOf(TRANCHES_EFFECTIFS, 'Tranche d’effectif'),
    numericCodesOnly: true,
  },
  {
    ...identity,
    name: 'identite.etat',
    type: 'code',
    semantique:
      'état administratif : A active, C cessée ; sans critère sur ce champ, seules les actives sont listées / A active, C ceased; active only by default',
    filterable: true,
    sortable: true,
    operators: ['=', 'in'],
    defaultOutput: true,
    column: 'etat',
    sqlType: 'text',
    read: oneOf(['A', 'C'], 'État administratif'),
  },
  {
    ...identity,
    name: 'identite.date_creation',
    type: 'date',
    semantique: 'date de création de l’unité légale (AAAA-MM-JJ) : critère d’âge / creation date',
    filterable: true,
    sortable: true,
    operators: ORDERED,
    defaultOutput: false,
    column: 'date_creation',
    sqlType: 'date',
    read: readDate,
  },
  {
    ...identity,
    name: 'identite.categorie_entreprise',
    type: 'code',
    semantique: 'catégorie d’entreprise INSEE : PME, ETI, GE / size category',
    filterable: true,
    sortable: true,
    operators: ENUM_OPS,
    defaultOutput: false,
    column: 'categorie_entreprise',
    sqlType: 'text',
    read: oneOf(['PME', 'ETI', 'GE'], 'Catégorie d’entreprise'),
  },
  {
    ...identity,
    name: 'siege.code_postal',
    type: 'code',
    semantique: 'code postal du siège / head-office postal code',
    filterable: true,
    sortable: true,
    operators: CODE_OPS,
    defaultOutput: true,
    column: 'code_postal',
    sqlType: 'text',
    read: readCodePostal,
  },
  {
    ...identity,
    name: 'siege.commune',
    type: 'texte',
    semantique: 'libellé de la commune du siège, en majuscules comme publié / head-office town, upper case',
    filterable: true,
    sortable: true,
    operators: ENUM_OPS,
    defaultOutput: true,
    column: 'commune',
    sqlType: 'text',
    read: readCommune,
  },
  {
    ...identity,
    name: 'siege.departement',
    type: 'code',
    semantique:
      'département du siège, tiré du code commune INSEE (2A/2B pour la Corse, 971 à 976 outre-mer, 975/977/978/984-988 collectivités) ; null pour Monaco et l’étranger / head-office département',
    filterable: true,
    sortable: true,
    operators: ENUM_OPS,
    defaultOutput: true,
    column: 'departement',
    sqlType: 'text',
    read: readDepartement,
  },
  {
    ...accounts,
    name: 'finances.date_cloture',
    type: 'date',
    semantique: `date de clôture ${LAST_ACCOUNTS}`,
    filterable: true,
    sortable: true,
    operators: ORDERED,
    defaultOutput: true,
    column: 'date_cloture',
    sqlType: 'date',
    read: readDate,
  },
  {
    ...accounts,
    name: 'finances.type_bilan',
    type: 'code',
    semantique: `type de bilan ${LAST_ACCOUNTS} : C complet, S simplifié, K consolidé`,
    filterable: true,
    sortable: false,
    operators: ENUM_OPS,
    defaultOutput: false,
    column: 'type_bilan',
    sqlType: 'text',
    read: oneOf(['C', 'S', 'K'], 'Type de bilan'),
  },
  {
    ...accounts,
    name: 'finances.ca',
    type: 'entier',
    semantique: `chiffre d’affaires en euros ${LAST_ACCOUNTS} ; ${WITHHELD}`,
    filterable: true,
    sortable: true,
    operators: ORDERED,
    defaultOutput: true,
    column: 'ca',
    sqlType: 'bigint',
    read: readAmount,
  },
  {
    ...accounts,
    name: 'finances.resultat_net',
    type: 'entier',
    semantique: `résultat net en euros ${LAST_ACCOUNTS} ; null si non publié / net result in euros`,
    filterable: true,
    sortable: true,
    operators: ORDERED,
    defaultOutput: true,
    column: 'resultat_net',
    sqlType: 'bigint',
    read: readAmount,
  },
  {
    ...accounts,
    name: 'finances.ebe',
    type: 'entier',
    semantique: `excédent brut d’exploitation (EBITDA) en euros ${LAST_ACCOUNTS} ; ${WITHHELD}`,
    filterable: true,
    sortable: true,
    operators: ORDERED,
    defaultOutput: false,
    column: 'ebe',
    sqlType: 'bigint',
    read: readAmount,
  },
  {
    ...accounts,
    name: 'finances.bfr_sur_ca',
    type: 'nombre',
    semantique: `besoin en fonds de roulement d’exploitation en % du chiffre d’affaires (poids_bfr_exploitation_sur_ca) ${LAST_ACCOUNTS} ; ${WITHHELD}`,
    filterable: true,
    sortable: true,
    operators: ORDERED,
    defaultOutput: false,
    column: 'bfr_sur_ca',
    sqlType: 'numeric',
    read: readNumber,
  },
  {
    ...signals,
    name: 'signaux.procedure_collective',
    type: 'code',
    semantique: `procédure collective selon la dernière annonce de procédure publiée au BODACC : ${PROCEDURE_STATES.join(', ')} (aucune : aucune annonce publiée, ce qui ne prouve pas l’absence de procédure ; cloturee : la dernière annonce clôt la procédure ; non_precisee : le jugement ne nomme pas la procédure) / insolvency proceeding per the latest BODACC notice`,
    filterable: true,
    sortable: true,
    operators: ENUM_OPS,
    defaultOutput: false,
    column: 'procedure_collective',
    sqlType: 'text',
    read: oneOf(PROCEDURE_STATES, 'Procédure collective'),
  },
  {
    ...signals,
    name: 'signaux.dernier_signal',
    type: 'code',
    semantique: `catégorie du dernier signal BODACC de l’entreprise (procédure collective ou radiation) : ${SIGNAL_CATEGORIES.join(', ')} ; null si aucun / category of the latest BODACC signal`,
    filterable: true,
    sortable: true,
    operators: ENUM_OPS,
    defaultOutput: false,
    column: 'dernier_signal',
    sqlType: 'text',
    read: oneOf(SIGNAL_CATEGORIES, 'Dernier signal'),
  },
  {
    ...signals,
    name: 'signaux.date_dernier_signal',
    type: 'date',
    semantique:
      'date du dernier signal BODACC (date du jugement, à défaut date de parution), AAAA-MM-JJ ; null si aucun / date of the latest BODACC signal',
    filterable: true,
    sortable: true,
    operators: ORDERED,
    defaultOutput: false,
    column: 'date_dernier_signal',
    sqlType: 'date',
    read: readDate,
  },
];

/** Names no list ever serves, answered `champ_inconnu` with the reason: contact details and officers. */
export const NEVER_SERVED =
  /(^|\.)(e-?mail|courriel|telephone|tel|phone|dirigeants?|mandataires?|representants?|officers?)($|\.)/i;

const BY_NAME = new Map(FIELDS.map((f) => [f.name, f]));

export function findField(name: string): FieldDefinition | undefined {
  return BY_NAME.get(name);
}

export const SIREN_FIELD = BY_NAME.get('identite.siren')!;
export const ETAT_FIELD = BY_NAME.get('identite.etat')!;

/** The `champs` member of an answer: each field used, described. */
export function describeFields(fields: readonly FieldDefinition[]): Record<string, Record<string, string>> {
  const out: Record<string, Record<string, string>> = {};
  for (const f of fields) {
    out[f.name] = { type: f.type, source: f.source, fraicheur: f.fraicheur, semantique: f.semantique };
  }
  return out;
}

/** The whole catalogue, for the OpenAPI description. */
export function catalogueForOpenApi(): Record<string, unknown>[] {
  return FIELDS.map((f) => ({
    nom: f.name,
    type: f.type,
    source: f.source,
    fraicheur: f.fraicheur,
    semantique: f.semantique,
    filtrable: f.filterable,
    triable: f.sortable,
    operateurs: f.operators,
    disponible: f.available,
    servi_par_defaut: f.defaultOutput,
  }));
}
