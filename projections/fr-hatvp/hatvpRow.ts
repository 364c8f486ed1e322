import type { EntityRecordedData } from '../../schemas/events/entityEvents.ts';
import type { HatvpRecord } from '../../schemas/events/frHatvpEvents.ts';

/** One activity (fiche) of an exercise, as served: its object and domains, never the officials met. */
export interface HatvpActiviteRow {
  identifiant_fiche: string | null;
  objet: string | null;
  domaines_intervention: string[];
  date_publication: string | null;
}

/** One yearly exercise, as served: the bands exactly as published (`montantDepense`, `chiffreAffaire`). */
export interface HatvpExerciceRow {
  exercice_id: number | null;
  debut: string | null;
  fin: string | null;
  /** `montantDepense`: the band of lobbying spending as published (« < 10 000 euros »); null if not declared. */
  montant_depense: string | null;
  /** `chiffreAffaire`: the turnover band as published; null if not declared. */
  chiffre_affaires: string | null;
  nombre_salaries: number | null;
  /** `nombreActivite`: the activities the organisation declared for the exercise. */
  nombre_activites_declarees: number | null;
  /** `noActivite`: the organisation declared it had no activity. */
  aucune_activite: boolean | null;
  /** `defautDeclaration`: the HATVP records the exercise's declaration as missing. */
  defaut_declaration: boolean | null;
  date_publication: string | null;
  activites: HatvpActiviteRow[];
}

/** One registered organisation as the read table holds it (its columns are the block's members). */
export interface HatvpOrganisationRow {
  /** The entity id: the SIREN. */
  id: string;
  denomination: string | null;
  nom_usage: string | null;
  sigle: string | null;
  categorie_code: string | null;
  categorie_libelle: string | null;
  categorie_groupe: string | null;
  adresse: string | null;
  code_postal: string | null;
  ville: string | null;
  pays: string | null;
  site_web: string | null;
  date_premiere_publication: string | null;
  date_derniere_publication_activite: string | null;
  date_cessation: string | null;
  motif_desinscription: string | null;
  secteurs_activite: string[];
  niveaux_intervention: string[];
  /** Latest exercise first. */
  exercices: HatvpExerciceRow[];
}

/** An organisation's row, or null without an id. */
export function hatvpOrganisationRow(data: EntityRecordedData): HatvpOrganisationRow | null {
  if (!data.id) return null;
  const r = data.record as HatvpRecord;
  const categorie = objectOf(r.categorieOrganisation);
  const activites = objectOf(r.activites);
  return {
    id: data.id,
    denomination: text(r.denomination),
    nom_usage: text(r.nomUsage) ?? text(r.nomUsageHatvp),
    sigle: text(r.sigleHatvp),
    categorie_code: text(categorie.code),
    categorie_libelle: text(categorie.label),
    categorie_groupe: text(categorie.categorie),
    adresse: text(r.adresse),
    code_postal: text(r.codePostal),
    ville: text(r.ville),
    pays: text(r.pays),
    site_web: text(r.lienSiteWeb),
    date_premiere_publication: hatvpDate(r.datePremierePublication),
    date_derniere_publication_activite: hatvpDate(r.dateDernierePublicationActivite),
    date_cessation: hatvpDate(r.dateCessation),
    motif_desinscription: text(r.motifDesinscription),
    secteurs_activite: labels(activites.listSecteursActivites),
    niveaux_intervention: labels(activites.listNiveauIntervention),
    exercices: listOf(r.exercices)
      .map((e) => exerciceRow(objectOf(objectOf(e).publicationCourante)))
      .sort(
        (a, b) => (b.debut ?? '').localeCompare(a.debut ?? '') || (b.exercice_id ?? 0) - (a.exercice_id ?? 0),
      ),
  };
}

function exerciceRow(e: Record<string, unknown>): HatvpExerciceRow {
  return {
    exercice_id: integer(e.exerciceId),
    debut: hatvpDate(e.dateDebut),
    fin: hatvpDate(e.dateFin),
    montant_depense: text(e.montantDepense),
    chiffre_affaires: text(e.chiffreAffaire),
    nombre_salaries: integer(e.nombreSalaries),
    nombre_activites_declarees: integer(e.nombreActivite),
    aucune_activite: bool(e.noActivite),
    defaut_declaration: bool(e.defautDeclaration),
    date_publication: hatvpDate(e.publicationDate),
    activites: listOf(e.activites)
      .map((a) => activiteRow(objectOf(objectOf(a).publicationCourante)))
      .sort(
        (a, b) =>
          (b.date_publication ?? '').localeCompare(a.date_publication ?? '') ||
          (a.identifiant_fiche ?? '').localeCompare(b.identifiant_fiche ?? ''),
      ),
  };
}

function activiteRow(a: Record<string, unknown>): HatvpActiviteRow {
  return {
    identifiant_fiche: text(a.identifiantFiche),
    objet: text(a.objet),
    domaines_intervention: listOf(a.domainesIntervention)
      .map(text)
      .filter((d) => d !== null),
    date_publication: hatvpDate(a.publicationDate),
  };
}

const DAY_FIRST = /^(\d{2})[/-](\d{2})[/-](\d{4})(?:\D|$)/;
const YEAR_FIRST = /^(\d{4})-(\d{2})-(\d{2})(?:\D|$)/;

/**
 * A date of the file as `YYYY-MM-DD` (the day as published, Paris time): `DD/MM/YYYY HH:MM:SS` (publication
 * dates), `DD-MM-YYYY` (exercise bounds) or an ISO date; null when absent or unreadable.
 */
export function hatvpDate(value: unknown): string | null {
  const t = text(value);
  if (!t) return null;
  const dayFirst = DAY_FIRST.exec(t);
  const [y, m, d] = dayFirst
    ? [dayFirst[3]!, dayFirst[2]!, dayFirst[1]!]
    : (YEAR_FIRST.exec(t)?.slice(1, 4) ?? []);
  if (!y || !m || !d || Number(m) < 1 || Number(m) > 12 || Number(d) < 1 || Number(d) > 31) return null;
  return `${y}-${m}-${d}`;
}

function labels(list: unknown): string[] {
  return listOf(list)
    .map((item) => text(objectOf(item).label))
    .filter((l) => l !== null);
}

function text(value: unknown): string | null {
  if (typeof value !== 'string' && typeof value !== 'number') return null;
  const t = String(value).trim();
  return t === '' ? null : t;
}

function integer(value: unknown): number | null {
  const t = text(value);
  return t && /^\d+$/.test(t) ? Number(t) : null;
}

function bool(value: unknown): boolean | null {
  return typeof value === 'boolean' ? value : null;
}

function listOf(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}

function objectOf(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
}
