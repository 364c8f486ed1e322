import type {
  ConfianceRattachement,
  NatureContentieux,
  RoleContentieux,
} from '../../schemas/enums/contentieux.ts';
import type { JudilibreTie } from '../../schemas/events/frJudilibreEvents.ts';
import { isLuhnValid } from '../../schemas/params/luhn.ts';

/**
 * The readings of a decision's text that decide its tie to a company and its nature. Every function here reads
 * the text and returns a code or a SIREN: none returns a piece of the text.
 */

/** Lower case, accents and typographic variants folded, runs of spaces as one space. */
export function foldText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[’‘`]/g, "'")
    .toLowerCase()
    .replace(/[\s\u00a0\u202f]+/g, ' ');
}

/** A SIREN as a text may write it: 9 digits, in groups of three or not (`552 032 534`, `552.032.534`). */
const SIREN_DIGITS = String.raw`(?<![\d])(\d{3})[ .]?(\d{3})[ .]?(\d{3})(?![\d])`;
/** What introduces a company's number: SIREN, SIRET, RCS, the register's full name, registration. */
const IDENTIFIER_WORDS = String.raw`(?:siren|siret|r\.? ?c\.? ?s\.?|registre du commerce(?: et des societes)?|immatricule\w*|numero unique d'identification)`;

/**
 * The SIRENs a (folded) text writes as a company's: a 9-digit number after SIREN, SIRET, RCS or
 * "immatriculée" (within 60 characters), or just before "RCS" (`552 032 534 RCS Paris`); a SIRET's first nine
 * digits. Luhn-valid only, each with the position of its first mention.
 */
export function companySirensIn(folded: string): Map<string, number> {
  const found = new Map<string, number>();
  const add = (siren: string, at: number) => {
    if (isLuhnValid(siren) && !found.has(siren)) found.set(siren, at);
  };
  const after = new RegExp(`${IDENTIFIER_WORDS}[^\\d]{0,60}?${SIREN_DIGITS}`, 'g');
  for (const m of folded.matchAll(after)) add(`${m[1]}${m[2]}${m[3]}`, m.index);
  const before = new RegExp(`${SIREN_DIGITS}(?:[ .]?\\d{5})?[^\\d]{0,12}r\\.? ?c\\.? ?s\\b`, 'g');
  for (const m of folded.matchAll(before)) add(`${m[1]}${m[2]}${m[3]}`, m.index);
  return found;
}

/** Where a (folded) text writes this SIREN, grouped or not, as a number of its own; -1 when it does not. */
export function sirenPosition(folded: string, siren: string): number {
  const [a, b, c] = [siren.slice(0, 3), siren.slice(3, 6), siren.slice(6)];
  const m = new RegExp(`(?<![\\d])${a}[ .]?${b}[ .]?${c}(?![\\d])`).exec(folded);
  return m ? m.index : -1;
}

/** Words of a company name that do not tell one company from another. */
const GENERIC_WORDS = new Set(
  'societe ste sa sas sasu sarl eurl sci snc sca scs selarl selas scp gie sem scop sem scic cie compagnie et de des du la le les l d en a au aux etablissements ets groupe france holding'.split(
    ' ',
  ),
);

/** What, written just before a name, says it is a company's. */
const COMPANY_BEFORE =
  /(?:societe|ste|sas|sasu|sarl|eurl|sci|snc|selarl|sa|association|groupement|gie|entreprise|etablissements)\s*$/;

/** The significant words of a folded name. */
export const significantWords = (foldedName: string): string[] =>
  foldedName.split(/[^a-z0-9]+/).filter((w) => w.length >= 3 && !GENERIC_WORDS.has(w));

/** Where a folded text writes the folded name as whole words; -1 when it does not. */
export function namePosition(folded: string, foldedName: string): number {
  const escaped = foldedName.trim().replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const m = new RegExp(`(?<![a-z0-9])${escaped}(?![a-z0-9])`).exec(folded);
  return m ? m.index : -1;
}

/** Parties' markers of the side the case was brought against, before the company's first mention. */
const DEFENDANT_BEFORE = /\b(?:contre|defendeu?r(?:esse)?s?|intimee?s?|les opposant|assignee?s?)\b/;
/** Markers of the side that brought the case. */
const CLAIMANT =
  /\b(?:demandeu?r(?:esse)?s?|appelante?s?|requerante?s?|ont forme (?:le|un) pourvoi|a forme (?:le|un) pourvoi)\b/;
/** How much of the text's head is read as the parties' block. */
const PARTIES_BLOCK = 6000;

/**
 * The company's side, from the parties' block (the head of the text): `defendeur` when a marker of the
 * defending side comes before its first mention, `demandeur` when none does and the block names a claimant
 * side, else null.
 */
export function roleAt(folded: string, mentionAt: number): RoleContentieux | null {
  if (mentionAt < 0 || mentionAt > PARTIES_BLOCK) return null;
  const block = folded.slice(0, PARTIES_BLOCK);
  if (DEFENDANT_BEFORE.test(block.slice(0, mentionAt))) return 'defendeur';
  return CLAIMANT.test(block) ? 'demandeur' : null;
}

/**
 * How a decision's text ties it to the company: its SIREN written in it (`certain`), else its registered name
 * written in it (`probable` when written as a company's and made of two significant words or more, else
 * `faible`; never `certain`); null when neither is found, or the name has no significant word.
 */
export function tieOf(
  folded: string,
  company: { siren: string; denomination: string | null },
): JudilibreTie | null {
  const sirenAt = sirenPosition(folded, company.siren);
  if (sirenAt >= 0) {
    return { mode_rattachement: 'siren_dans_le_texte', confiance: 'certain', role: roleAt(folded, sirenAt) };
  }
  const name = company.denomination ? foldText(company.denomination).trim() : '';
  const words = significantWords(name);
  if (words.length === 0) return null;
  const nameAt = namePosition(folded, name);
  if (nameAt < 0) return null;
  const asCompany = COMPANY_BEFORE.test(folded.slice(Math.max(0, nameAt - 25), nameAt).trimEnd());
  const confiance: ConfianceRattachement = asCompany && words.length >= 2 ? 'probable' : 'faible';
  return { mode_rattachement: 'denomination_dans_le_texte', confiance, role: roleAt(folded, nameAt) };
}

const INSOLVENCY =
  /liquidation judiciaire|redressement judiciaire|procedure de sauvegarde|sauvegarde acceleree|procedures? collectives?|entreprises? en difficulte|cessation des paiements|plan de cession/;
const SUMMARY = /\brefere/;
const APPRAISAL = /\bexpertise\b|\bexpert judiciaire\b/;
const PAYMENT = /injonction de payer|\bcondamnation\b/;

/** The nature Judilibre's structured fields say, or null when they say none of the closed list. */
export function natureOfFields(foldedFields: string): NatureContentieux | null {
  if (INSOLVENCY.test(foldedFields)) return 'procedure_collective';
  if (SUMMARY.test(foldedFields)) return 'refere';
  if (APPRAISAL.test(foldedFields)) return 'expertise';
  if (PAYMENT.test(foldedFields)) return 'condamnation_ou_injonction_a_payer';
  return null;
}

/** An order in the operative part that opens or settles an insolvency proceeding. */
const OPENS_INSOLVENCY =
  /\b(?:ouvre|prononce|arrete|converti\w*)\b[^;]{0,120}(?:liquidation judiciaire|redressement judiciaire|procedure de sauvegarde|plan de (?:cession|redressement|sauvegarde))/;
const ORDERS_APPRAISAL =
  /ordonne (?:une|la|avant dire droit une) (?:mesure d'|nouvelle )?expertise|designe [^;]{0,80}en qualite d'expert/;

/**
 * The nature the text says when the structured fields said none: an insolvency judgment by its title (head of
 * the text) or its operative part; summary proceedings by the head; an appraisal ordered, an order to pay, or a
 * conviction to pay in the operative part (costs alone, article 700 and `dépens`, are not one); else
 * `autre_litige`.
 */
export function natureOfText(foldedHead: string, foldedOperative: string): NatureContentieux {
  if (INSOLVENCY.test(foldedHead) || OPENS_INSOLVENCY.test(foldedOperative)) return 'procedure_collective';
  if (SUMMARY.test(foldedHead)) return 'refere';
  if (/injonction de payer/.test(foldedHead) || /injonction de payer/.test(foldedOperative)) {
    return 'condamnation_ou_injonction_a_payer';
  }
  if (ORDERS_APPRAISAL.test(foldedOperative)) return 'expertise';
  // One order per clause: the operative part separates them by semicolons (a full stop may close `MM. Y...`).
  const pays = foldedOperative
    .split(';')
    .some(
      (s) => /condamne[^;]{0,160}\ba (?:payer|verser|rembourser)\b/.test(s) && !/article 700|depens/.test(s),
    );
  return pays ? 'condamnation_ou_injonction_a_payer' : 'autre_litige';
}
