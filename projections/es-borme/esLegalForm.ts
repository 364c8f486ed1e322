/**
 * The legal form of a Spanish company as the end of its name in BORME says it (`VERAJERTE SL.`): the
 * abbreviations of the Ley de Sociedades de Capital and of the other commercial forms. A name without one is
 * undecided (it may be a sole trader's or a foreign entity's): never served by name.
 */
const FORMS: readonly (readonly [RegExp, string, string])[] = [
  [/\bS\.?\s?L\.?\s?U\.?$/, 'SLU', 'Sociedad de responsabilidad limitada unipersonal'],
  [/\bS\.?\s?A\.?\s?U\.?$/, 'SAU', 'Sociedad anónima unipersonal'],
  [/\bS\.?\s?L\.?\s?L\.?$/, 'SLL', 'Sociedad limitada laboral'],
  [/\bS\.?\s?A\.?\s?L\.?$/, 'SAL', 'Sociedad anónima laboral'],
  [/\bS\.?\s?L\.?\s?P\.?$/, 'SLP', 'Sociedad limitada profesional'],
  [/\bS\.?\s?A\.?\s?P\.?$/, 'SAP', 'Sociedad anónima profesional'],
  [/\bS\.?\s?L\.?\s?N\.?\s?E\.?$/, 'SLNE', 'Sociedad limitada nueva empresa'],
  [/\bS\.?\s?R\.?\s?L\.?$/, 'SRL', 'Sociedad de responsabilidad limitada'],
  [/\bS\.?\s?COOP\.?(\s?[A-Z]+\.?)?$/, 'SCOOP', 'Sociedad cooperativa'],
  [/\bA\.?\s?I\.?\s?E\.?$/, 'AIE', 'Agrupación de interés económico'],
  [/\bS\.?\s?L\.?$/, 'SL', 'Sociedad de responsabilidad limitada'],
  [/\bS\.?\s?A\.?$/, 'SA', 'Sociedad anónima'],
  [/\bSOCIEDAD LIMITADA$/, 'SL', 'Sociedad de responsabilidad limitada'],
  [/\bSOCIEDAD ANONIMA$/, 'SA', 'Sociedad anónima'],
];

export function esLegalForm(name: string): { code: string; libelle: string } | null {
  const trimmed = name.trim().replace(/\.$/, '');
  for (const [re, code, libelle] of FORMS) if (re.test(trimmed)) return { code, libelle };
  return null;
}
