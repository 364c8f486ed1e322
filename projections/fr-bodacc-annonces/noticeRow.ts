import { noticeSirens, parseJsonMember } from '../../schemas/records/noticeSirens.ts';
import { normaliseFrenchDate } from './frenchDate.ts';
import { repairedOrNull } from './repairMojibake.ts';

/** The judgment of a collective-procedure notice, reduced to what names no one (no `complementJugement`). */
export interface JudgmentFacts {
  type: string | null;
  famille: string | null;
  nature: string | null;
  /** As published, normalised to YYYY-MM-DD, or null when unreadable. */
  date: string | null;
}

/** What the read model keeps of a notice: no person list, no free text, no name of a natural person. */
export interface NoticeRow {
  id: string;
  publication: string | null;
  parution: string | null;
  date_parution: string | null;
  numero_annonce: number | null;
  type_avis: string | null;
  famille: string | null;
  famille_libelle: string | null;
  tribunal: string | null;
  jugement: JudgmentFacts | null;
  radiation_commentaire: string | null;
  /** Id of the notice this one corrects or cancels (`parutionavisprecedent`). */
  precedent_id: string | null;
  /** True when this notice takes the earlier one back without replacing it (annulation and its equivalents). */
  annule_precedent: boolean;
}

/**
 * The bindings of a notice's facts, in the column order both notice tables declare them: `type_avis, famille,
 * famille_libelle, tribunal, jugement (jsonb), radiation_commentaire, precedent_id, annule_precedent`.
 */
export const noticeFactsBindings = (row: NoticeRow) => [
  row.type_avis,
  row.famille,
  row.famille_libelle,
  row.tribunal,
  row.jugement ? JSON.stringify(row.jugement) : null,
  row.radiation_commentaire,
  row.precedent_id,
  row.annule_precedent,
];

export interface NoticeCompany {
  siren: string;
  /** The company's name as the notice gives it for a legal person (`typePersonne` `pm`); never a person's name. */
  denomination: string | null;
}

export function noticeRowOf(id: string, record: Record<string, unknown>): NoticeRow {
  const jugement = judgmentOf(record.jugement);
  const radiation = parseJsonMember(record.radiationaurcs) as { commentaire?: unknown } | null;
  const radiationComment = repairedOrNull(radiation?.commentaire);
  const typeAvis = textOf(record.typeavis);
  const precedent = precedentIdOf(record.parutionavisprecedent);
  return {
    id,
    publication: textOf(record.publicationavis),
    parution: textOf(record.parution),
    date_parution: normaliseFrenchDate(record.dateparution),
    numero_annonce: integerOf(record.numeroannonce),
    type_avis: typeAvis,
    famille: textOf(record.familleavis),
    famille_libelle: repairedOrNull(record.familleavis_lib),
    tribunal: repairedOrNull(record.tribunal),
    jugement,
    radiation_commentaire: radiationComment,
    precedent_id: precedent,
    annule_precedent:
      precedent !== null &&
      (typeAvis === 'annulation' ||
        /r[ée]tractation sur tierce opposition/i.test(jugement?.famille ?? '') ||
        (typeAvis === 'rectificatif' && /rapport de radiation d.office/i.test(radiationComment ?? ''))),
  };
}

/** The companies of a notice, each with its legal-person name when `listepersonnes` gives one. */
export function noticeCompaniesOf(record: Record<string, unknown>): NoticeCompany[] {
  const names = new Map<string, string>();
  const parsed = parseJsonMember(record.listepersonnes) as { personne?: unknown } | null;
  const personne = parsed?.personne;
  const persons = (Array.isArray(personne) ? personne : personne ? [personne] : []) as Record<
    string,
    unknown
  >[];
  for (const p of persons) {
    if (p?.typePersonne !== 'pm') continue;
    const number = (p.numeroImmatriculation as { numeroIdentification?: unknown } | undefined)
      ?.numeroIdentification;
    const denomination = repairedOrNull(p.denomination);
    if (typeof number !== 'string' || !denomination) continue;
    names.set(number.replace(/\D/g, ''), denomination);
  }
  return noticeSirens(record).map((siren) => ({ siren, denomination: names.get(siren) ?? null }));
}

function judgmentOf(value: unknown): JudgmentFacts | null {
  const j = parseJsonMember(value) as Record<string, unknown> | null;
  if (!j || typeof j !== 'object') return null;
  return {
    type: textOf(j.type),
    famille: repairedOrNull(j.famille),
    nature: repairedOrNull(j.nature),
    date: normaliseFrenchDate(j.date),
  };
}

/** `{"nomPublication": "BODACC A", "numeroParution": "20220100", "numeroAnnonce": "12"}` → `A2022010012`. */
function precedentIdOf(value: unknown): string | null {
  let p = parseJsonMember(value) as Record<string, unknown> | Record<string, unknown>[] | null;
  if (Array.isArray(p)) p = p[0] ?? null;
  if (!p || typeof p !== 'object') return null;
  const letter = String(p.nomPublication ?? '')
    .trim()
    .split(/\s+/)
    .pop()
    ?.toUpperCase();
  const parution = String(p.numeroParution ?? '').trim();
  const annonce = String(p.numeroAnnonce ?? '').trim();
  if (!letter || !/^[A-C]$/.test(letter) || !/^\d+$/.test(parution) || !/^\d+$/.test(annonce)) return null;
  return `${letter}${parution}${Number(annonce)}`;
}

function textOf(value: unknown): string | null {
  if (typeof value !== 'string' && typeof value !== 'number') return null;
  const t = String(value).trim();
  return t === '' ? null : t;
}

function integerOf(value: unknown): number | null {
  const n = typeof value === 'number' ? value : typeof value === 'string' ? Number(value) : Number.NaN;
  return Number.isInteger(n) ? n : null;
}
