import type { Knex } from 'knex';
import { HATVP_ORGANISATIONS_TABLE } from '../../../projections/fr-hatvp/hatvpProjection.ts';
import type { HatvpExerciceRow } from '../../../projections/fr-hatvp/hatvpRow.ts';
import { RAISONS_BLOC_ABSENT } from '../../../schemas/enums/blocAbsent.ts';
import { absentBlock, type BlockReading, served } from '../entreprise/blockReading.ts';

/**
 * `lobbying` has no route of its own: $0.01, the price of the dossier's other blocks read from one local copy
 * for the whole company (`finances`, `agrements`), for every exercise of the organisation.
 */
export const LOBBYING_PRICE = 10_000;

/** The HATVP's public page of an organisation of the register. */
const FICHE_URL = 'https://www.hatvp.fr/fiche-organisation/?organisation=';

/**
 * The dossier's `lobbying` block: the organisation registered in the HATVP register of interest representatives
 * under the company's SIREN, its yearly exercises (latest first) with the spending and turnover bands exactly as
 * published, and each exercise's activities (object, domains). Organisation data only: the register's
 * dirigeants, collaborateurs, clients, contacts and the officials met never reach the log, let alone the answer.
 * Not registered in the (complete) copy: absent `aucune_donnee`, not charged, as `agrements`.
 */
export async function readLobbyingBlock(
  knex: Knex,
  siren: string,
): Promise<BlockReading<Record<string, unknown>>> {
  const rows = (await knex(HATVP_ORGANISATIONS_TABLE).where({ id: siren })) as Record<string, unknown>[];
  if (rows.length === 0) {
    return absentBlock({
      bloc: 'lobbying',
      raison: 'aucune_donnee',
      message: RAISONS_BLOC_ABSENT.find((r) => r.code === 'aucune_donnee')!.signification,
    });
  }
  const organisations = rows.map(organisationOf);
  return served({ siren, nombre: organisations.length, organisations, note: LOBBYING_NOTE }, []);
}

function organisationOf(r: Record<string, unknown>) {
  const exercices = jsonList<HatvpExerciceRow>(r.exercices);
  return {
    identifiant_national: r.id,
    denomination: r.denomination,
    nom_usage: r.nom_usage,
    sigle: r.sigle,
    categorie: { code: r.categorie_code, libelle: r.categorie_libelle, groupe: r.categorie_groupe },
    adresse: { adresse: r.adresse, code_postal: r.code_postal, ville: r.ville, pays: r.pays },
    site_web: r.site_web,
    date_premiere_publication: r.date_premiere_publication,
    date_derniere_publication_activite: r.date_derniere_publication_activite,
    date_cessation: r.date_cessation,
    motif_desinscription: r.motif_desinscription,
    inscrite: r.date_cessation === null,
    secteurs_activite: jsonList<string>(r.secteurs_activite),
    niveaux_intervention: jsonList<string>(r.niveaux_intervention),
    fiche_hatvp: `${FICHE_URL}${r.id}`,
    nombre_exercices: exercices.length,
    nombre_activites_publiees: exercices.reduce((n, e) => n + e.activites.length, 0),
    domaines_intervention: domainsOf(exercices),
    exercices,
  };
}

/** Each domain of intervention with the number of published activities naming it, the most named first. */
function domainsOf(exercices: readonly HatvpExerciceRow[]): { domaine: string; nombre_activites: number }[] {
  const counts = new Map<string, number>();
  for (const e of exercices) {
    for (const a of e.activites) {
      for (const d of new Set(a.domaines_intervention)) counts.set(d, (counts.get(d) ?? 0) + 1);
    }
  }
  return [...counts]
    .map(([domaine, nombre_activites]) => ({ domaine, nombre_activites }))
    .sort((a, b) => b.nombre_activites - a.nombre_activites || a.domaine.localeCompare(b.domaine));
}

/** A jsonb column: PostgreSQL hands it parsed, PGlite too; a text copy is parsed here. */
function jsonList<T>(value: unknown): T[] {
  const parsed = typeof value === 'string' ? JSON.parse(value) : value;
  return Array.isArray(parsed) ? (parsed as T[]) : [];
}

export const LOBBYING_NOTE =
  'Répertoire des représentants d’intérêts de la HATVP : données de l’organisation seulement (ni dirigeants, ni collaborateurs, ni clients, ni responsables publics rencontrés). Les montants sont les tranches publiées. Seules les inscriptions sous SIREN sont servies (pas celles sous numéro RNA ou HATVP). / HATVP register of interest representatives: organisation data only; amounts are the published bands; only registrations under a SIREN are served.';
