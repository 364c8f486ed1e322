import type { EntityRecordedData } from '../../schemas/events/entityEvents.ts';
import type { QualiopiRecord } from '../../schemas/events/frQualiopiEvents.ts';

/** One activity declaration of a training organisation as the read table holds it. */
export interface QualiopiDeclarationRow {
  /** The entity id, `<siren>-<numeroDeclarationActivite>`. */
  id: string;
  siren: string;
  /** `siretEtablissementDeclarant`: the establishment that filed the declaration (not a certified site). */
  siret: string | null;
  nda: string;
  /** `numerosDeclarationActivitePrecedent` as published (an earlier NDA: the organisation changed region). */
  ndas_precedents: string | null;
  /** The four `certifications.*` flags: true, false, or null when the cell is empty. */
  actions_de_formation: boolean | null;
  bilans_de_competences: boolean | null;
  vae: boolean | null;
  apprentissage: boolean | null;
  /** `informationsDeclarees.*` dates, `YYYY-MM-DD` from the published `DD/MM/YYYY`; null when not published. */
  date_derniere_declaration: string | null;
  debut_exercice: string | null;
  fin_exercice: string | null;
  /** The up to three declared specialities, `[{code, libelle}]` as JSON text, in the published order. */
  specialites: string;
  nb_stagiaires: number | null;
  nb_stagiaires_confies: number | null;
  effectif_formateurs: number | null;
}

/** A declaration's row, or null without an id, SIREN or NDA (the ingester sets such rows aside). */
export function qualiopiDeclarationRow(data: EntityRecordedData): QualiopiDeclarationRow | null {
  const r = data.record as QualiopiRecord;
  const siren = r.siren ?? null;
  const nda = r.numeroDeclarationActivite ?? null;
  if (!data.id || !siren || !nda) return null;
  const specialites = [1, 2, 3].flatMap((i) => {
    const code = r[`informationsDeclarees.specialitesDeFormation.codeSpecialite${i}`] ?? null;
    const libelle = r[`informationsDeclarees.specialitesDeFormation.libelleSpecialite${i}`] ?? null;
    return code === null && libelle === null ? [] : [{ code, libelle }];
  });
  return {
    id: data.id,
    siren,
    siret: r.siretEtablissementDeclarant ?? null,
    nda,
    ndas_precedents: r.numerosDeclarationActivitePrecedent ?? null,
    actions_de_formation: flag(r['certifications.actionsDeFormation']),
    bilans_de_competences: flag(r['certifications.bilansDeCompetences']),
    vae: flag(r['certifications.VAE']),
    apprentissage: flag(r['certifications.actionsDeFormationParApprentissage']),
    date_derniere_declaration: isoDate(r['informationsDeclarees.dateDerniereDeclaration']),
    debut_exercice: isoDate(r['informationsDeclarees.debutExercice']),
    fin_exercice: isoDate(r['informationsDeclarees.finExercice']),
    specialites: JSON.stringify(specialites),
    nb_stagiaires: count(r['informationsDeclarees.nbStagiaires']),
    nb_stagiaires_confies: count(r['informationsDeclarees.nbStagiairesConfiesParUnAutreOF']),
    effectif_formateurs: count(r['informationsDeclarees.effectifFormateurs']),
  };
}

function flag(value: string | null | undefined): boolean | null {
  const v = value?.toLowerCase();
  return v === 'true' ? true : v === 'false' ? false : null;
}

/** `DD/MM/YYYY` → `YYYY-MM-DD`; a date already ISO is kept; anything else is null (never guessed at). */
function isoDate(value: string | null | undefined): string | null {
  if (!value) return null;
  const fr = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(value);
  const iso = fr
    ? `${fr[3]}-${fr[2]}-${fr[1]}`
    : /^\d{4}-\d{2}-\d{2}/.test(value)
      ? value.slice(0, 10)
      : null;
  return iso !== null && !Number.isNaN(Date.parse(`${iso}T00:00:00Z`)) ? iso : null;
}

function count(value: string | null | undefined): number | null {
  return value && /^\d{1,9}$/.test(value) ? Number(value) : null;
}
