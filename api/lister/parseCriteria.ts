import { type FieldDefinition, findField, NEVER_SERVED } from './fieldCatalogue.ts';
import { listerRefusal } from './listerRefusal.ts';
import { isOperator, type Operator } from './operators.ts';

/** One checked criterion: the field, the operator, and its values ready to bind. */
export interface Criterion {
  field: FieldDefinition;
  op: Operator;
  /** One value, two for `entre` (min ≤ max), 1 to 100 for `in`. */
  values: (string | number)[];
  /** As the client wrote it, echoed in `criteres`. */
  echo: { champ: string; op: string; valeur: unknown };
}

export const CRITERIA_LIMITS = { maxChars: 2000, maxCriteria: 20, maxInValues: 100 } as const;

const PARAM = 'criteres';

/**
 * Reads `criteres`: a JSON array (URL-decoded by the router) of `{champ, op, valeur}`. Checks, in order:
 * length, JSON shape, count, then each criterion: field known, available, filterable, operator allowed,
 * value valid. The first fault is refused with its code and the criterion's position (`indice`, from 0).
 */
export function parseCriteria(raw: string | undefined): Criterion[] {
  if (raw === undefined || raw.trim() === '') return [];
  if (raw.length > CRITERIA_LIMITS.maxChars) {
    throw listerRefusal(
      'criteres_trop_longs',
      PARAM,
      `« criteres » dépasse ${CRITERIA_LIMITS.maxChars} caractères (${raw.length}). / Criteria longer than ${CRITERIA_LIMITS.maxChars} characters.`,
    );
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    throw listerRefusal(
      'criteres_illisibles',
      PARAM,
      '« criteres » n’est pas du JSON : un tableau de {champ, op, valeur} encodé dans l’URL est attendu. / Not JSON.',
    );
  }
  if (!Array.isArray(parsed)) {
    throw listerRefusal(
      'criteres_illisibles',
      PARAM,
      '« criteres » doit être un tableau JSON de {champ, op, valeur}. / A JSON array is expected.',
    );
  }
  if (parsed.length > CRITERIA_LIMITS.maxCriteria) {
    throw listerRefusal(
      'trop_de_criteres',
      PARAM,
      `${parsed.length} critères : au plus ${CRITERIA_LIMITS.maxCriteria}. / At most ${CRITERIA_LIMITS.maxCriteria} criteria.`,
    );
  }
  return parsed.map((item, indice) => parseOne(item, indice));
}

function parseOne(item: unknown, indice: number): Criterion {
  if (
    item === null ||
    typeof item !== 'object' ||
    Array.isArray(item) ||
    typeof (item as { champ?: unknown }).champ !== 'string' ||
    typeof (item as { op?: unknown }).op !== 'string' ||
    !('valeur' in item) ||
    Object.keys(item).some((k) => k !== 'champ' && k !== 'op' && k !== 'valeur')
  ) {
    throw listerRefusal(
      'criteres_illisibles',
      PARAM,
      `Critère ${indice} : un objet {champ, op, valeur} exactement est attendu. / Criterion ${indice} must be {champ, op, valeur}.`,
      { indice },
    );
  }
  const { champ, op, valeur } = item as { champ: string; op: string; valeur: unknown };
  const at = { indice, nom: champ.slice(0, 100) };
  const field = findField(champ);
  if (!field) {
    const never = NEVER_SERVED.test(champ);
    throw listerRefusal(
      'champ_inconnu',
      PARAM,
      never
        ? `« ${at.nom} » : aucune adresse électronique, aucun téléphone ni dirigeant n’est servi par la liste. / No e-mail, phone or officer is ever served.`
        : `Champ inconnu « ${at.nom} » ; voir le catalogue des champs (OpenAPI, x-catalogue-champs). / Unknown field.`,
      at,
    );
  }
  if (!field.available) {
    throw listerRefusal(
      'champ_indisponible',
      PARAM,
      `« ${field.name} » est au catalogue mais pas encore servi (source ${field.source}). / Field not available yet.`,
      at,
    );
  }
  if (!field.filterable || !field.read) {
    throw listerRefusal(
      'champ_non_filtrable',
      PARAM,
      `« ${field.name} » est servi mais ne peut pas servir de critère. / Field cannot be filtered on.`,
      at,
    );
  }
  if (!isOperator(op) || !field.operators.includes(op)) {
    throw listerRefusal(
      'operateur_refuse',
      PARAM,
      `Opérateur « ${op.slice(0, 20)} » refusé sur « ${field.name} » ; permis : ${field.operators.join(', ')}. / Operator not allowed on this field.`,
      at,
    );
  }
  const values = readValues(field, op, valeur, at);
  return { field, op, values, echo: { champ, op, valeur } };
}

function readValues(
  field: FieldDefinition,
  op: Operator,
  valeur: unknown,
  at: { indice: number; nom: string },
): (string | number)[] {
  const invalid = (message: string) => listerRefusal('valeur_invalide', PARAM, message, at);
  let raws: unknown[];
  if (op === 'in') {
    if (!Array.isArray(valeur) || valeur.length < 1 || valeur.length > CRITERIA_LIMITS.maxInValues) {
      throw invalid(
        `« in » attend un tableau de 1 à ${CRITERIA_LIMITS.maxInValues} valeurs. / "in" takes an array of 1 to ${CRITERIA_LIMITS.maxInValues} values.`,
      );
    }
    raws = valeur;
  } else if (op === 'entre') {
    if (!Array.isArray(valeur) || valeur.length !== 2) {
      throw invalid('« entre » attend [min, max]. / "entre" takes [min, max].');
    }
    raws = valeur;
  } else {
    if (Array.isArray(valeur) || valeur === null || typeof valeur === 'object') {
      throw invalid(`« ${op} » attend une seule valeur. / "${op}" takes one value.`);
    }
    raws = [valeur];
  }
  const values = raws.map((raw) => {
    const checked = field.read!(raw, { prefix: op === 'commence_par' });
    if (!checked.ok) throw invalid(`« ${field.name} » : ${checked.message}`);
    return checked.value;
  });
  if (op === 'entre' && values[0]! > values[1]!) {
    throw invalid('« entre » : la borne basse dépasse la borne haute. / Lower bound above upper bound.');
  }
  if (field.numericCodesOnly && ['>', '>=', '<', '<='].includes(op) && !/^\d+$/.test(String(values[0]))) {
    throw invalid(
      `« ${field.name} » : une comparaison d’ordre porte sur une tranche numérotée. / Order comparisons take a numbered band.`,
    );
  }
  if (field.name === 'identite.forme') refuseNonLegalPersons(values, op, at);
  return values;
}

/**
 * The list serves legal persons only. Asking for sole proprietors (legal categories 1xxx: natural persons)
 * is refused `personnes_physiques_exclues`; groups without legal personality (2xxx) are refused as values
 * outside the list. A `!=` criterion excludes, so it is never refused.
 */
function refuseNonLegalPersons(
  values: (string | number)[],
  op: Operator,
  at: { indice: number; nom: string },
) {
  if (op === '!=') return;
  for (const v of values.map(String)) {
    if (v.startsWith('1')) {
      throw listerRefusal(
        'personnes_physiques_exclues',
        PARAM,
        `Catégorie juridique ${v} : les entrepreneurs individuels sont des personnes physiques, jamais listées. / Sole proprietorships are natural persons and never listed.`,
        at,
      );
    }
    if (v.startsWith('2')) {
      throw listerRefusal(
        'valeur_invalide',
        PARAM,
        `Catégorie juridique ${v} : groupement sans personnalité morale, hors de la liste des personnes morales. / Groups without legal personality are not listed.`,
        at,
      );
    }
  }
}
