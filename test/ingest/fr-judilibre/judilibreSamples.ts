import fs from 'node:fs';
import path from 'node:path';
import { JUDILIBRE_RECORDINGS } from '../../../ingest/fr-judilibre/frJudilibreLive.ts';

/** A recorded answer of Judilibre (ingest/fr-judilibre/live/), parsed. */
// biome-ignore lint/suspicious/noExplicitAny: decoded upstream JSON
export function recordedJson(file: string): any {
  return JSON.parse(fs.readFileSync(path.join(JUDILIBRE_RECORDINGS.folder, file), 'utf8'));
}

/** The Court's three sample decisions, as recorded (one file of each). */
export const SAMPLE_DECISIONS = {
  cassation: 'decision_5fca25d9cbbf603303c4ff89.json',
  appel: 'decision_5fca25d9cbbf603303c4ff890ca.json',
  commerce: 'decision_6777e09c42e668db5e0515c2.json',
} as const;

/**
 * People the pseudonymised sample decisions still name (read in their texts): judges, clerks, counsel; the
 * Cour de cassation's presiding judge; and the companies' and parties' names the texts keep.
 */
export const NAMES_IN_SAMPLES = [
  'Gérard TEILLET',
  'TEILLET',
  'Bernard CHALAYER',
  'Stéphane GARNIER',
  'Alix PRINTEMS',
  'Michel FILLARD',
  'David RAJJOU',
  'Sylvie LAVAL',
  'Michel FICAGNA',
  'Alyette FOUCHARD',
  'REAL DEL SARTE',
  'MOUILLARD',
  'Uber France',
  'DIRECTION AUX AFFAIRES SAVOISIENNES',
];

/**
 * Every name above that is in a sample's text (checked: a name the samples do not hold proves nothing), and
 * every line of 30 characters or more of the three texts: what must never reach the log or an answer.
 */
export function privateValuesOfSamples(): string[] {
  const texts = Object.values(SAMPLE_DECISIONS).map((f) => String(recordedJson(f).text));
  const all = texts.join('\n');
  const missing = NAMES_IN_SAMPLES.filter((n) => !all.includes(n));
  if (missing.length > 0) throw new Error(`not in the samples: ${missing.join(', ')}`);
  const lines = texts.flatMap((t) =>
    t
      .split('\n')
      .map((l) => l.trim())
      .filter((l) => l.length >= 30),
  );
  return [...NAMES_IN_SAMPLES, ...lines];
}

/** The access token of the recorded PISTE token answer (live/piste_token_sandbox_recorded.json, SOURCE.txt). */
export const RECORDED_PISTE_TOKEN: string = recordedJson('piste_token_sandbox_recorded.json').access_token;
