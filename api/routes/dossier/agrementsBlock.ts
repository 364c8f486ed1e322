import type { Knex } from 'knex';
import { RGE_QUALIFICATIONS_TABLE } from '../../../projections/fr-rge/rgeProjection.ts';
import { RAISONS_BLOC_ABSENT } from '../../../schemas/enums/blocAbsent.ts';
import { absentBlock, type BlockReading, served } from '../entreprise/blockReading.ts';

/**
 * `agrements` has no route of its own: $0.01, the price of the dossier's other blocks read from one local
 * copy for the whole company (`finances`, `marches_publics`), for every qualification of every establishment.
 */
export const AGREMENTS_PRICE = 10_000;

/** The lists the block reads today. Qualiopi (DGEFP's public list of training organisations) comes next. */
export const AGREMENTS_LISTES = ['rge'] as const;

/**
 * The dossier's `agrements` block: the RGE qualifications of the company's establishments (SIRET → SIREN),
 * by establishment, then end date (latest first), then code. `en_cours`: the end date is today or later
 * (UTC), null when the line publishes no end date. The contact members of the list (name, phone, e-mail,
 * website, address) never reach the log, let alone the answer. No qualification in the (complete) copy:
 * absent `aucune_donnee`, not charged, as `finances`.
 */
export async function readAgrementsBlock(
  knex: Knex,
  siren: string,
  today = new Date().toISOString().slice(0, 10),
): Promise<BlockReading<Record<string, unknown>>> {
  const rows = (await knex(RGE_QUALIFICATIONS_TABLE)
    .where({ siren })
    .orderBy([
      { column: 'siret' },
      { column: 'fin', order: 'desc', nulls: 'last' },
      { column: 'code_qualification' },
    ])) as Record<string, unknown>[];
  if (rows.length === 0) {
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
      nombre: qualifications.length,
      listes_couvertes: [...AGREMENTS_LISTES],
      rge: {
        nombre_qualifications: qualifications.length,
        nombre_etablissements: new Set(rows.map((r) => r.siret)).size,
        qualifications,
      },
      note: AGREMENTS_NOTE,
    },
    [],
  );
}

export const AGREMENTS_NOTE =
  'RGE seulement pour l’instant (liste ADEME des entreprises RGE) ; la liste publique des organismes de formation (Qualiopi, DGEFP) viendra ensuite. / RGE only for now; the DGEFP public list of training organisations (Qualiopi) comes next.';
