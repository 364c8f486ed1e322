import type { Knex } from 'knex';
import { QUALIOPI_DECLARATIONS_TABLE } from '../../../projections/fr-qualiopi/qualiopiProjection.ts';
import { RGE_QUALIFICATIONS_TABLE } from '../../../projections/fr-rge/rgeProjection.ts';
import { RAISONS_BLOC_ABSENT } from '../../../schemas/enums/blocAbsent.ts';
import { absentBlock, type BlockReading, served } from '../entreprise/blockReading.ts';

/**
 * `agrements` has no route of its own: $0.01, the price of the dossier's other blocks read from one local
 * copy for the whole company (`finances`, `marches_publics`), for every qualification and declaration.
 */
export const AGREMENTS_PRICE = 10_000;

/**
 * The lists the block reads: public lists of approvals or certifications a State body publishes with the
 * holder's SIRET or SIREN, complete and downloadable, each naming what the holder may do that others may not:
 * RGE (ADEME; public energy-renovation aid needs it) and Qualiopi (DGEFP's public list of training
 * organisations, L.6351-7-1 du Code du travail; public or pooled training funds need the certification).
 * Lists that may join later, not examined in depth here: Agence Bio's organic operators, the ESUS approval,
 * the « entrepreneur de spectacles » licences. The Carif-Oref API QuiForme (Qualiopi per establishment) is
 * access-controlled (DataPass), not a public copy: the DGEFP's file is its public source.
 */
export const AGREMENTS_LISTES = ['rge', 'qualiopi'] as const;

/**
 * The dossier's `agrements` block: the RGE qualifications of the company's establishments (SIRET → SIREN),
 * by establishment, then end date (latest first), then code, `en_cours` from the end date (UTC), null when
 * the line publishes none; and the company's training-organisation declarations (by SIREN) with their
 * Qualiopi certifications, by declaration number. The RGE list's contact members and the training list's
 * name and addresses never reach the log, let alone the answer. Nothing in either (complete) copy: absent
 * `aucune_donnee`, not charged, as `finances`.
 */
export async function readAgrementsBlock(
  knex: Knex,
  siren: string,
  today = new Date().toISOString().slice(0, 10),
): Promise<BlockReading<Record<string, unknown>>> {
  const [rows, declarations] = await Promise.all([
    knex(RGE_QUALIFICATIONS_TABLE)
      .where({ siren })
      .orderBy([
        { column: 'siret' },
        { column: 'fin', order: 'desc', nulls: 'last' },
        { column: 'code_qualification' },
      ]) as Promise<Record<string, unknown>[]>,
    readQualiopiDeclarations(knex, siren),
  ]);
  if (rows.length === 0 && declarations.length === 0) {
    return absentBlock({
      bloc: 'agrements',
      raison: 'aucune_donnee',
      message: RAISONS_BLOC_ABSENT.find((r) => r.code === 'aucune_donnee')!.signification,
    });
  }
  const qualifications = rows.map((r) => ({
    siret: r.siret,
    code_qualification: r.code_qualification,
    nom_qualification: r.nom_qualification,
    nom_certificat: r.nom_certificat,
    organisme: r.organisme,
    domaine: r.domaine,
    meta_domaine: r.meta_domaine,
    debut: r.debut,
    fin: r.fin,
    en_cours: typeof r.fin === 'string' ? r.fin >= today : null,
    travaille_pour_particuliers: r.particulier,
    url_qualification: r.url_qualification,
  }));
  return served(
    {
      siren,
      nombre: qualifications.length + declarations.length,
      listes_couvertes: [...AGREMENTS_LISTES],
      rge: {
        nombre_qualifications: qualifications.length,
        nombre_etablissements: new Set(rows.map((r) => r.siret)).size,
        qualifications,
      },
      qualiopi: {
        nombre_declarations: declarations.length,
        nombre_certifiees: declarations.filter((d) => d.certifie_qualiopi).length,
        declarations,
      },
      note: AGREMENTS_NOTE,
    },
    [],
  );
}

/**
 * The company's declarations as the block serves them, by declaration number. `certifie_qualiopi`: at least
 * one certification flag is true (the DGEFP's reading of its own list).
 */
async function readQualiopiDeclarations(knex: Knex, siren: string) {
  const rows = (await knex(QUALIOPI_DECLARATIONS_TABLE).where({ siren }).orderBy('nda')) as Record<
    string,
    unknown
  >[];
  return rows.map((r) => {
    const certifications = {
      actions_de_formation: r.actions_de_formation as boolean | null,
      bilans_de_competences: r.bilans_de_competences as boolean | null,
      vae: r.vae as boolean | null,
      actions_de_formation_par_apprentissage: r.apprentissage as boolean | null,
    };
    return {
      numero_declaration_activite: r.nda,
      numeros_declaration_precedents: r.ndas_precedents,
      siret_declarant: r.siret,
      certifie_qualiopi: Object.values(certifications).some((v) => v === true),
      certifications,
      date_derniere_declaration: r.date_derniere_declaration,
      debut_exercice: r.debut_exercice,
      fin_exercice: r.fin_exercice,
      specialites: JSON.parse(String(r.specialites)) as { code: string | null; libelle: string | null }[],
      nombre_stagiaires: r.nb_stagiaires,
      nombre_stagiaires_confies_par_un_autre_of: r.nb_stagiaires_confies,
      effectif_formateurs: r.effectif_formateurs,
    };
  });
}

export const AGREMENTS_NOTE =
  'Listes lues : RGE (ADEME) et la liste publique des organismes de formation (DGEFP), avec leurs certifications Qualiopi ; être déclaré organisme de formation ne vaut pas agrément de l’État, seule une certification vaut Qualiopi. / Lists read: RGE (ADEME) and the DGEFP public list of training organisations with their Qualiopi certifications; a declaration alone is not an approval.';
