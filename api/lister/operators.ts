/** Operators of the list criteria, as written in `criteres[].op`. Each field allows only those that make sense. */
export const OPERATORS = ['=', '!=', '>', '>=', '<', '<=', 'in', 'entre', 'commence_par'] as const;
export type Operator = (typeof OPERATORS)[number];

export function isOperator(op: unknown): op is Operator {
  return typeof op === 'string' && (OPERATORS as readonly string[]).includes(op);
}

/** What each operator means and what `valeur` it takes, for the catalogue served in OpenAPI. */
export const OPERATOR_MEANINGS: Record<Operator, string> = {
  '=': 'égal à `valeur` (une valeur) / equal to',
  '!=': 'différent de `valeur` (une valeur ; une valeur absente ne correspond pas) / different from (missing never matches)',
  '>': 'strictement supérieur / greater than',
  '>=': 'supérieur ou égal / greater than or equal',
  '<': 'strictement inférieur / less than',
  '<=': 'inférieur ou égal / less than or equal',
  in: 'parmi `valeur`, tableau de 1 à 100 valeurs / one of an array of 1 to 100 values',
  entre: 'entre les bornes incluses `valeur` = [min, max] / between inclusive bounds [min, max]',
  commence_par: 'le code commence par `valeur` (préfixe) / the code starts with the prefix',
};

/** Order comparisons: allowed on ordered types only. */
export const ORDERED: readonly Operator[] = ['=', '!=', '>', '>=', '<', '<=', 'in', 'entre'];
/** Codes: equality, lists and prefixes. */
export const CODE_OPS: readonly Operator[] = ['=', '!=', 'in', 'commence_par'];
/** Closed lists of labels: equality and lists. */
export const ENUM_OPS: readonly Operator[] = ['=', '!=', 'in'];
